import type { ReportColumn, ReportParameter } from '../models/reports';

/**
 * The report functions the `reports` schema ships (PostgreSQL functions, migration
 * `reports_engine`): what each is called, its typed named parameters and the columns it returns,
 * labelled and formatted as the viewer shows them. A procedure or function custom report names
 * one of these in `name`; the server refuses any other name. Money columns are cents; figures
 * follow `rules/figures.ts` (gross sales are line totals of completed tickets, refunds count on
 * the day they were made, net sales are gross sales less those refunds).
 */
export interface ReportFunction {
  name: string;
  title: string;
  description: string;
  /** Its parameters; `id` and `target` are the SQL argument's name. */
  params: readonly ReportParameter[];
  /** The columns shown, in order (the function may return more, such as ids). */
  columns: readonly ReportColumn[];
  /** The columns that tell rows apart (the row's key on screen). */
  key: readonly string[];
}

const startDay: ReportParameter = { id: 'start_day', label: 'From', type: 'date', target: 'start_day', required: true, config: { valueType: 'relative', value: 'start-of-month' } };
const endDay: ReportParameter = { id: 'end_day', label: 'To', type: 'date', target: 'end_day', required: true, config: { valueType: 'relative', value: 'today' } };
const range = [startDay, endDay] as const;

const col = (key: string, label: string, format: ReportColumn['format']): ReportColumn => ({ key, label, format });
const location = col('location', 'Location', 'text');

export const REPORT_FUNCTIONS = {
  sales_by_day: {
    name: 'sales_by_day',
    title: 'Sales by day',
    description: 'Tickets, gross sales, refunds, net sales and tips of each business day.',
    params: range,
    columns: [location, col('day', 'Day', 'day'), col('tickets', 'Tickets', 'number'), col('gross_sales', 'Gross sales', 'money'), col('refunds', 'Refunds', 'money'), col('net_sales', 'Net sales', 'money'), col('tips', 'Tips', 'money')],
    key: ['business_id', 'day'],
  },
  sales_by_service: {
    name: 'sales_by_service',
    title: 'Sales by service',
    description: 'Services sold on completed tickets: quantity, discounts and gross sales of each.',
    params: range,
    columns: [location, col('service', 'Service', 'text'), col('category', 'Category', 'text'), col('quantity', 'Quantity', 'number'), col('discounts', 'Discounts', 'money'), col('gross_sales', 'Gross sales', 'money')],
    key: ['business_id', 'service_id', 'service'],
  },
  sales_by_staff: {
    name: 'sales_by_staff',
    title: 'Sales by staff',
    description: 'Gross sales credited to each staff member, by kind: services, retail and prepaid.',
    params: range,
    columns: [
      location,
      col('staff', 'Staff', 'text'),
      col('service_sales', 'Service sales', 'money'),
      col('retail_sales', 'Retail sales', 'money'),
      col('prepaid_sales', 'Prepaid sales', 'money'),
      col('quantity', 'Quantity', 'number'),
      col('gross_sales', 'Gross sales', 'money'),
    ],
    key: ['business_id', 'staff_id'],
  },
  staff_item_sales: {
    name: 'staff_item_sales',
    title: 'Sales by staff and item',
    description: 'What each staff member sold, item by item: quantity, discounts and gross sales (payroll’s service detail).',
    params: range,
    columns: [
      location,
      col('staff', 'Staff', 'text'),
      col('kind', 'Kind', 'text'),
      col('item', 'Item', 'text'),
      col('quantity', 'Quantity', 'number'),
      col('discounts', 'Discounts', 'money'),
      col('gross_sales', 'Gross sales', 'money'),
    ],
    key: ['business_id', 'staff_id', 'kind', 'item_id', 'item'],
  },
  retail_by_product: {
    name: 'retail_by_product',
    title: 'Retail by product',
    description: 'Products sold on completed tickets: quantity, gross sales, their cost and the margin.',
    params: range,
    columns: [
      location,
      col('product', 'Product', 'text'),
      col('category', 'Category', 'text'),
      col('quantity', 'Quantity', 'number'),
      col('gross_sales', 'Retail sales', 'money'),
      col('cost', 'Cost', 'money'),
      col('margin', 'Margin', 'money'),
    ],
    key: ['business_id', 'product_id', 'product'],
  },
  tips_by_staff: {
    name: 'tips_by_staff',
    title: 'Tips by staff',
    description: 'Tips on completed tickets by the staff member who took them, with the tip rate.',
    params: range,
    columns: [location, col('staff', 'Staff', 'text'), col('tickets', 'Tickets', 'number'), col('gross_sales', 'Gross sales', 'money'), col('tips', 'Tips', 'money'), col('tip_rate', 'Tip rate', 'percent')],
    key: ['business_id', 'staff_id'],
  },
  customer_visits: {
    name: 'customer_visits',
    title: 'Customer visits',
    description: 'Each customer’s completed visits in the range, what they spent and when they came first and last.',
    params: [...range, { id: 'min_visits', label: 'At least visits', type: 'number', target: 'min_visits', config: { valueType: 'static', value: 1 } }],
    columns: [
      location,
      col('customer', 'Customer', 'text'),
      col('phone', 'Phone', 'text'),
      col('visits', 'Visits', 'number'),
      col('first_visit', 'First visit', 'day'),
      col('last_visit', 'Last visit', 'day'),
      col('spent', 'Gross sales', 'money'),
      col('average_ticket', 'Average ticket', 'money'),
    ],
    key: ['business_id', 'customer_id'],
  },
  prepaid_balance: {
    name: 'prepaid_balance',
    title: 'Prepaid balance',
    description:
      'Gift cards and prepaid packages, from their ledger at each location: the balance at the start, sold (issued and loaded), redeemed (less what refunds gave back), adjusted, expired and voided, and the balance at the end.',
    params: [...range, { id: 'by_day', label: 'Each day', type: 'boolean', target: 'by_day', config: { valueType: 'static', value: false } }],
    columns: [
      location,
      col('day', 'Day', 'day'),
      col('opening_balance', 'Opening balance', 'money'),
      col('sold', 'Sold', 'money'),
      col('redeemed', 'Redeemed', 'money'),
      col('adjusted', 'Adjusted, expired and voided', 'money'),
      col('closing_balance', 'Closing balance', 'money'),
    ],
    key: ['business_id', 'day'],
  },
  staff_sales_by_visit: {
    name: 'staff_sales_by_visit',
    title: 'Staff sales by visit',
    description: 'Each staff member’s visits (completed tickets with a line of theirs) and what they sold per visit.',
    params: range,
    columns: [
      location,
      col('staff', 'Staff', 'text'),
      col('visits', 'Visits', 'number'),
      col('service_sales', 'Service sales', 'money'),
      col('retail_sales', 'Retail sales', 'money'),
      col('prepaid_sales', 'Prepaid sales', 'money'),
      col('gross_sales', 'Gross sales', 'money'),
      col('per_visit', 'Sales per visit', 'money'),
    ],
    key: ['business_id', 'staff_id'],
  },
  staff_visits: {
    name: 'staff_visits',
    title: 'Staff visits',
    description: 'Every visit of the range with the staff member, the customer and what they sold on it.',
    params: range,
    columns: [
      location,
      col('day', 'Day', 'day'),
      col('ticket_id', 'Ticket', 'number'),
      col('staff', 'Staff', 'text'),
      col('customer', 'Customer', 'text'),
      col('service_sales', 'Service sales', 'money'),
      col('retail_sales', 'Retail sales', 'money'),
      col('prepaid_sales', 'Prepaid sales', 'money'),
      col('gross_sales', 'Gross sales', 'money'),
    ],
    key: ['ticket_id', 'staff_id'],
  },
  staff_visit_customers: {
    name: 'staff_visit_customers',
    title: 'Staff visit customers',
    description: 'Every visit of the range with its customer, whether it was the customer’s first completed ticket at the location, what was sold and the tips the staff member took on it.',
    params: range,
    columns: [
      location,
      col('day', 'Day', 'day'),
      col('ticket_id', 'Ticket', 'number'),
      col('staff', 'Staff', 'text'),
      col('customer', 'Customer', 'text'),
      col('new_customer', 'New customer', 'boolean'),
      col('gross_sales', 'Gross sales', 'money'),
      col('tips', 'Tips', 'money'),
    ],
    key: ['ticket_id', 'staff_id'],
  },
  staff_customers: {
    name: 'staff_customers',
    title: 'Staff customers',
    description: 'Each staff member’s visits and customers in the range, new and returning; “All staff” counts each visit and customer once.',
    params: range,
    columns: [
      location,
      col('staff', 'Staff', 'text'),
      col('visits', 'Visits', 'number'),
      col('customers', 'Customers', 'number'),
      col('new_customers', 'New customers', 'number'),
      col('returning_customers', 'Returning customers', 'number'),
    ],
    key: ['business_id', 'staff_id', 'all_staff'],
  },
} as const satisfies Record<string, ReportFunction>;

export type ReportFunctionName = keyof typeof REPORT_FUNCTIONS;
export const REPORT_FUNCTION_NAMES = Object.keys(REPORT_FUNCTIONS) as ReportFunctionName[];

/** Is this the name of a report function the schema ships? */
export const isReportFunction = (name: string): name is ReportFunctionName => Object.hasOwn(REPORT_FUNCTIONS, name);

/** A report function by name, or undefined. */
export const reportFunction = (name: string): ReportFunction | undefined => (isReportFunction(name) ? REPORT_FUNCTIONS[name] : undefined);

/**
 * The period reports (spec 000 §2 period slugs; spec 001 §7 `periodreport/{start}/{end}` with
 * `detail` and `type`): which function each type runs, in summary and in detail.
 */
export const PERIOD_REPORT_TYPES = {
  prepaidbalance: { title: 'Prepaid balance', summary: 'prepaid_balance', detail: 'prepaid_balance', detailParams: { by_day: true } },
  'staffsales/byvisit': { title: 'Staff sales by visit', summary: 'staff_sales_by_visit', detail: 'staff_visits', detailParams: {} },
} as const satisfies Record<string, { title: string; summary: ReportFunctionName; detail: ReportFunctionName; detailParams: Record<string, boolean> }>;
export type PeriodReportType = keyof typeof PERIOD_REPORT_TYPES;
export const PERIOD_REPORT_TYPE_NAMES = Object.keys(PERIOD_REPORT_TYPES) as PeriodReportType[];
