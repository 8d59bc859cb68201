import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './FormDialog';
import { TextField } from './TextField';

describe('FormDialog', () => {
  it('sends its form by Enter or the submit button, never by the browser; Cancel closes', async () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(
      <FormDialog title="Rename" submitLabel="Rename" onSubmit={onSubmit} onClose={onClose}>
        <TextField label="Name" defaultValue="Color services" />
      </FormDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Name'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0].defaultPrevented).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("reads the server's refusal out, and holds Escape while sending if told to", async () => {
    const onClose = vi.fn();
    render(
      <FormDialog role="alertdialog" holdWhilePending pending title="Delete ticket #3?" submitLabel="Delete ticket" submitVariant="danger" error="Closed day" onSubmit={() => undefined} onClose={onClose}>
        <TextField label="Reason" />
      </FormDialog>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete ticket #3?' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Closed day');
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
