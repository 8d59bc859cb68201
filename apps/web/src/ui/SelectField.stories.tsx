import type { Story } from '@ladle/react';
import { SelectField } from './SelectField';

const options = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

export const Default: Story = () => <SelectField label="Status" options={options} defaultValue="ACTIVE" />;
export const WithError: Story = () => <SelectField label="Status" options={options} error="The status must be Active or Inactive." />;
