import type { Story } from '@ladle/react';
import { CloseButton } from './CloseButton';

export const Sizes: Story = () => (
  <div className="flex items-center gap-4 p-6">
    <CloseButton label="Close Schedule activity" onClick={() => undefined} />
    <CloseButton label="Close" size="sm" onClick={() => undefined} />
  </div>
);
