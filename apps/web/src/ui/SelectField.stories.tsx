import type { Story } from '@ladle/react';
import { SelectField } from './SelectField';

export const Default: Story = () => (
  <div className="max-w-xs space-y-4">
    <SelectField label="Status" options={[{ value: '', label: 'All statuses' }, { value: 'Completed', label: 'Completed' }]} />
    <SelectField label="Reason" error="Give a reason" options={[{ value: '', label: 'Choose…' }]} />
  </div>
);
