import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FigureLabel } from './FigureLabel';

const MEANING = 'Gross sales less the refunds made in the same period.';

describe('FigureLabel', () => {
  it('names the figure and describes it with its meaning', () => {
    render(<FigureLabel label="Net sales" meaning={MEANING} />);
    const label = screen.getByRole('button', { name: 'Net sales' });
    // Its description is the meaning, even while the tooltip is not shown.
    expect(document.getElementById(label.getAttribute('aria-describedby') ?? '')?.textContent).toBe(MEANING);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the meaning on keyboard focus and hides it with Escape or when focus leaves', async () => {
    const user = userEvent.setup();
    render(
      <>
        <FigureLabel label="Net sales" meaning={MEANING} />
        <button type="button">Next</button>
      </>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Net sales' }));
    expect(screen.getByRole('tooltip').textContent).toBe(MEANING);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab({ shift: true });
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the meaning while the pointer is over the label', async () => {
    const user = userEvent.setup();
    render(<FigureLabel label="Tickets" meaning="Completed tickets." />);
    await user.hover(screen.getByRole('button', { name: 'Tickets' }));
    expect(screen.getByRole('tooltip').textContent).toBe('Completed tickets.');
    await user.unhover(screen.getByRole('button', { name: 'Tickets' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
