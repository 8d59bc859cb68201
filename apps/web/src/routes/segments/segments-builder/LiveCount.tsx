import { clientsMatchLabel, countedAgo, formatClientCount, MESSAGES, type Segment } from '@salondesk/core';
import type { useSegmentMutations } from '@salondesk/react';
import { useEffect, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import type { useLiveCount } from './useLiveCount';

/** The current time, read again every minute (for how old the kept count is). */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Beside the conditions: how many clients match (or what the tree still lacks), some of them, the
 * last count kept, and "Keep this count" for a saved segment. Until the answer for the tree as it
 * is now arrives it says "Counting…", the previous figure greyed beside it.
 */
export function LiveCount({
  businessId,
  segment,
  live,
  problem,
  dirty,
  updateCache,
  timeZone,
}: {
  businessId: number;
  segment: Segment | undefined;
  live: ReturnType<typeof useLiveCount>;
  /** What the tree still lacks, if anything: said instead of a count. */
  problem: string | null;
  dirty: boolean;
  updateCache: ReturnType<typeof useSegmentMutations>['updateCache'];
  timeZone: string;
}) {
  const now = useMinute();
  const { count, current, failed } = live;
  const answer = current ? count.data : undefined;
  const busy = problem === null && !current && !failed;
  const countText = problem ?? (answer ? clientsMatchLabel(answer.count) : failed ? MESSAGES.failedToFetchSegments : 'Counting…');
  const previous = busy && count.data ? clientsMatchLabel(count.data.count) : null;
  return (
    <aside className="h-fit rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4" aria-labelledby="segment-count" aria-busy={busy}>
      <h2 id="segment-count" className="text-sm font-medium text-slate-600">
        Live count
      </h2>
      <p className="mt-1 text-2xl font-semibold text-slate-900" role="status" aria-live="polite" data-testid="segment-count">
        {countText}
      </p>
      {previous ? (
        <p className="text-sm text-slate-400" data-testid="segment-count-previous">
          <span className="sr-only">Before this change: </span>
          {previous}
        </p>
      ) : null}
      {answer && answer.sample.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-700" aria-label="Some of them">
          {answer.sample.map((c) => (
            <li key={c.id}>{c.name}</li>
          ))}
        </ul>
      ) : null}
      {segment?.last_searched ? (
        <p className="mt-3 text-xs text-slate-500">
          Last kept: {formatClientCount(segment.last_searched.count)} · {countedAgo(segment.last_searched.at, now, timeZone)}
        </p>
      ) : null}
      {segment && answer && !dirty ? (
        <Button
          size="sm"
          variant="ghost"
          className="mt-2"
          loading={updateCache.isPending}
          onClick={() => updateCache.mutate({ segmentId: segment.id, businessId, value: answer.count }, { onError: (e) => toasts.error(e.message) })}
        >
          Keep this count
        </Button>
      ) : null}
    </aside>
  );
}
