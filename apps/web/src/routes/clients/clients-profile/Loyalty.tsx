import { useLoyalty } from '@salondesk/react';

/** The client's loyalty points (live when the user may see tickets), rewards earned and how far to the next. */
export function Loyalty({ businessId, clientId, enabled, points }: { businessId: number; clientId: number; enabled: boolean; points: number }) {
  const loyalty = useLoyalty(businessId, enabled ? clientId : null);
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm text-slate-600">Loyalty</p>
      <p className="mt-1 text-lg font-semibold text-slate-900" data-figure="loyalty">
        {(loyalty.data?.points ?? points).toLocaleString('en-US')} points
      </p>
      {loyalty.data ? (
        <p className="text-xs text-slate-600">
          {loyalty.data.rewards > 0 ? `${loyalty.data.rewards} reward${loyalty.data.rewards === 1 ? '' : 's'} earned · ` : ''}
          {loyalty.data.percent}% to the next
        </p>
      ) : null}
    </div>
  );
}
