import type { Story } from '@ladle/react';
import { Skeleton } from './Skeleton';

export const Card: Story = () => (
  <div className="max-w-xs rounded-2xl bg-white p-5 ring-1 ring-slate-200">
    <Skeleton className="h-4 w-24" />
    <Skeleton className="mt-5 h-3 w-full" />
    <Skeleton className="mt-3 h-3 w-2/3" />
  </div>
);
