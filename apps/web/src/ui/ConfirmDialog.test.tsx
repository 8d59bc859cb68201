import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it('is a named alertdialog: the action first, then the safe answer; Escape answers no', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog title="Delete Spring promo?" description="Nothing was sent." confirmLabel="Delete" onConfirm={onConfirm} onClose={onClose} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Spring promo?' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Delete', 'Keep it']);
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('puts the safe answer first when asked, with its own words', async () => {
    const onClose = vi.fn();
    render(<ConfirmDialog first="cancel" title="Clear drafts?" confirmLabel="Clear drafts" cancelLabel="Keep drafts" onConfirm={() => undefined} onClose={onClose} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear drafts?' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Keep drafts', 'Clear drafts']);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Keep drafts' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('holds the safe answer and Escape while the action is sent, if told to', async () => {
    const onClose = vi.fn();
    render(<ConfirmDialog holdWhilePending pending title="Retire Acme?" confirmLabel="Retire" cancelLabel="Cancel" onConfirm={() => undefined} onClose={onClose} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Retire Acme?' });
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Retire' }).getAttribute('aria-busy')).toBe('true');
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers no action while it cannot be taken', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmDialog confirmDisabled title="Erase?" confirmLabel="Erase personal data" onConfirm={onConfirm} onClose={() => undefined} />);
    const button = within(await screen.findByRole('alertdialog', { name: 'Erase?' })).getByRole('button', { name: 'Erase personal data' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
