import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MediaGrid } from './MediaGrid';

const items = [
  { id: 1, name: 'Ava Bennett', thumbUrl: '/a.webp', tags: ['Staff'], usedIn: ['Staff photo: Ava B.'] },
  { id: 2, name: 'Window', thumbUrl: '/b.webp', tags: [], usedIn: [] },
];

describe('MediaGrid', () => {
  it('names each image with where it is used, and chooses it by keyboard', async () => {
    const onChoose = vi.fn();
    render(<MediaGrid label="Images" items={items} onChoose={onChoose} />);
    expect(screen.getByRole('list', { name: 'Images' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Ava Bennett, used in Staff photo: Ava B.' })).toBeTruthy();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith(2);
    expect(screen.getByText('No tags')).toBeTruthy();
  });

  it('marks the chosen image pressed in a picker', () => {
    render(<MediaGrid label="Choose a photo" verb="Choose" items={items} selectedId={2} onChoose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Choose Window' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /Choose Ava Bennett/ }).getAttribute('aria-pressed')).toBe('false');
  });
});
