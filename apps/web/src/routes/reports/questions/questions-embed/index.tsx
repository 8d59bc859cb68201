import { MESSAGES } from '@salondesk/core';
import { useCustomReport, useEmbedAddress } from '@salondesk/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { LoadError } from '../../../../app/LoadError';
import { EmptyState } from '../../../../ui/EmptyState';
import { PageHeader } from '../../../../ui/PageHeader';
import { Skeleton } from '../../../../ui/Skeleton';
import { useBusinessId } from '../../../../app/useBusinessId';

/**
 * `/{businessId}/reports/embed/{reportId}`: an embed report (a Metabase question) in a frame. The
 * frame opens a signed address valid 10 minutes at most, asked for again a minute before it
 * expires (the frame then reloads with the new one); it shows a placeholder until the page inside
 * has loaded, and the reason when the address cannot be had.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const reportId = Number(params.reportId);
  const report = useCustomReport(businessId, reportId);
  const address = useEmbedAddress(businessId, reportId);
  // The address whose page has finished loading in the frame.
  const [loaded, setLoaded] = useState<string | null>(null);
  const url = address.data?.url;
  const title = report.data?.title ?? address.data?.title ?? 'Embedded report';

  return (
    <div className="mx-auto flex max-w-6xl flex-col px-4 py-8 sm:px-6">
      <PageHeader eyebrow="Reports" title={title} description={report.data?.description || undefined} />
      <div className="mt-6">
        {address.isError ? (
          <LoadError error={address.error} onRetry={() => void address.refetch()} retrying={address.isFetching} fallback={MESSAGES.embedLoadFailed} />
        ) : report.data && report.data.type !== 'embed' ? (
          <EmptyState tone="error" title={MESSAGES.embedReportNotFound} />
        ) : url ? (
          <div className="relative overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200" aria-busy={loaded !== url}>
            {loaded !== url ? <Skeleton className="absolute inset-0 h-full rounded-none" /> : null}
            <iframe
              key="embed"
              src={url}
              title={title}
              onLoad={() => setLoaded(url)}
              className="relative block h-[70dvh] min-h-[28rem] w-full border-0"
              // The stand-in (our own origin) is a page without scripts: fully sandboxed. A Metabase (another
              // origin) needs its scripts and its own origin. Neither may navigate the dashboard.
              sandbox={address.data?.provider === 'metabase' ? 'allow-scripts allow-same-origin allow-popups allow-downloads' : ''}
              referrerPolicy="no-referrer"
            />
          </div>
        ) : (
          <Skeleton className="h-[70dvh] min-h-[28rem]" />
        )}
      </div>
    </div>
  );
}
