import type { Story } from '@ladle/react';
import { AppointmentsList } from './AppointmentsList';

export const ByStaff: Story = () => (
  <div className="max-w-sm">
    <AppointmentsList
      label="Appointments by staff"
      groups={[
        {
          id: 1,
          name: 'Maya F.',
          color: '#60A5FA',
          shiftLabel: '10:00–18:00',
          items: [
            { id: 11, when: '09:00–09:45', title: 'Alex Morgan', detail: "Women's Cut", status: 'Booked', cancelled: false, flag: { label: 'Outside the shift', message: 'Outside this staff member’s published shift.' } },
            { id: 12, when: '10:30–12:00', title: 'Brooke Lee', detail: 'Full Color', status: 'Booked', cancelled: false, flag: null },
          ],
        },
        { id: 2, name: 'Noah D.', color: '#F472B6', shiftLabel: 'No shift', items: [] },
      ]}
    />
  </div>
);
