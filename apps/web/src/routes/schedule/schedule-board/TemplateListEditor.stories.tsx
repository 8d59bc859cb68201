import type { Story } from '@ladle/react';
import { TemplateListEditor } from './TemplateListEditor';

export const Named: Story = () => (
  <div className="max-w-md p-4">
    <TemplateListEditor multiple templates={[{ id: 'summer', name: 'Summer hours', start: '2025-06-01', end: '2025-08-31' }]} onSave={() => undefined} onCancel={() => undefined} />
  </div>
);
