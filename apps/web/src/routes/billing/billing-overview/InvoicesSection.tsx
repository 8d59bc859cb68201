import { billingDests, billingExports, INVOICE_FILTER_STATUSES, INVOICE_STATUS_LABEL, INVOICE_TYPE_LABEL, type Invoice, type InvoiceFilterStatus, MESSAGES } from '@salondesk/core';
import { useBillingQuery } from '@salondesk/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import type { DataColumn } from '../../../ui/DataTable';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { Toggle } from '../../../ui/Toggle';
import { billingPresets, useBillingRange } from '../billingRange';
import { dayOf, money, useBillingTargets } from '../billingShared';
import { invoiceColumns } from '../invoiceColumns';

type Filter = 'all' | InvoiceFilterStatus;
const FILTERS: readonly { value: Filter; label: string }[] = [{ value: 'all', label: 'All' }, ...INVOICE_FILTER_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABEL[s] }))];

/** The invoices of the business over a range: the four-status filter of spec 000 §4 and past due (§5). */
export function InvoicesSection({ businessId }: { businessId: number }) {
  const display = useBusinessDisplay(businessId);
  const targets = useBillingTargets(businessId);
  const [params, setParams] = useSearchParams();
  const range = useBillingRange(display.timezone);
  const filter = (FILTERS.find((f) => f.value === params.get('status'))?.value ?? 'all') as Filter;
  const pastDue = params.get('past_due') === 'true';
  const query = { startdate: range.start, enddate: range.end, ...(filter === 'all' ? {} : { status: filter }), ...(pastDue ? { past_due: 'true' as const } : {}) };
  // No status and not past due: the range's invoices (`invoice/all`); any filter: `invoice/withfilter`.
  const plain = filter === 'all' && !pastDue;
  const every = useBillingQuery(billingDests.invoice.all, targets.business, { query: { startdate: range.start, enddate: range.end } }, { enabled: plain });
  const filtered = useBillingQuery(billingDests.invoice.withfilter, targets.business, { query }, { enabled: !plain });
  const list = plain ? every : filtered;
  const columns = useMemo<DataColumn<Invoice>[]>(
    () => [
      ...invoiceColumns(),
      { id: 'created', header: 'Created', value: (i) => i.createdAt, cell: (i) => dayOf(i.createdAt), priority: 2, size: 120 },
      { id: 'due', header: 'Due', value: (i) => i.dueDate ?? i.current_billing_cycle_start ?? '', cell: (i) => i.dueDate ?? '—', priority: 3, size: 120 },
      { id: 'type', header: 'Type', value: (i) => INVOICE_TYPE_LABEL[i.type], priority: 4, size: 110 },
      { id: 'paid', header: 'Paid', value: (i) => i.paid, cell: (i) => money(i.paid, i.currency), align: 'end', priority: 5, size: 110 },
      { id: 'refunded', header: 'Refunded', value: (i) => i.refunded, cell: (i) => money(i.refunded, i.currency), align: 'end', priority: 6, size: 110 },
      { id: 'attempts', header: 'Charge attempts', value: (i) => i.attempts, align: 'end', priority: 7, size: 130 },
      ...(targets.admin ? [{ id: 'business', header: 'Business', value: (i: Invoice) => i.business_name, priority: 8 as const, size: 160 }] : []),
    ],
    [targets.admin],
  );

  return (
    <section aria-labelledby="billing-invoices-title" className="space-y-4">
      <h2 id="billing-invoices-title" className="sr-only">
        Invoices
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <SegmentedControl label="Invoice status" value={filter} options={FILTERS} onChange={(value) => setParams(patchSearchParams(params, { status: value === 'all' ? '' : value }), { replace: true })} />
        <Toggle label="Past due only" checked={pastDue} onChange={(on) => setParams(patchSearchParams(params, { past_due: on ? 'true' : '' }), { replace: true })} />
        <DateRangePicker start={range.start} end={range.end} max={range.today} presets={billingPresets(range.today)} onChange={range.setRange} />
      </div>
      {list.isError && !list.data ? (
        <LoadError error={list.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void list.refetch()} headingLevel={2} />
      ) : (
        <SavedDataTable
          businessId={businessId}
          name="billing-invoices"
          title="Invoices"
          caption="Invoices"
          columns={columns}
          rows={list.data}
          loading={list.isFetching}
          getRowId={(i) => i.id}
          rowLabel={(i) => `invoice #${i.id}`}
          empty={pastDue ? 'No invoice is past due.' : 'No invoices in this range.'}
          toolbar={<ExportActions endpoint={billingExports.invoices} params={{ id: businessId }} query={query} />}
        />
      )}
    </section>
  );
}
