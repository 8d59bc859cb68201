import type { Story } from '@ladle/react';
import { useState } from 'react';
import { AppointmentsDayGrid } from './AppointmentsDayGrid';
import { SAMPLE_COLUMNS, SAMPLE_ITEMS, SAMPLE_SPAN } from './appointmentsSample';

export const Day: Story = () => {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <AppointmentsDayGrid
      label="Appointments on Mon, Mar 9, 2026"
      columns={SAMPLE_COLUMNS}
      items={SAMPLE_ITEMS}
      span={SAMPLE_SPAN}
      hours={{ open: 540, close: 1080 }}
      selectedId={selected}
      onSelect={setSelected}
    />
  );
};

export const NoAppointments: Story = () => <AppointmentsDayGrid label="Appointments on Tue, Mar 10, 2026" columns={SAMPLE_COLUMNS} items={[]} span={SAMPLE_SPAN} />;
