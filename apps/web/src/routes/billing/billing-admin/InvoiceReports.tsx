import { billingDests, INVOICE_TYPE_LABEL, type Invoice, MESSAGES } from '@salondesk/core';
import { useBillingQuery } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import type { DataColumn } from '../../../ui/DataTable';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { SelectField } from '../../../ui/SelectField';
import { billingPresets, useBillingRange } from '../billingRange';
import { dayOf, money, useBillingTargets } from '../billingShared';
import { invoiceColumns } from '../invoiceColumns';

type Report = 'recurring' | 'onetime' | 'business';

/** The admin's invoice reports over a range: every recurring invoice, every one-time invoice, or one business's invoices. */
export function InvoiceReports({ businessId }: { businessId: number }) {
  const targets = useBillingTargets(businessId);
  // The range's days in the time zone of the business the admin is working in, as on every other screen.
  const range = useBillingRange(useBusinessDisplay(businessId).timezone);
  const [report, setReport] = useState<Report>('recurring');
  const businesses = useBillingQuery(billingDests.businesses.all, targets.user, {});
  const [chosen, setChosen] = useState('');
  const query = { startdate: range.start, enddate: range.end };
  const recurring = useBillingQuery(billingDests.reports.recurringInvoices, targets.user, { query }, { enabled: report === 'recurring' });
  const onetime = useBillingQuery(billingDests.reports.onetimeInvoices, targets.user, { query }, { enabled: report === 'onetime' });
  const ofBusiness = useBillingQuery(billingDests.reports.invoices, targets.user, { params: { businessId: Number(chosen) }, query }, { enabled: report === 'business' && chosen !== '' });
  const result = report === 'recurring' ? recurring : report === 'onetime' ? onetime : ofBusiness;

  const columns = useMemo<DataColumn<Invoice>[]>(
    () => [
      ...invoiceColumns({ status: 2 }),
      { id: 'business', header: 'Business', value: (i) => i.business_name, priority: 1, size: 180 },
      { id: 'paid', header: 'Paid', value: (i) => i.paid, cell: (i) => money(i.paid, i.currency), align: 'end', priority: 3, size: 110 },
      { id: 'refunded', header: 'Refunded', value: (i) => i.refunded, cell: (i) => money(i.refunded, i.currency), align: 'end', priority: 5, size: 110 },
      { id: 'type', header: 'Type', value: (i) => INVOICE_TYPE_LABEL[i.type], priority: 6, size: 110 },
      { id: 'created', header: 'Created', value: (i) => i.createdAt, cell: (i) => dayOf(i.createdAt), priority: 4, size: 120 },
      { id: 'due', header: 'Due', value: (i) => i.dueDate ?? '', cell: (i) => i.dueDate ?? '—', priority: 7, size: 120 },
    ],
    [],
  );
  return (
    <section aria-label="Invoice reports" className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <SegmentedControl
          label="Report"
          value={report}
          onChange={setReport}
          options={[
            { value: 'recurring', label: 'Recurring invoices' },
            { value: 'onetime', label: 'One-time invoices' },
            { value: 'business', label: 'One business' },
          ]}
        />
        {report === 'business' ? (
          <SelectField label="Business" value={chosen} onChange={(e) => setChosen(e.target.value)} options={[{ value: '', label: 'Choose a business' }, ...(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))]} />
        ) : null}
        <DateRangePicker start={range.start} end={range.end} max={range.today} presets={billingPresets(range.today)} onChange={range.setRange} />
      </div>
      {result.isError && !result.data ? (
        <LoadError error={result.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void result.refetch()} headingLevel={2} />
      ) : (
        <SavedDataTable
          businessId={businessId}
          name="billing-admin-invoice-report"
          title="Invoice report"
          caption={report === 'recurring' ? 'Recurring invoices' : report === 'onetime' ? 'One-time invoices' : 'Invoices of the business'}
          columns={columns}
          rows={report === 'business' && chosen === '' ? [] : result.data}
          loading={result.isFetching}
          getRowId={(i) => i.id}
          rowLabel={(i) => `invoice #${i.id}`}
          empty={report === 'business' && chosen === '' ? 'Choose a business.' : 'No invoices in this range.'}
          totals={result.data && result.data.length > 0 && new Set(result.data.map((i) => i.currency)).size === 1 ? { label: 'Total', cells: { total: money(result.data.reduce((s, i) => s + i.total, 0), result.data[0]!.currency) } } : undefined}
        />
      )}
    </section>
  );
}
