import { dayInZone, managesSegments, MESSAGES, type Segment, SEGMENT_FIGURES, segmentConditions, segmentExports } from '@salondesk/core';
import { useSegments, useSession } from '@salondesk/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import type { DataColumn } from '../../../ui/DataTable';
import { useBusinessId } from '../../../app/useBusinessId';

function segmentColumns(businessId: number, timeZone: string, locationName: (id: number) => string): DataColumn<Segment>[] {
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
      header: SEGMENT_FIGURES.lastCounted.label,
      meaning: SEGMENT_FIGURES.lastCounted.meaning,
      value: (s) => s.last_searched?.count ?? -1,
      cell: (s) => (s.last_searched ? `${s.last_searched.count} · ${dayInZone(new Date(s.last_searched.at), timeZone)}` : 'Not counted yet'),
      align: 'end',
      size: 180,
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
  const columns = useMemo(() => segmentColumns(businessId, timezone, (id) => names.get(id) ?? `#${id}`), [businessId, timezone, names]);
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
