import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { ShiftPopover } from './ShiftPopover';

const days = ['Sun 1', 'Mon 2', 'Tue 3', 'Wed 4', 'Thu 5', 'Fri 6', 'Sat 7'].map((label, i) => ({ key: `2025-06-0${i + 1}`, label }));
const staff = ['Ava Bennett', 'Noah Diaz', 'Priya Patel', 'Sofia Flores'].map((name, i) => ({ id: i + 1, name }));

export const CopyAndRepeat: Story = () => {
  const [open, setOpen] = useState(true);
  const [said, setSaid] = useState('');
  return (
    <div className="p-6">
      <Button onClick={() => setOpen(true)}>Open the shift</Button>
      <p className="mt-2 text-sm text-slate-700">{said}</p>
      <ShiftPopover
        open={open}
        anchor={null}
        title="Ava Bennett, Mon Jun 2"
        detail="09:00–13:00 · draft"
        onClose={() => setOpen(false)}
        onEdit={() => setSaid('Edit')}
        onRemove={() => setSaid('Remove')}
        copy={{
          days,
          staff,
          day: '2025-06-02',
          staffId: 1,
          preview: (d, s) => {
            const count = d.length * s.length - (d.includes('2025-06-02') && s.includes(1) ? 1 : 0);
            return { count, text: count > 0 ? `${count} drafts will be created.` : 'Choose other days or staff members to copy to.' };
          },
          onCopy: (d, s) => setSaid(`Copy to ${d.join(', ')} × ${s.join(', ')}`),
        }}
        repeat={{
          min: '2025-06-09',
          preview: (choice) => ({ count: 'weeks' in choice ? choice.weeks : 3, text: `Repeats ${JSON.stringify(choice)}; weeks that would overlap are skipped.` }),
          onRepeat: (choice) => setSaid(`Repeat ${JSON.stringify(choice)}`),
        }}
      />
    </div>
  );
};

export const ReadOnly: Story = () => <ShiftPopover open anchor={null} title="Ava Bennett, Mon Jun 2" detail="09:00–13:00 · published" onClose={() => undefined} />;

export const Saving: Story = () => (
  <ShiftPopover
    open
    anchor={null}
    title="Ava Bennett, Mon Jun 2"
    detail="09:00–13:00 · draft"
    onClose={() => undefined}
    busy
    error="Cannot Set Overlapping Schedules"
    copy={{ days, staff, day: '2025-06-02', staffId: 1, preview: () => ({ count: 2, text: '2 drafts will be created.' }), onCopy: () => undefined }}
  />
);
