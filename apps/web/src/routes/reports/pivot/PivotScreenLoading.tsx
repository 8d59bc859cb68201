import { LoadingRegion } from '../../../ui/LoadingRegion';
import { Skeleton } from '../../../ui/Skeleton';

/** A pivot screen while its report loads: the heading and the grid as skeletons. */
export function PivotScreenLoading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <LoadingRegion label="Loading the pivot report">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="mt-6 h-64 w-full" />
      </LoadingRegion>
    </div>
  );
}
