import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Modal } from './Modal';

describe('Modal', () => {
  it('is a named dialog with its description, closed by Escape when it may be', async () => {
    const onClose = vi.fn();
    render(<Modal open title="Preview Website" description="Please wait... Your website will be ready in few minutes." onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Preview Website' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('an alertdialog without onClose waits for a choice', async () => {
    const onStay = vi.fn();
    render(<Modal open role="alertdialog" title="No Business Permission" actions={<Button onClick={onStay}>Stay in current business</Button>} />);
    expect(await screen.findByRole('alertdialog', { name: 'No Business Permission' })).toBeTruthy();
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay in current business' }));
    expect(onStay).toHaveBeenCalled();
  });
});
