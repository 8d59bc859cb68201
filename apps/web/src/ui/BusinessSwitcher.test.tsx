import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BusinessSwitcher } from './BusinessSwitcher';

const businesses = [
  { id: 12, name: 'Luxe Los Angeles', detail: 'America/Los_Angeles' },
  { id: 13, name: 'Luxe Denver', detail: 'America/Denver' },
  { id: 14, name: 'Luxe Mexico City', detail: 'America/Mexico_City' },
];

describe('BusinessSwitcher', () => {
  it('is labelled "Business" and shows the current business', () => {
    render(<BusinessSwitcher businesses={businesses} value={13} onChange={() => undefined} />);
    // Browsers name it "Business Luxe Denver" (label, then its own text); jsdom stops at the label.
    const button = screen.getByRole('button', { name: /^Business/ });
    expect(button.getAttribute('aria-labelledby')?.split(' ')).toContain(button.id);
    expect(button.textContent).toContain('Luxe Denver');
  });

  it('is usable from the keyboard alone', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<BusinessSwitcher businesses={businesses} value={12} onChange={onChange} />);
    screen.getByRole('button', { name: /Business/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(14);
  });
});
