import type { Story } from '@ladle/react';
import { ScheduleEntryDialog } from './ScheduleEntryDialog';

const value = { rowId: 1, when: '2', start: '10:00', end: '19:00', rotate: true, every: 3, anchor: '2025-06-01', except: '' };

export const TemplateShiftWithRotation: Story = () => (
  <ScheduleEntryDialog
    open
    title="Edit shift"
    value={value}
    staff={[
      { id: 1, name: 'Ava Bennett' },
      { id: 2, name: 'Noah Diaz' },
    ]}
    whenLabel="Day of the week"
    whenOptions={['Sunday', 'Monday', 'Tuesday'].map((label, i) => ({ value: String(i), label }))}
    showRotation
    onSave={() => undefined}
    onDelete={() => undefined}
    onClose={() => undefined}
  />
);

export const WithError: Story = () => (
  <ScheduleEntryDialog
    open
    title="Add draft shift"
    value={{ ...value, when: '2025-06-02', rotate: false }}
    staff={[{ id: 1, name: 'Ava Bennett' }]}
    whenLabel="Day"
    whenOptions={[{ value: '2025-06-02', label: 'Mon Jun 2' }]}
    showRotation={false}
    error="Cannot Set Overlapping Schedules"
    onSave={() => undefined}
    onClose={() => undefined}
  />
);
