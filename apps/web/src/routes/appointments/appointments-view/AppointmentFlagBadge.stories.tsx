import type { Story } from '@ladle/react';
import { AppointmentFlagBadge } from './AppointmentFlagBadge';

export const Reasons: Story = () => (
  <div className="flex flex-wrap gap-2">
    <AppointmentFlagBadge label="Outside the shift" message="Outside this staff member’s published shift." />
    <AppointmentFlagBadge label="No shift that day" message="No published shift for this staff member on this day." />
    <AppointmentFlagBadge label="On a holiday" message="On a holiday: Christmas Day." />
    <AppointmentFlagBadge compact label="Outside the shift" />
  </div>
);
