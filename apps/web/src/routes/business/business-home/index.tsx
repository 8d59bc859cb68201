import { BUSINESS_STATUS_LABEL, CURRENCY_SYMBOL, type Business, type BusinessStatus } from '@salondesk/core';
import { useBusiness } from '@salondesk/react';
import { useParams } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { DetailCard } from '../../../ui/DetailCard';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';

const NONE = '—';

/** The symbol the business shows money with: its own setting, else its currency's. */
const currencySymbol = (business: Business): string | undefined =>
  business.info.translationData?.currencySymbol ?? (business.info.currency ? CURRENCY_SYMBOL[business.info.currency] : undefined);

const statusLabel = (status: string): string => BUSINESS_STATUS_LABEL[status as BusinessStatus] ?? status;

/** `/{businessId}/home`: the business at a glance. */
export function Component() {
  const businessId = Number(useParams().businessId);
  const business = useBusiness(businessId);

  if (business.isError) {
    return (
      <EmptyState
        tone="error"
        headingLevel={1}
        title={business.error.message}
        actions={
          <Button variant="secondary" onClick={() => void business.refetch()} loading={business.isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!business.data) return <HomeSkeleton />;

  const b = business.data;
  const symbol = currencySymbol(b);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">Business home</p>
          <h1 className="mt-1 truncate text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{b.name}</h1>
          {b.info.address ? <p className="mt-1 text-sm text-slate-600">{b.info.address}</p> : null}
        </div>
        <span
          className={cx(
            'inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
            b.status === 'ACTIVE' ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' : 'bg-slate-100 text-slate-700 ring-slate-500/20',
          )}
        >
          <span aria-hidden="true" className={cx('size-1.5 rounded-full', b.status === 'ACTIVE' ? 'bg-emerald-500' : 'bg-slate-400')} />
          {statusLabel(b.status)}
        </span>
      </div>

      <div className="mt-8 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <DetailCard
          title="Location"
          icon={<Icon d="M12 21s-7-5.5-7-11a7 7 0 1 1 14 0c0 5.5-7 11-7 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" />}
          items={[
            { label: 'Time zone', value: b.timezone },
            { label: 'Address', value: b.info.address ?? NONE },
          ]}
        />
        <DetailCard
          title="Currency"
          icon={<Icon d="M12 3v18m4-14.5c-.9-.9-2.3-1.5-4-1.5-2.5 0-4 1.2-4 3s1.5 2.6 4 3 4 1.3 4 3.2-1.6 3.3-4.2 3.3c-1.8 0-3.3-.6-4.3-1.6" />}
          items={[
            { label: 'Currency', value: b.info.currency ?? NONE },
            { label: 'Symbol', value: symbol ?? NONE },
          ]}
        />
        <DetailCard
          title="Contact"
          icon={<Icon d="M4 6.5A2.5 2.5 0 0 1 6.5 4h1.2l1.8 4.2-2 1.3a11 11 0 0 0 5 5l1.3-2 4.2 1.8v1.2a2.5 2.5 0 0 1-2.5 2.5C10 18 4 12 4 6.5Z" />}
          items={[
            { label: 'Phone', value: b.info.phone ?? NONE },
            { label: 'Code', value: b.info.code ?? NONE },
          ]}
        />
        <DetailCard
          title="Network"
          icon={<Icon d="M12 5a2 2 0 1 0 0-.01M5 19a2 2 0 1 0 0-.01M19 19a2 2 0 1 0 0-.01M12 7v4m0 0-6 6m6-6 6 6" />}
          items={[
            { label: 'Network', value: b.network_id === null ? 'Independent' : `Network ${b.network_id}` },
            { label: 'Business ID', value: String(b.id) },
          ]}
        />
      </div>
    </div>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

function HomeSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the business
      </p>
      <Skeleton className="h-4 w-28" />
      <Skeleton className="mt-3 h-8 w-64 max-w-full" />
      <Skeleton className="mt-3 h-4 w-48" />
      <div className="mt-8 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-5 h-3 w-full" />
            <Skeleton className="mt-3 h-3 w-2/3" />
          </div>
        ))}
      </div>
    </div>
  );
}
