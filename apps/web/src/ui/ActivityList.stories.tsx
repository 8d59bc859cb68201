import type { Story } from '@ladle/react';
import { ActivityList, type ActivityItem } from './ActivityList';

const items: ActivityItem[] = [
  { id: 3, who: 'Marco Reyes', what: 'Cleared every schedule of Ana Ruiz from 2025-06-02 (14 entries)', when: 'Mon, Jun 2, 2025, 14:05 PDT', at: '2025-06-02T21:05:00.000Z' },
  { id: 2, who: 'Marco Reyes', what: 'Published 9 drafts for 2025-06-01…2025-06-14 (3 replaced)', when: 'Mon, Jun 2, 2025, 09:41 PDT', at: '2025-06-02T16:41:00.000Z' },
  { id: 1, who: 'Olivia Laurent', what: 'Added draft 2025-06-03 09:00–13:00 for Ana Ruiz', when: 'Sun, Jun 1, 2025, 18:12 PDT', at: '2025-06-02T01:12:00.000Z' },
];

export const Recent: Story = () => (
  <div className="max-w-md">
    <ActivityList label="Schedule activity" status="ready" items={items} />
  </div>
);
export const Loading: Story = () => <ActivityList label="Schedule activity" status="loading" items={[]} />;
export const Empty: Story = () => <ActivityList label="Schedule activity" status="ready" items={[]} emptyDescription="Changes to shifts, drafts, templates and holidays appear here." />;
export const Failed: Story = () => <ActivityList label="Schedule activity" status="error" items={[]} error="Failed to fetch activity" onRetry={() => undefined} />;
