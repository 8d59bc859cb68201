import type { Story } from '@ladle/react';
import { LoadingRegion } from './LoadingRegion';
import { Skeleton } from './Skeleton';

export const Skeletons: Story = () => (
  <LoadingRegion label="Loading the schedule" className="max-w-xl">
    <Skeleton className="h-4 w-28" />
    <Skeleton className="mt-3 h-8 w-48" />
    <Skeleton className="mt-6 h-40 w-full" />
  </LoadingRegion>
);
