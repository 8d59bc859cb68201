import type { Story } from '@ladle/react';
import { DetailCard } from './DetailCard';

export const Location: Story = () => (
  <div className="max-w-xs">
    <DetailCard
      title="Location"
      items={[
        { label: 'Time zone', value: 'America/Los_Angeles' },
        { label: 'Address', value: '1 Sunset Blvd' },
      ]}
    />
  </div>
);
