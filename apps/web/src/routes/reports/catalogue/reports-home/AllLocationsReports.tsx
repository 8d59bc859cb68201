import { CUSTOM_REPORT_TYPE_LABEL, MESSAGES } from '@salondesk/core';
import { useSession, useUserCustomReports, useUserPivotReports } from '@salondesk/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../../app/LoadError';
import { Button } from '../../../../ui/Button';
import { Skeleton } from '../../../../ui/Skeleton';
import { reportPaths } from '../paths';

interface Line {
  key: string;
  title: string;
  kind: string;
  business: string;
  href: string;
}

/**
 * The custom and pivot reports of every location the user may open (`/protected/user/customreports`
 * and `pivotreports`), each opening in its own location: for someone who runs several. Asked for
 * only when opened.
 */
export function AllLocationsReports() {
  const session = useSession().session;
  const [open, setOpen] = useState(false);
  if (!session || session.businesses.length < 2) return null;
  return (
    <section aria-labelledby="all-locations-reports" className="mt-8 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="all-locations-reports" className="text-lg font-semibold text-slate-900">
          Reports of all your locations
        </h2>
        <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show reports of all your locations'}
        </Button>
      </div>
      {open ? <AllLocationsList names={new Map(session.businesses.map((b) => [b.id, b.name]))} /> : null}
    </section>
  );
}

function AllLocationsList({ names }: { names: ReadonlyMap<number, string> }) {
  const custom = useUserCustomReports();
  const pivots = useUserPivotReports();
  if (custom.isError) return <LoadError error={custom.error} fallback={MESSAGES.failedToFetchCustomReports} onRetry={() => void custom.refetch()} />;
  if (pivots.isError) return <LoadError error={pivots.error} fallback={MESSAGES.failedToFetchPivotReports} onRetry={() => void pivots.refetch()} />;
  if (!custom.data || !pivots.data) return <Skeleton className="h-24 w-full" />;
  const lines: Line[] = [
    ...custom.data.map((r) => ({ key: `c${r.id}`, title: r.title, kind: CUSTOM_REPORT_TYPE_LABEL[r.type], business: names.get(r.business_id) ?? `#${r.business_id}`, href: reportPaths.customViewer(r.business_id, r.id) })),
    ...pivots.data.map((r) => ({ key: `p${r.id}`, title: r.title, kind: 'Pivot', business: names.get(r.business_id) ?? `#${r.business_id}`, href: reportPaths.pivotViewer(r.business_id, r.id) })),
  ].sort((a, b) => a.business.localeCompare(b.business) || a.title.localeCompare(b.title));
  if (lines.length === 0) return <p className="text-sm text-slate-600">None of your locations has a custom or pivot report yet.</p>;
  return (
    <ul aria-label="Reports of all your locations" className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
      {lines.map((line) => (
        <li key={line.key} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2.5 text-sm">
          <Link to={line.href} className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {line.title}
          </Link>
          <span className="text-slate-600">
            {line.kind} · {line.business}
          </span>
        </li>
      ))}
    </ul>
  );
}
