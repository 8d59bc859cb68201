import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TagChips } from './TagChips';

describe('TagChips', () => {
  const tags = [
    { id: 1, name: 'VIP', color: '#f59e0b' },
    { id: 2, name: 'Colour client', color: '#8b5cf6' },
  ];

  it('writes every tag by name and renders nothing without tags', () => {
    const { container, rerender } = render(<TagChips tags={tags} />);
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toContain('VIP');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<TagChips tags={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('removes a tag with its own named button', async () => {
    const onRemove = vi.fn();
    render(<TagChips tags={tags} onRemove={onRemove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the tag Colour client' }));
    expect(onRemove).toHaveBeenCalledWith(tags[1]);
  });
});
