import type { Story } from '@ladle/react';
import { useState } from 'react';
import { TextAreaField } from './TextAreaField';

export const Json: Story = () => {
  const [value, setValue] = useState('{\n  "refresh": 60\n}');
  return <TextAreaField label="Value (JSON)" code value={value} onChange={(e) => setValue(e.target.value)} hint="Any JSON value." />;
};
export const WithError: Story = () => <TextAreaField label="Value (JSON)" code defaultValue={'{"refresh": 60'} error="The value is not valid JSON. Check the quotes, commas and brackets." />;
