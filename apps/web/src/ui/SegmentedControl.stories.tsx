import type { Story } from '@ladle/react';
import { useState } from 'react';
import { SegmentedControl } from './SegmentedControl';

export const Modes: Story = () => {
  const [mode, setMode] = useState<'publish' | 'edit' | 'template'>('publish');
  return (
    <SegmentedControl
      label="Scheduler mode"
      value={mode}
      onChange={setMode}
      options={[
        { value: 'publish', label: 'Published' },
        { value: 'edit', label: 'Edit draft' },
        { value: 'template', label: 'Template' },
      ]}
    />
  );
};
