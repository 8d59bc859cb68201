import type { Story } from '@ladle/react';
import { ScheduleSettingsForm } from './ScheduleSettingsForm';

const backwards = 'Store hours must open before they close.';
const hint = 'Days set in Business Hours (Settings) use those; these apply to the other days: Sunday, closed there.';

export const Default: Story = () => (
  <div className="max-w-md">
    <ScheduleSettingsForm value={{ weekStartsOn: 0, storeHours: { start: '07:00', end: '22:00' } }} storeHoursHint={hint} backwardsHoursMessage={backwards} onSave={() => undefined} onCancel={() => undefined} />
  </div>
);

export const Saving: Story = () => (
  <div className="max-w-md">
    <ScheduleSettingsForm value={{ weekStartsOn: 1, storeHours: { start: '08:00', end: '20:00' } }} backwardsHoursMessage={backwards} saving onSave={() => undefined} onCancel={() => undefined} />
  </div>
);

export const Refused: Story = () => (
  <div className="max-w-md">
    <ScheduleSettingsForm value={{ weekStartsOn: 1, storeHours: { start: '08:00', end: '20:00' } }} backwardsHoursMessage={backwards} error="Failed to update data" onSave={() => undefined} onCancel={() => undefined} />
  </div>
);
