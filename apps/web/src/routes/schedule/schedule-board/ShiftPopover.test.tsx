import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type RepeatChoice, ShiftPopover } from './ShiftPopover';

const days = [
  { key: '2025-06-02', label: 'Mon 2' },
  { key: '2025-06-03', label: 'Tue 3' },
  { key: '2025-06-04', label: 'Wed 4' },
];
const staff = [
  { id: 1, name: 'Ava Bennett' },
  { id: 2, name: 'Noah Diaz' },
];

function setup() {
  const props = {
    onClose: vi.fn(),
    onEdit: vi.fn(),
    onRemove: vi.fn(),
    onCopy: vi.fn(),
    onRepeat: vi.fn(),
  };
  render(
    <ShiftPopover
      open
      anchor={null}
      title="Ava Bennett, Mon Jun 2"
      detail="09:00–13:00 · draft"
      onClose={props.onClose}
      onEdit={props.onEdit}
      onRemove={props.onRemove}
      copy={{
        days,
        staff,
        day: '2025-06-02',
        staffId: 1,
        // Every day × staff member but the shift's own place.
        preview: (d, s) => {
          const count = d.length * s.length - (d.includes('2025-06-02') && s.includes(1) ? 1 : 0);
          return { count, text: `${count} drafts will be created.` };
        },
        onCopy: props.onCopy,
      }}
      repeat={{
        min: '2025-06-09',
        preview: (choice: RepeatChoice) => ({ count: 'weeks' in choice ? choice.weeks : 2, text: `Weekly: ${JSON.stringify(choice)}` }),
        onRepeat: props.onRepeat,
      }}
    />,
  );
  return props;
}

describe('ShiftPopover', () => {
  it('names the shift and offers edit and remove', async () => {
    const props = setup();
    const dialog = screen.getByRole('dialog', { name: 'Ava Bennett, Mon Jun 2' });
    expect(dialog.textContent).toContain('09:00–13:00 · draft');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Edit shift…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove…' }));
    expect(props.onEdit).toHaveBeenCalledOnce();
    expect(props.onRemove).toHaveBeenCalledOnce();
  });

  it('copies to the days and staff checked, saying how many before it is pressed', async () => {
    const props = setup();
    const user = userEvent.setup();
    const copy = screen.getByRole('button', { name: 'Copy' });
    expect((copy as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Tue 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wed 4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Noah Diaz' }));
    expect(screen.getByText('5 drafts will be created.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy 5 shifts' }));
    expect(props.onCopy).toHaveBeenCalledWith(['2025-06-02', '2025-06-03', '2025-06-04'], [1, 2]);
  });

  it('repeats weekly for a number of weeks or until a day', async () => {
    const props = setup();
    const user = userEvent.setup();
    const weeks = screen.getByRole('spinbutton', { name: 'Weeks' });
    await user.clear(weeks);
    await user.type(weeks, '6');
    expect(screen.getByText('Weekly: {"weeks":6}')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Repeat' }));
    expect(props.onRepeat).toHaveBeenLastCalledWith({ weeks: 6 });

    await user.clear(weeks);
    expect((screen.getByRole('button', { name: 'Repeat' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Until/ }));
    await user.type(screen.getByLabelText('Last day'), '2025-06-30');
    await user.click(screen.getByRole('button', { name: 'Repeat' }));
    expect(props.onRepeat).toHaveBeenLastCalledWith({ until: '2025-06-30' });
  });

  it('closes by Escape and by its close button', async () => {
    const props = setup();
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });
});
