import { LoadingRegion } from '../../../ui/LoadingRegion';
import { Skeleton } from '../../../ui/Skeleton';

/** The dashboard's shape while it loads. */
export function DashboardSkeleton() {
  return (
    <LoadingRegion label="Loading the dashboard" className="mt-8">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-3 h-7 w-32" />
            <Skeleton className="mt-4 h-3 w-full" />
          </div>
        ))}
      </div>
      <Skeleton className="mt-6 h-56 w-full" />
    </LoadingRegion>
  );
}
