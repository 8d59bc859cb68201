import { formatInstantIn, MESSAGES } from '@salondesk/core';
import { useWaiverVersions } from '@salondesk/react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { Skeleton } from '../../../ui/Skeleton';

/** The waiver's versions, newest first, each with its text, who published it, its signatures and its hash. */
export function VersionHistory({ businessId, waiverId }: { businessId: number; waiverId: number }) {
  const versions = useWaiverVersions(businessId, waiverId);
  const display = useBusinessDisplay(businessId);
  return (
    <section aria-labelledby="waiver-versions" className="mt-10">
      <h2 id="waiver-versions" className="text-lg font-semibold text-slate-900">
        Version history
      </h2>
      {versions.isError ? (
        <LoadError className="mt-3" error={versions.error} fallback={MESSAGES.failedToFetchWaivers} onRetry={() => void versions.refetch()} />
      ) : !versions.data ? (
        <Skeleton className="mt-3 h-32 w-full" />
      ) : (
        <ol className="mt-3 space-y-3">
          {versions.data.versions.map((v) => (
            <li key={v.id} className="rounded-md border border-slate-200 bg-white p-4">
              <details>
                <summary className="cursor-pointer text-sm">
                  <span className="font-semibold">Version {v.version}</span> · published {formatInstantIn(v.published_at, display.timezone)}
                  {v.published_by ? ` by ${v.published_by}` : ''} · {v.signatures} {v.signatures === 1 ? 'signature' : 'signatures'}
                </summary>
                <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{v.template}</p>
                <p className="mt-2 break-all font-mono text-xs text-slate-500">SHA-256 {v.sha256}</p>
              </details>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-3 text-sm">
        <Link className="text-brand-700 hover:underline" to={`/${businessId}/waivers/report`}>
          Who must sign
        </Link>
      </p>
    </section>
  );
}
