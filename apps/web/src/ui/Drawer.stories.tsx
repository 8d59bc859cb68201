import type { Story } from '@ladle/react';
import { useState } from 'react';
import { ActivityList } from './ActivityList';
import { Button } from './Button';
import { Drawer } from './Drawer';

export const ScheduleActivity: Story = () => {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Activity
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Schedule activity" description="Newest first · America/Los_Angeles">
        <ActivityList
          label="Schedule activity"
          status="ready"
          items={[{ id: 1, who: 'Marco Reyes', what: 'Added draft 2025-06-03 09:00–13:00 for Ana Ruiz', when: 'Mon, Jun 2, 2025, 14:05 PDT', at: '2025-06-02T21:05:00.000Z' }]}
        />
      </Drawer>
    </>
  );
};
