import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Drawer } from './Drawer';

describe('Drawer', () => {
  it('is a named dialog that closes by its button and by Escape', async () => {
    const onClose = vi.fn();
    render(
      <Drawer open onClose={onClose} title="Schedule activity">
        <p>Inside</p>
      </Drawer>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Schedule activity' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close Schedule activity' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
