import { dayLabel, MESSAGES, PAYMENT_PROVIDER_LABEL, PAYOUT_ITEM_KIND_LABEL, PAYOUT_STATUS_LABEL, type PayoutDetail, type PayoutItem } from '@salondesk/core';
import { usePayout } from '@salondesk/react';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { TicketLink } from '../../../app/TicketLink';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { cx } from '../../../ui/cx';
import type { DataColumn } from '../../../ui/DataTable';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { PageHeader } from '../../../ui/PageHeader';
import { PayoutReconciliation } from './PayoutReconciliation';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { PAYOUT_STATUS_TONE, payoutCauses, signedMoney } from '../webPaymentsView';
import { useBusinessId } from '../../../app/useBusinessId';

type Display = ReturnType<typeof useBusinessDisplay>;

/**
 * `/{businessId}/webpayments/payouts/{payoutId}`: one payout and its itemisation — every charge,
 * refund, fee, dispute and adjustment it paid, and, when they do not sum to what the provider
 * sent, the unexplained remainder as its own line, named by what the provider's own listing of the
 * payout has and our records do not (or the reverse), linked to the ticket it is about.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const payoutId = Number(params.payoutId);
  const display = useBusinessDisplay(businessId);
  const detail = usePayout(businessId, Number.isInteger(payoutId) && payoutId > 0 ? payoutId : 0);
  const data = detail.data;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Payouts"
        title={data ? `Payout ${data.payout.providerPayoutId}` : 'Payout'}
        description={
          data
            ? `${PAYMENT_PROVIDER_LABEL[data.payout.provider]} · created ${dayLabel(data.payout.created_day)} · arrives ${dayLabel(data.payout.arrival_date)}${data.payout.manual ? ' · made by hand' : ''}`
            : 'What this payout paid, line by line.'
        }
        actions={
          <ButtonLink variant="secondary" to={`/${businessId}/webpayments/payouts`}>
            All payouts
          </ButtonLink>
        }
      />
      {detail.isError ? (
        <LoadError className="mt-6" error={detail.error} fallback={MESSAGES.failedToFetchPayoutData} onRetry={() => void detail.refetch()} />
      ) : !data ? (
        <LoadingRegion label="Loading the payout" className="mt-6 space-y-4">
          <Skeleton className="h-40 w-full max-w-md" />
          <Skeleton className="h-64 w-full" />
        </LoadingRegion>
      ) : (
        <PayoutView businessId={businessId} detail={data} display={display} />
      )}
    </div>
  );
}

function PayoutView({ businessId, detail, display }: { businessId: number; detail: PayoutDetail; display: Display }) {
  const { payout, items, byKind, comparison } = detail;
  const columns = useMemo(() => itemColumns(businessId, display), [businessId, display]);
  const explaining = useMemo(() => items.filter((i) => i.explains), [items]);
  const causes = useMemo(() => payoutCauses(detail), [detail]);
  // What needs looking at first: the unexplained remainder, then the movements that explain it, then the rest in the provider's order.
  const ordered = useMemo(() => [...items.filter((i) => i.kind === 'unexplained'), ...explaining, ...items.filter((i) => i.kind !== 'unexplained' && !i.explains)], [items, explaining]);
  return (
    <>
      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,24rem)_1fr]">
        <PayoutReconciliation
          title="Reconciliation"
          gross={payout.gross}
          fee={payout.fee}
          netamount={payout.netamount}
          amount={payout.amount}
          difference={payout.difference}
          message={payout.message}
          causes={causes}
          money={display.money}
        />
        <section aria-labelledby="by-kind-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <div className="flex items-center justify-between gap-3">
            <h2 id="by-kind-title" className="text-sm font-semibold text-slate-900">
              What it paid
            </h2>
            <StatusBadge label={PAYOUT_STATUS_LABEL[payout.status]} tone={PAYOUT_STATUS_TONE[payout.status]} />
          </div>
          <dl className="mt-3 space-y-1.5 text-sm">
            {byKind.map((k) => (
              <div key={k.kind} className={cx('flex items-baseline justify-between gap-4', k.kind === 'unexplained' && 'font-semibold text-red-800')}>
                <dt className={k.kind === 'unexplained' ? undefined : 'text-slate-600'}>
                  {PAYOUT_ITEM_KIND_LABEL[k.kind]} ({k.count})
                </dt>
                <dd className="tabular-nums">{display.money(k.net)}</dd>
              </div>
            ))}
          </dl>
          {payout.reconciled ? null : (
            <div className="mt-4 border-t border-slate-200 pt-3 text-sm">
              <h3 className="font-semibold text-slate-900">What explains the difference</h3>
              {comparison.differences.length > 0 ? (
                <ul className="mt-1 space-y-1">
                  {comparison.differences.map((d) => (
                    <li key={d.key} className="text-slate-800">
                      {d.message}
                      {d.queue_id ? (
                        <>
                          {' '}
                          {d.chargeTxId && d.chargeTxId !== d.providerTxId ? `Of charge ${d.chargeTxId}, ticket` : 'Ticket'} <TicketLink businessId={businessId} id={d.queue_id} />.
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : comparison.message ? (
                <p className="mt-1 text-slate-600">{comparison.message}</p>
              ) : null}
              {comparison.differences.length > 0 ? null : explaining.length === 0 ? (
                <p className="mt-1 text-slate-600">{MESSAGES.payoutNoMovementExplains}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {explaining.map((i) => (
                    <li key={i.key} className="text-slate-800">
                      {PAYOUT_ITEM_KIND_LABEL[i.kind]} <span className="font-mono text-xs">{i.providerTxId ?? i.key}</span>
                      {i.queue_id ? (
                        <>
                          {' '}
                          for ticket <TicketLink businessId={businessId} id={i.queue_id} />
                        </>
                      ) : null}
                      {i.checkout_day ? ` of ${dayLabel(i.checkout_day)}` : ''}: {i.description}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </section>
      </div>
      <section aria-labelledby="items-title" className="mt-8">
        <h2 id="items-title" className="mb-3 text-base font-semibold text-slate-900">
          Itemisation
        </h2>
        <SavedDataTable
          businessId={businessId}
          name="payout-items"
          title="Payout itemisation"
          caption={`Itemisation of payout ${payout.providerPayoutId}`}
          columns={columns}
          rows={ordered}
          getRowId={(i) => i.key}
          rowLabel={(i) => (i.kind === 'unexplained' ? 'Unexplained' : (i.providerTxId ?? i.key))}
          empty="This payout lists no movement."
          totals={{ cells: { amount: display.money(items.reduce((s, i) => s + i.amount, 0)), fee: display.money(items.reduce((s, i) => s + i.fee, 0)), net: display.money(payout.amount) } }}
        />
      </section>
    </>
  );
}

/** The itemisation's columns: the movement first; the unexplained line and the movements explaining it marked in words. */
function itemColumns(businessId: number, display: Display): DataColumn<PayoutItem>[] {
  return [
    {
      id: 'movement',
      header: 'Movement',
      value: (i) => i.providerTxId ?? i.key,
      cell: (i) =>
        i.kind === 'unexplained' ? (
          <StatusBadge label="Unexplained" tone="danger" />
        ) : (
          <span className="font-mono text-xs">{i.providerTxId ?? i.key}</span>
        ),
      size: 230,
    },
    {
      id: 'kind',
      header: 'Kind',
      value: (i) => PAYOUT_ITEM_KIND_LABEL[i.kind],
      cell: (i) => (
        <span className="flex flex-wrap items-center gap-1">
          {i.kind === 'unexplained' ? <span className="font-semibold text-red-800">{PAYOUT_ITEM_KIND_LABEL[i.kind]}</span> : PAYOUT_ITEM_KIND_LABEL[i.kind]}
          {i.explains ? <StatusBadge label="Explains the difference" tone="warning" /> : null}
        </span>
      ),
      size: 230,
      priority: 'always',
    },
    {
      id: 'description',
      header: 'Description',
      value: (i) => i.description,
      cell: (i) => (i.kind === 'unexplained' ? <span className="text-red-800">{i.description}</span> : i.description),
      size: 260,
      priority: 3,
    },
    { id: 'day', header: 'Day', value: (i) => i.checkout_day ?? '', cell: (i) => (i.checkout_day ? dayLabel(i.checkout_day) : ''), size: 150, priority: 4 },
    { id: 'invoice', header: 'Invoice', value: (i) => i.queue_id ?? '', cell: (i) => (i.queue_id ? <TicketLink businessId={businessId} id={i.queue_id} /> : ''), size: 100, priority: 2 },
    { id: 'amount', header: 'Amount', value: (i) => i.amount, cell: (i) => display.money(i.amount), align: 'end', size: 116, priority: 5 },
    { id: 'fee', header: 'Fee', value: (i) => i.fee, cell: (i) => display.money(i.fee), align: 'end', size: 100, priority: 6 },
    {
      id: 'net',
      header: 'Net',
      value: (i) => i.net,
      cell: (i) => (i.kind === 'unexplained' ? <span className="font-semibold text-red-800">{signedMoney(display.money, i.net)}</span> : display.money(i.net)),
      align: 'end',
      size: 116,
      priority: 'always',
    },
  ];
}
