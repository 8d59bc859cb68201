import type { Story } from '@ladle/react';
import { useState } from 'react';
import { DataTable, type DataColumn, type DataTableSettings } from '.';

interface Ticket {
  id: number;
  customer: string;
  phone: string;
  staff: string;
  status: string;
  tender: string;
  total: number;
}

const STAFF = ['Maya Flores', 'Maya Patel', 'Jo Kim', 'Ravi Shah'];
const STATUS = ['Paid', 'Open', 'Deleted'];
const TENDER = ['Card', 'Cash', 'Gift card'];
const tickets = (n: number): Ticket[] =>
  Array.from({ length: n }, (_, i) => ({
    id: 1000 + i,
    customer: `Customer ${i + 1}`,
    phone: `(555) 514-${String(6800 + (i % 200)).padStart(4, '0')}`,
    staff: STAFF[i % STAFF.length] as string,
    status: STATUS[i % STATUS.length] as string,
    tender: TENDER[i % TENDER.length] as string,
    total: 1_500 + ((i * 7_919) % 30_000),
  }));
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

const columns: DataColumn<Ticket>[] = [
  { id: 'customer', header: 'Customer', value: (t) => t.customer, size: 170 },
  { id: 'ticket', header: 'Ticket', value: (t) => t.id, cell: (t) => `#${t.id}`, size: 90, priority: 4 },
  { id: 'phone', header: 'Phone', value: (t) => t.phone, size: 150, priority: 5 },
  { id: 'staff', header: 'Staff', value: (t) => t.staff, size: 140, priority: 1 },
  { id: 'status', header: 'Status', value: (t) => t.status, size: 110, priority: 2 },
  { id: 'tender', header: 'Tender', value: (t) => t.tender, size: 110, priority: 3 },
  { id: 'total', header: 'Total', meaning: 'The line totals of the ticket, tax included, tips not.', value: (t) => t.total, cell: (t) => money(t.total), align: 'end', size: 110, priority: 'always' },
];

const few = tickets(12);
const many = tickets(10_000);

/** A dozen rows with totals; resize the window to see columns fold into the row detail. */
export const Default: Story = () => {
  const [settings, setSettings] = useState<DataTableSettings>({});
  return (
    <div className="space-y-4 p-4">
      <DataTable
        caption="Tickets"
        showCaption
        columns={columns}
        rows={few}
        getRowId={(t) => t.id}
        totals={{ cells: { total: money(few.reduce((s, t) => s + t.total, 0)) } }}
        settings={settings}
        onSettingsChange={setSettings}
        toolbar={<button className="h-8 rounded-lg px-2.5 text-sm ring-1 ring-slate-300">Export</button>}
      />
      <pre className="rounded-lg bg-slate-100 p-3 text-xs">{JSON.stringify(settings, null, 2)}</pre>
    </div>
  );
};

/** 10,000 rows: only those in view are in the page (print the page to get every row). */
export const TenThousandRows: Story = () => <DataTable caption="Tickets" columns={columns} rows={many} getRowId={(t) => t.id} maxHeight="480px" />;

/** As on a phone: the customer and the total, the rest in each row's detail. */
export const Phone: Story = () => (
  <div style={{ width: 343 }}>
    <DataTable caption="Tickets" columns={columns} rows={few} getRowId={(t) => t.id} totals={{ cells: { total: money(12_345) } }} />
  </div>
);

export const Loading: Story = () => <DataTable caption="Tickets" columns={columns} rows={undefined} getRowId={(t) => t.id} />;

export const Empty: Story = () => <DataTable caption="Tickets" columns={columns} rows={[]} getRowId={(t) => t.id} empty="No tickets in this range." />;

/** Each row opens its own detail (a payroll row's services), besides any folded columns. */
export const RowDetail: Story = () => (
  <DataTable
    caption="Tickets"
    columns={columns}
    rows={few}
    getRowId={(t) => t.id}
    detail={(t) => (
      <p className="text-sm text-slate-700">
        Ticket {t.id}: {t.customer}, served by {t.staff}
      </p>
    )}
  />
);
