import type { Story } from '@ladle/react';
import { TextAreaField } from './TextAreaField';

export const Default: Story = () => (
  <div className="max-w-sm space-y-4">
    <TextAreaField label="Note" placeholder="What happened" />
    <TextAreaField label="Note" error="Add a note" />
  </div>
);
