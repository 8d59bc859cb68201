import { businessPath, CAMPAIGN_CHANNEL_LABEL, CAMPAIGN_STATUS_LABEL, MESSAGES } from '@salondesk/core';
import { useSession, useUserCampaigns } from '@salondesk/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';

/**
 * The campaigns of every location the user may see campaigns of (user-level `campaign/all`), each
 * with its location (a link to that location's campaigns): for someone who runs several. Asked
 * for only when opened.
 */
export function AllLocationsCampaigns() {
  const session = useSession().session;
  const [open, setOpen] = useState(false);
  const list = useUserCampaigns(session?.user.id, { enabled: open });
  if (!session || session.businesses.length < 2) return null;
  return (
    <section aria-labelledby="all-locations-campaigns" className="mt-8 space-y-3 print:hidden">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="all-locations-campaigns" className="text-lg font-semibold text-slate-900">
          Campaigns of all your locations
        </h2>
        <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show campaigns of all your locations'}
        </Button>
      </div>
      {!open ? null : list.isError ? (
        <LoadError error={list.error} fallback={MESSAGES.failedToFetchCampaigns} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton className="h-24 w-full" />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">None of your locations has a campaign yet.</p>
      ) : (
        <ul aria-label="Campaigns of all your locations" className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
          {[...list.data]
            .sort((a, b) => a.businessName.localeCompare(b.businessName) || a.name.localeCompare(b.name))
            .map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2.5 text-sm">
                <span className="font-medium text-slate-900">{c.name}</span>
                <span className="text-slate-600">
                  {CAMPAIGN_CHANNEL_LABEL[c.channel]} · {CAMPAIGN_STATUS_LABEL[c.status]} ·{' '}
                  <Link to={businessPath(c.businessId, 'campaigns')} className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                    {c.businessName}
                  </Link>
                </span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
