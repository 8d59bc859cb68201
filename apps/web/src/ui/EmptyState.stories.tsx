import type { Story } from '@ladle/react';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

export const Neutral: Story = () => (
  <EmptyState title="Page not found" description="The page or resource was not found." actions={<Button>Go to the dashboard</Button>} />
);

export const ErrorWithRetry: Story = () => (
  <EmptyState tone="error" title="Failed to fetch business data" onRetry={() => {}} />
);
