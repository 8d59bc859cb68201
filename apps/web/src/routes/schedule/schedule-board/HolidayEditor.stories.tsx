import type { Story } from '@ladle/react';
import { HolidayEditor } from './HolidayEditor';

export const List: Story = () => (
  <div className="max-w-md p-4">
    <HolidayEditor
      holidays={[
        { day: '2025-07-04', name: 'Independence Day' },
        { day: '2025-12-25', name: 'Christmas Day' },
      ]}
      onSave={() => undefined}
      onCancel={() => undefined}
    />
  </div>
);
