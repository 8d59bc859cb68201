import { managesSegments, MESSAGES, type Segment, SEGMENT_FIGURES, segmentConditions, segmentCountCell, segmentCountIsStale, segmentExports } from '@salondesk/core';
import { useSegments, useSession } from '@salondesk/react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import type { DataColumn } from '../../../ui/DataTable';
import { useBusinessId } from '../../../app/useBusinessId';

/** The current time, read again every `ms` (the counts' ages move on). */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

function segmentColumns(businessId: number, timeZone: string, now: Date, locationName: (id: number) => string): DataColumn<Segment>[] {
  return [
    {
      id: 'name',
      header: 'Segment',
      value: (s) => s.name,
      cell: (s) => (
        <Link to={`/${businessId}/segments/${s.id}`} className="font-medium text-brand-700 hover:underline">
          {s.name}
        </Link>
      ),
      size: 240,
      priority: 'always',
    },
    { id: 'description', header: 'Description', value: (s) => s.description, size: 280, priority: 4 },
    { id: 'conditions', header: 'Conditions', value: (s) => segmentConditions(s.query_parameters).length, align: 'end', size: 110, priority: 3 },
    {
      id: 'count',
      header: SEGMENT_FIGURES.counted.label,
      meaning: SEGMENT_FIGURES.counted.meaning,
      value: (s) => s.counted?.count ?? -1,
      // A stale count is shown with its age (greyed) while the server counts it again.
      cell: (s) => (
        <span className={segmentCountIsStale(s.counted, now) ? 'text-slate-500' : undefined} aria-busy={segmentCountIsStale(s.counted, now)}>
          {segmentCountCell(s.counted, now, timeZone)}
        </span>
      ),
      align: 'end',
      size: 220,
      priority: 'always',
    },
    { id: 'locations', header: 'Locations', value: (s) => s.businessList.map(locationName).join(', '), size: 220, priority: 2 },
    { id: 'editors', header: 'Editors', value: (s) => s.editors.length, align: 'end', size: 90, priority: 5 },
  ];
}

/** `/{businessId}/segments`: the location's customer segments this user may see, each opening its builder. */
export function Component() {
  const businessId = useBusinessId();
  const { session } = useSession();
  const segments = useSegments(businessId);
  const { timezone } = useBusinessDisplay(businessId);
  const names = useMemo(() => new Map((session?.businesses ?? []).map((b) => [b.id, b.name])), [session]);
  const now = useNow(30_000);
  const columns = useMemo(() => segmentColumns(businessId, timezone, now, (id) => names.get(id) ?? `#${id}`), [businessId, timezone, now, names]);
  const mayAdd = session?.user ? managesSegments(session.user) : false;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={segmentExports.segments.title} businessId={businessId} />
      <div className="flex flex-wrap items-end justify-between gap-4 print:hidden">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Segments</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">Groups of clients by what they did: visits, spend, services, staff, tags, birthdays. Campaigns are sent to a segment; the client list filters by one.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {mayAdd ? <ButtonLink to={`/${businessId}/segments/new`}>New segment</ButtonLink> : null}
          <ExportActions endpoint={segmentExports.segments} params={{ id: businessId }} query={{}} />
        </div>
      </div>
      <div className="mt-6">
        {segments.isError ? (
          <LoadError error={segments.error} fallback={MESSAGES.failedToFetchSegments} onRetry={() => void segments.refetch()} />
        ) : (
          <SavedDataTable
            businessId={businessId}
            name="segments"
            title="Segments"
            caption="Customer segments"
            columns={columns}
            rows={segments.data}
            getRowId={(s) => s.id}
            empty="No segments yet"
          />
        )}
      </div>
    </div>
  );
}
