import type { Story } from '@ladle/react';
import { VirtualList } from './VirtualList';

const items = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `Ticket ${i + 1}` }));

export const TenThousandRows: Story = () => (
  <VirtualList
    items={items}
    rowHeight={44}
    getKey={(i) => i.id}
    label="Tickets"
    height="400px"
    renderRow={(i) => (
      <div className="flex h-full items-center px-4 text-sm">
        {i.name}
      </div>
    )}
  />
);
