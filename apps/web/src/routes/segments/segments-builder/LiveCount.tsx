import { MESSAGES, type Segment } from '@salondesk/core';
import type { useSegmentCount, useSegmentMutations } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';

/**
 * Beside the conditions: how many clients match (or what the tree still lacks), some of them, the
 * last count kept, and "Keep this count" for a saved segment.
 */
export function LiveCount({
  businessId,
  segment,
  count,
  problem,
  dirty,
  updateCache,
}: {
  businessId: number;
  segment: Segment | undefined;
  count: ReturnType<typeof useSegmentCount>;
  /** What the tree still lacks, if anything: said instead of a count. */
  problem: string | null;
  dirty: boolean;
  updateCache: ReturnType<typeof useSegmentMutations>['updateCache'];
}) {
  const countText = count.data ? `${count.data.count} ${count.data.count === 1 ? 'client matches' : 'clients match'}` : count.isError ? MESSAGES.failedToFetchSegments : 'Counting…';
  return (
    <aside className="h-fit rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4" aria-labelledby="segment-count">
      <h2 id="segment-count" className="text-sm font-medium text-slate-600">
        Live count
      </h2>
      <p className="mt-1 text-2xl font-semibold text-slate-900" role="status" aria-live="polite" data-testid="segment-count">
        {problem ?? countText}
      </p>
      {count.data && count.data.sample.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-700" aria-label="Some of them">
          {count.data.sample.map((c) => (
            <li key={c.id}>{c.name}</li>
          ))}
        </ul>
      ) : null}
      {segment?.last_searched ? (
        <p className="mt-3 text-xs text-slate-500">
          Last counted: {segment.last_searched.count} on {new Date(segment.last_searched.at).toLocaleString()}
        </p>
      ) : null}
      {segment && count.data && !dirty ? (
        <Button
          size="sm"
          variant="ghost"
          className="mt-2"
          loading={updateCache.isPending}
          onClick={() => updateCache.mutate({ segmentId: segment.id, businessId, value: count.data.count }, { onError: (e) => toasts.error(e.message) })}
        >
          Keep this count
        </Button>
      ) : null}
    </aside>
  );
}
