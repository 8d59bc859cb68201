import type { Story } from '@ladle/react';
import { Button } from './Button';

export const Variants: Story = () => (
  <div className="flex flex-wrap items-center gap-3">
    <Button>Sign in</Button>
    <Button variant="secondary">Switch Account</Button>
    <Button variant="ghost">Cancel</Button>
    <Button variant="danger">Delete</Button>
  </div>
);

export const Sizes: Story = () => (
  <div className="flex flex-wrap items-center gap-3">
    <Button size="sm">Small</Button>
    <Button size="md">Medium</Button>
    <Button size="lg">Large</Button>
  </div>
);

export const LoadingAndDisabled: Story = () => (
  <div className="flex flex-wrap items-center gap-3">
    <Button loading>Sign in</Button>
    <Button disabled>Disabled</Button>
    <Button variant="secondary" loading>
      Try again
    </Button>
  </div>
);
