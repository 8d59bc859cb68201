import type { Story } from '@ladle/react';
import { useState } from 'react';
import { BusinessSwitcher } from './BusinessSwitcher';

const businesses = [
  { id: 12, name: 'Luxe Los Angeles', detail: 'America/Los_Angeles' },
  { id: 13, name: 'Luxe Denver', detail: 'America/Denver' },
  { id: 14, name: 'Luxe Mexico City', detail: 'America/Mexico_City' },
  { id: 15, name: 'Barberia Kathmandu', detail: 'Asia/Kathmandu' },
];

export const Default: Story = () => {
  const [value, setValue] = useState(12);
  return (
    <div className="h-80">
      <BusinessSwitcher businesses={businesses} value={value} onChange={setValue} />
    </div>
  );
};
