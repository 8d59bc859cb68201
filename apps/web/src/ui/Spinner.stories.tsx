import type { Story } from '@ladle/react';
import { Spinner } from './Spinner';

export const Sizes: Story = () => (
  <div className="flex items-center gap-6 text-brand-600">
    <Spinner size="sm" label="Loading" />
    <Spinner size="md" label="Loading" />
    <Spinner size="lg" label="Loading" />
  </div>
);
