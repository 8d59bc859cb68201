import { FIGURES, type StaffVisit, type StaffVisitRowResponse, VISIT_FIGURES } from '@salondesk/core';
import { TicketLink } from '../../../../app/TicketLink';
import type { ColumnPriority, DataColumn } from '../../../../ui/DataTable';

/** A staff member's row key in the address (`?staff=4`, `?staff=none` for lines credited to nobody). */
export const staffKey = (staffId: number | null): string => (staffId === null ? 'none' : String(staffId));

type Figure = Exclude<keyof StaffVisitRowResponse, 'staff_id' | 'name'>;

/** The figures in the report's order, each under its one name and meaning; gross sales never fold. */
const FIGURE_COLUMNS: { id: Figure; label: string; meaning: string; money: boolean; priority: ColumnPriority }[] = [
  { id: 'visits', ...VISIT_FIGURES.visits, money: false, priority: 1 },
  { id: 'customers', ...VISIT_FIGURES.customers, money: false, priority: 4 },
  { id: 'new_customers', ...VISIT_FIGURES.newCustomers, money: false, priority: 5 },
  { id: 'returning_customers', ...VISIT_FIGURES.returningCustomers, money: false, priority: 6 },
  { id: 'service_sales', label: FIGURES.services.label, meaning: FIGURES.services.meaning, money: true, priority: 7 },
  { id: 'retail_sales', label: FIGURES.products.label, meaning: FIGURES.products.meaning, money: true, priority: 8 },
  { id: 'prepaid_sales', label: FIGURES.giftcards.label, meaning: FIGURES.giftcards.meaning, money: true, priority: 9 },
  { id: 'sales', label: FIGURES.sales.label, meaning: FIGURES.sales.meaning, money: true, priority: 'always' },
  { id: 'per_visit', ...VISIT_FIGURES.perVisit, money: true, priority: 2 },
  { id: 'tips', ...VISIT_FIGURES.tips, money: true, priority: 3 },
];

export function figureColumns(money: (cents: number) => string): DataColumn<StaffVisitRowResponse>[] {
  return FIGURE_COLUMNS.map((f) => ({
    id: f.id,
    header: f.label,
    meaning: f.meaning,
    value: (r) => r[f.id],
    cell: (r) => (f.money ? money(r[f.id]) : r[f.id].toLocaleString('en-US')),
    align: 'end',
    size: f.id === 'visits' ? 96 : f.money ? 132 : 118,
    priority: f.priority,
    className: f.id === 'sales' ? 'font-semibold text-slate-900' : undefined,
  }));
}

/** The totals row's cells, as the columns show them. */
export function totalsCells(totals: Record<Figure, number>, money: (cents: number) => string): Record<string, string> {
  return Object.fromEntries(FIGURE_COLUMNS.map((f) => [f.id, f.money ? money(totals[f.id]) : totals[f.id].toLocaleString('en-US')]));
}

/** The columns of one staff member's visits. */
export function visitColumns(businessId: number, money: (cents: number) => string): DataColumn<StaffVisit>[] {
  const amount = (id: 'service_sales' | 'retail_sales' | 'prepaid_sales' | 'sales' | 'tips', header: string, priority: ColumnPriority, meaning?: string): DataColumn<StaffVisit> => ({
    id,
    header,
    ...(meaning ? { meaning } : {}),
    value: (v) => v[id],
    cell: (v) => money(v[id]),
    align: 'end',
    size: 124,
    priority,
  });
  return [
    { id: 'ticket', header: 'Ticket', value: (v) => v.ticket_id, cell: (v) => <TicketLink businessId={businessId} id={v.ticket_id} />, size: 96 },
    { id: 'day', header: 'Day', value: (v) => v.day, size: 120, priority: 1 },
    { id: 'customer', header: 'Customer', value: (v) => v.customer ?? '', cell: (v) => v.customer ?? 'Walk-in', size: 180, priority: 2 },
    { id: 'new_customer', header: 'New customer', value: (v) => (v.new_customer ? 1 : 0), cell: (v) => (v.new_customer ? 'Yes' : 'No'), size: 120, priority: 4 },
    amount('service_sales', FIGURES.services.label, 6),
    amount('retail_sales', FIGURES.products.label, 7),
    amount('prepaid_sales', FIGURES.giftcards.label, 8),
    amount('sales', FIGURES.sales.label, 'always', FIGURES.sales.meaning),
    amount('tips', VISIT_FIGURES.tips.label, 5, 'The ticket’s tips when this staff member checked it out.'),
  ];
}
