import type { Story } from '@ladle/react';
import { StatusBadge } from './StatusBadge';

export const Tones: Story = () => (
  <div className="flex flex-wrap gap-2">
    <StatusBadge label="Completed" tone="success" />
    <StatusBadge label="In Service" tone="info" />
    <StatusBadge label="In queue" tone="warning" />
    <StatusBadge label="Deleted after service" tone="danger" />
    <StatusBadge label="Deleted" />
  </div>
);
