/**
 * Every figure the product shows about money and tickets, defined once: its label, what it means
 * in one line, how it is formatted and how it is computed from the sums the server keeps
 * (`SalesAggregate`). Home cards and KPIs, the sales summary, aggregate sales, the transactions
 * list and the charts all read these, so "Net sales" is the same number under the same name
 * everywhere. Appointment-based figures (the staff monthly report) are a different thing and
 * have their own names (`APPOINTMENT_FIGURES`).
 *
 * Ticket-based figures count completed tickets (checked out, not deleted) on their checkout's
 * business day; refunds count on the business day they were made, whatever the ticket's day.
 */
import { SEGMENT_COUNT_FRESH_MINUTES } from '../models/segments';
import type { TransactionDay } from '../models/transaction';
import type { DashboardMetric, MetricFormat } from '../models/metricColumns';

/** The sums the server aggregates over a day or a range (integer cents and counts). */
export interface SalesAggregate {
  /** Completed tickets (a live checkout) on their checkout day. */
  tickets: number;
  /** Line totals of those tickets: price × quantity − discount + tax. */
  sales: number;
  /** Price × quantity of the lines, before discounts and tax. */
  subtotal: number;
  discounts: number;
  tax: number;
  tips: number;
  /** Refunds made on these business days (whatever the ticket's day). */
  refunds: number;
  /** Cash + credit + gift taken on those tickets (line totals, tips and fees). */
  collected: number;
  services: number;
  products: number;
  giftcards: number;
  serviceQuantity: number;
  productQuantity: number;
}

export const emptyAggregate = (): SalesAggregate => ({
  tickets: 0,
  sales: 0,
  subtotal: 0,
  discounts: 0,
  tax: 0,
  tips: 0,
  refunds: 0,
  collected: 0,
  services: 0,
  products: 0,
  giftcards: 0,
  serviceQuantity: 0,
  productQuantity: 0,
});

/** Adds two aggregates key by key (a range is the sum of its days). */
export const addAggregates = (a: SalesAggregate, b: SalesAggregate): SalesAggregate => {
  const out = emptyAggregate();
  for (const key of Object.keys(out) as (keyof SalesAggregate)[]) out[key] = a[key] + b[key];
  return out;
};

export interface Figure {
  /** The figure's name, the same on every screen: "Net sales". */
  label: string;
  /** What it counts, in one line, offered wherever the label is shown. */
  meaning: string;
  format: MetricFormat;
  value: (a: SalesAggregate) => number;
}

const ratio = (a: number, b: number): number => (b === 0 ? 0 : Math.round(a / b));
const percentOf = (a: number, b: number): number => (b === 0 ? 0 : Math.round((a * 1000) / b) / 10);

/**
 * Every ticket-based figure, by the column name cards and KPIs store. Money is cents (averages
 * rounded half away from zero to the cent); percents have one decimal.
 */
export const FIGURES = {
  sales: {
    label: 'Gross sales',
    meaning: 'What completed tickets sold: line prices less discounts, tax included, before refunds; tips are not included.',
    format: 'money',
    value: (a) => a.sales,
  },
  discounts: { label: 'Discounts', meaning: 'Taken off line prices on completed tickets; gross sales are counted after them.', format: 'money', value: (a) => a.discounts },
  refunds: {
    label: 'Refunds',
    meaning: 'Money given back, counted on the business day the refund was made, whatever day the ticket was.',
    format: 'money',
    value: (a) => a.refunds,
  },
  net: { label: 'Net sales', meaning: 'Gross sales less the refunds made in the same period.', format: 'money', value: (a) => a.sales - a.refunds },
  tax: { label: 'Tax', meaning: 'Tax charged on the lines of completed tickets; part of gross sales.', format: 'money', value: (a) => a.tax },
  tips: { label: 'Tips', meaning: 'Tips added on completed tickets; not part of gross sales.', format: 'money', value: (a) => a.tips },
  collected: {
    label: 'Total collected',
    meaning: 'Cash, card and gift card taken on completed tickets: gross sales plus tips and fees, refunds not taken off.',
    format: 'money',
    value: (a) => a.collected,
  },
  tickets: {
    label: 'Tickets',
    meaning: 'Completed tickets, counted on their checkout day; tickets still open and deleted ones are not counted.',
    format: 'count',
    value: (a) => a.tickets,
  },
  average: { label: 'Average ticket', meaning: 'Gross sales divided by tickets.', format: 'money', value: (a) => ratio(a.sales, a.tickets) },
  services: { label: 'Service sales', meaning: 'Gross sales of service lines on completed tickets.', format: 'money', value: (a) => a.services },
  products: { label: 'Retail sales', meaning: 'Gross sales of product lines on completed tickets.', format: 'money', value: (a) => a.products },
  giftcards: { label: 'Prepaid sales', meaning: 'Gross sales of gift cards and prepaid packages on completed tickets.', format: 'money', value: (a) => a.giftcards },
  retail_share: {
    label: 'Retail share',
    meaning: 'Retail sales as a share of service and retail sales.',
    format: 'percent',
    value: (a) => percentOf(a.products, a.services + a.products),
  },
  tip_rate: { label: 'Tip rate', meaning: 'Tips as a share of gross sales.', format: 'percent', value: (a) => percentOf(a.tips, a.sales) },
  discount_rate: { label: 'Discount rate', meaning: 'Discounts as a share of line prices before discounts.', format: 'percent', value: (a) => percentOf(a.discounts, a.subtotal) },
  refund_rate: { label: 'Refund rate', meaning: 'Refunds as a share of gross sales in the same period.', format: 'percent', value: (a) => percentOf(a.refunds, a.sales) },
  services_per_ticket: {
    label: 'Services per ticket',
    meaning: 'Services sold (their quantity) per completed ticket.',
    format: 'decimal',
    value: (a) => ratio(a.serviceQuantity * 100, a.tickets) / 100,
  },
} as const satisfies Record<DashboardMetric, Figure>;

/** Is this column one of the figures (a card or KPI stored with an unknown column is skipped)? */
export const isFigure = (column: string): column is DashboardMetric => Object.hasOwn(FIGURES, column);

/** The value of one figure over an aggregate. */
export const figureValue = (column: DashboardMetric, aggregate: SalesAggregate): number => FIGURES[column].value(aggregate);

/**
 * The figures of one day's ticket list (`transactions/{day}`): the same definitions as every
 * other screen, from the rows the list holds. `listed` is what the list shows, open and deleted
 * tickets included; `tickets` counts only completed ones, as the "Tickets" figure does.
 */
export function dayListFigures(list: TransactionDay): { listed: number } & Pick<SalesAggregate, 'tickets' | 'sales' | 'tips' | 'refunds' | 'collected'> {
  let tickets = 0;
  let sales = 0;
  let tips = 0;
  let collected = 0;
  for (const row of list.transactions) {
    // The list leaves out a CHECKOUT without a live checkout: every completed row has one.
    if (row.status !== 'CHECKOUT') continue;
    tickets += 1;
    sales += row.total;
    tips += row.tipamount;
    collected += row.cashamount + row.creditamount + row.giftamount;
  }
  return { listed: list.transactions.length, tickets, sales, tips, refunds: list.refunds, collected };
}

/** What the list's count says: the tickets shown, which are not the "Tickets" figure. */
export const LISTED_TICKETS = {
  label: 'Tickets listed',
  meaning: 'Every ticket of the days in this list: completed, still open and deleted after or before service.',
} as const;

/**
 * Figures of the staff monthly report, made from appointments (booked in the scheduler), not
 * from tickets: their own names, so they are never read as sales.
 */
export const APPOINTMENT_FIGURES = {
  appointments: { label: 'Appointments', meaning: 'Appointments booked in the month, cancellations and no-shows included.' },
  bookedHours: { label: 'Booked hours', meaning: 'The length of the month’s appointments, cancellations and no-shows left out.' },
  bookedValue: {
    label: 'Completed appointments value',
    meaning: 'The booked price of the services of completed appointments; not ticket sales (Sales › Service sales counts what was rung up).',
  },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;

/**
 * Figures of the scheduler, made from schedule entries (`rules/scheduledHours.ts`): time on the
 * schedule, not time worked (timesheets) nor booked (appointments).
 */
export const SCHEDULE_FIGURES = {
  scheduledHours: {
    label: 'Scheduled hours',
    meaning: 'The time a staff member is on the schedule in the week shown; shifts of theirs that overlap count once. No breaks are taken off.',
  },
  staffedHours: {
    label: 'Staffed hours',
    meaning: 'The scheduled hours of every staff member on that day added up: two people at the same time count twice.',
  },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;

/**
 * Figures of payroll (spec 001 §3 Payroll per employee), made from timesheets (hours: clocked-out
 * slots, the §9 break deducted day by day) and from the sales figures above (`FIGURES.tickets`,
 * `sales`, `tips`, `services`, `products`, `giftcards`, credited to the staff member).
 */
export const PAYROLL_FIGURES = {
  hours: { label: 'Hours', meaning: 'Time clocked in clocked-out timesheet slots, each counted on the day of its clock-in; slots still open are not counted.' },
  breakHours: { label: 'Break', meaning: 'Break hours taken off day by day: the break minutes of the payroll settings, on days that reach the break threshold.' },
  hoursAfterBreak: { label: 'Hours after break', meaning: 'Hours less break: the hours payroll pays.' },
  overtimeHours: { label: 'Overtime', meaning: 'Hours after break past the daily or weekly overtime threshold of the payroll settings (none when both are off); an hour counts once.' },
  tickets: { label: 'Tickets', meaning: 'Completed tickets the staff member checked out, as Tips by staff counts them.' },
  salesBeforeDiscount: { label: 'Sales before discount', meaning: 'Gross sales credited to the staff member with the line discounts added back.' },
  salesAfterDiscount: { label: FIGURES.sales.label, meaning: 'Gross sales credited to the staff member: line prices less discounts, tax included, before refunds.' },
  tip: { label: FIGURES.tips.label, meaning: 'Tips on the completed tickets the staff member checked out.' },
  serviceQuantity: { label: 'Services sold', meaning: 'The quantity of service lines credited to the staff member.' },
  serviceSales: { label: FIGURES.services.label, meaning: FIGURES.services.meaning },
  retailQuantity: { label: 'Retail sold', meaning: 'The quantity of product lines credited to the staff member.' },
  retailSales: { label: FIGURES.products.label, meaning: FIGURES.products.meaning },
  prepaidQuantity: { label: 'Prepaid sold', meaning: 'The quantity of gift card and prepaid lines credited to the staff member.' },
  prepaidSales: { label: FIGURES.giftcards.label, meaning: FIGURES.giftcards.meaning },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;
export type PayrollFigure = keyof typeof PAYROLL_FIGURES;

/**
 * Figures of a cash-drawer shift (spec 001 §4), in the order the shift report shows them; computed
 * by `rules/shifts.ts` (`shiftFigures`). Cash sales are the cash tender of the shift's day at the
 * location, as the sales reports take it (the sales summary's tender).
 */
export const SHIFT_FIGURES = {
  starting_balance: { label: 'Starting balance', meaning: 'The cash counted into the drawer when it opened (the float).' },
  cash_sales: { label: 'Cash sales', meaning: 'Cash taken on the shift’s day at this location, as the sales summary’s cash tender; frozen when the shift closes.' },
  paid_in: { label: 'Paid in', meaning: 'Cash put into the drawer during the shift.' },
  paid_out: { label: 'Paid out', meaning: 'Cash taken from the drawer to pay for something.' },
  tip_out: { label: 'Tip out', meaning: 'Tips paid to staff from the drawer.' },
  cash_drop: { label: 'Cash drop', meaning: 'Cash taken from the drawer to the safe at closing.' },
  finances: { label: 'Finances', meaning: 'Paid in less paid out, tip outs and the cash drop: what the finances did to the drawer.' },
  expected: { label: 'Expected', meaning: 'What the drawer should hold: starting balance + cash sales + finances.' },
  counted: { label: 'Counted', meaning: 'What stays in the drawer at closing: the cash counted less the cash drop.' },
  difference: { label: 'Difference', meaning: 'Counted less expected: above 0 the drawer is Over, below 0 Short, 0 Balanced.' },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;
export type ShiftFigure = keyof typeof SHIFT_FIGURES;

/**
 * Figures of the inventory (issue 14), made from the stock ledger (`rules/stock.ts`), never from a
 * stored count: on-hand is the sum of a product's movements, its value on-hand × its cost.
 */
export const INVENTORY_FIGURES = {
  onHand: { label: 'On hand', meaning: 'The sum of the product’s stock movements (sales, deliveries, adjustments, recounts), in its unit, to three decimals.' },
  par: { label: 'Par', meaning: 'The reorder point: at or below it the product is low on stock.' },
  full: { label: 'Full', meaning: 'What a full shelf holds: a reorder brings on hand up to it.' },
  value: { label: 'Stock value', meaning: 'On hand × the product’s cost, at cost (not at the selling price).' },
  valueChange: { label: 'Value change', meaning: 'What a movement did to the stock value: its change to on hand × the cost when it was recorded.' },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;
export type InventoryFigure = keyof typeof INVENTORY_FIGURES;

/**
 * Figures of the staff visit report (`staffvisitdata`), made from completed tickets by staff
 * member: a visit is a completed ticket with a line credited to them (`reports.staff_visits`, as
 * the period report `staffsales/byvisit` counts them). Their sales are gross sales (`FIGURES.sales`)
 * and their tips the tips of the tickets they checked out (`reports.tips_by_staff`).
 */
export const VISIT_FIGURES = {
  visits: {
    label: 'Visits',
    meaning: 'Completed tickets with a line credited to the staff member, on their checkout day; a ticket two people served is a visit for each. In the total, each ticket counts once.',
  },
  customers: { label: 'Customers', meaning: 'Different customers on those visits; tickets without a customer record (walk-ins) are not counted.' },
  newCustomers: { label: 'New customers', meaning: 'Customers whose first completed ticket at this location was one of these visits.' },
  returningCustomers: { label: 'Returning customers', meaning: 'Customers of these visits who had a completed ticket at this location before.' },
  perVisit: { label: 'Sales per visit', meaning: 'Gross sales divided by visits (rounded to the cent).' },
  tips: { label: FIGURES.tips.label, meaning: 'Tips on the completed tickets the staff member checked out; not part of gross sales.' },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;

/**
 * Figures of one client (issue 18: the client list, the profile and the segments), made from the
 * client's completed tickets at the location (the `customer_facts` view; `rules/clients.ts`
 * `customerFacts` is the same computation in memory). Spend is gross sales (`FIGURES.sales`).
 */
export const CLIENT_FIGURES = {
  visits: { label: 'Visits', meaning: 'Completed tickets of the client at this location (checked out, not deleted), on their checkout day.' },
  spend: { label: 'Spend', meaning: `${FIGURES.sales.label} of those tickets: line prices less discounts, tax included, before refunds; tips are not included.` },
  averageSpend: { label: 'Average spend', meaning: 'Spend divided by visits (rounded to the cent).' },
  refunds: { label: FIGURES.refunds.label, meaning: 'Refunds made on the client’s tickets, whatever day they were made.' },
  tips: { label: FIGURES.tips.label, meaning: 'Tips on the client’s completed tickets; not part of spend.' },
  firstVisit: { label: 'First visit', meaning: 'The checkout day of the client’s first completed ticket at this location.' },
  lastVisit: { label: 'Last visit', meaning: 'The checkout day of the client’s latest completed ticket at this location.' },
  lastStaff: { label: 'Last seen by', meaning: 'The staff member who served the client’s latest completed ticket (else who checked it out).' },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;
export type ClientFigure = keyof typeof CLIENT_FIGURES;

/**
 * Figures of campaigns (issue 18), made from their deliveries and the outbox: what the delivery
 * report, the campaign list and its charts show under these names.
 */
export const CAMPAIGN_FIGURES = {
  recipients: { label: 'Recipients', meaning: 'Members of the segment when the campaign first went out, those skipped included, plus those a resend reached.' },
  handed: { label: 'Sent', meaning: 'Messages handed to the outbox: recipients less those skipped.' },
  delivered: { label: 'Delivered', meaning: 'Sent messages the mail server or SMS gateway did not refuse (recorded in the outbox when none is configured).' },
  failed: { label: 'Failed', meaning: 'Sent messages the mail server or SMS gateway refused.' },
  skippedUnsubscribed: { label: 'Skipped: unsubscribed', meaning: 'Members who had unsubscribed from this channel before it went out.' },
  skippedCap: { label: 'Skipped: frequency cap', meaning: 'Members who had already received as many campaign messages as the cap allows in its period.' },
  skippedNoAddress: { label: 'Skipped: no address', meaning: 'Members without an email (email campaigns) or a phone (text messages).' },
  unsubscribed: { label: 'Unsubscribed', meaning: 'Recipients who used this campaign’s unsubscribe link.' },
  surveyAnswers: { label: 'Survey answers', meaning: 'Answers to the campaign’s survey from its recipients.' },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;

/** Figures of surveys (issue 18): the Net Promoter Score and its parts. */
export const SURVEY_FIGURES = {
  nps: { label: 'NPS', meaning: 'Net Promoter Score: the percent of promoters (9 or 10) less the percent of detractors (0 to 6), from −100 to 100.' },
  promoters: { label: 'Promoters', meaning: 'Answers scoring 9 or 10.' },
  passives: { label: 'Passives', meaning: 'Answers scoring 7 or 8.' },
  detractors: { label: 'Detractors', meaning: 'Answers scoring 0 to 6.' },
  answers: { label: 'Answers', meaning: 'Survey invitations answered.' },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;

/** Figures of customer segments (issue 18): how many clients one holds. */
export const SEGMENT_FIGURES = {
  members: { label: 'Members', meaning: 'Clients of the segment’s locations who match its conditions now.' },
  lastCounted: { label: 'Clients (last counted)', meaning: 'Members when the segment was last counted and kept (the builder’s “Keep this count”), with that moment.' },
  counted: {
    label: 'Members',
    meaning: `Clients of the segment’s locations who matched its conditions when it was last counted, with how long ago; a count older than ${SEGMENT_COUNT_FRESH_MINUTES} minutes is counted again in the background.`,
  },
} as const satisfies Record<string, Pick<Figure, 'label' | 'meaning'>>;

/** The NPS of some answers' counts, rounded to a whole number; null without answers. */
export function netPromoterScore(counts: { promoters: number; passives: number; detractors: number }): number | null {
  const answers = counts.promoters + counts.passives + counts.detractors;
  if (answers === 0) return null;
  return Math.round(((counts.promoters - counts.detractors) * 100) / answers) + 0;
}

/** Promoters, passives, detractors and the NPS of a list of 0-10 scores. */
export function npsSummaryOf(scores: readonly number[]): { answers: number; promoters: number; passives: number; detractors: number; nps: number | null } {
  const promoters = scores.filter((s) => s >= 9).length;
  const passives = scores.filter((s) => s === 7 || s === 8).length;
  const detractors = scores.filter((s) => s <= 6).length;
  return { answers: scores.length, promoters, passives, detractors, nps: netPromoterScore({ promoters, passives, detractors }) };
}
