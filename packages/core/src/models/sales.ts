import { z } from 'zod/mini';
import { day, id } from './ids';
import { cents, lineKind } from './transaction';

/** The sums over a range that every sales figure is made from (core's `SalesAggregate`). */
export const salesAggregate = z.object({
  tickets: z.number(),
  sales: cents,
  subtotal: cents,
  discounts: cents,
  tax: cents,
  tips: cents,
  /** Refunds made on these business days, whatever the ticket's day. */
  refunds: cents,
  /** Cash + credit + gift taken on the completed tickets. */
  collected: cents,
  services: cents,
  products: cents,
  giftcards: cents,
  serviceQuantity: z.number(),
  productQuantity: z.number(),
});

/** The sales summary of one location over a range (GET sales with start, end). */
export const salesSummary = z.object({
  start: day,
  end: day,
  totals: salesAggregate,
  /** What was taken, by tender (refunds not subtracted). */
  tender: z.object({ cash: cents, credit: cents, gift: cents }),
  byKind: z.array(z.object({ kind: lineKind, quantity: z.number(), total: cents })),
  /** One row per staff member (`employee_id`; null for lines nobody was credited with), named by display name. */
  byStaff: z.array(z.object({ employee_id: z.nullable(id), name: z.string(), quantity: z.number(), total: cents })),
  byDay: z.array(z.object({ day, tickets: z.number(), total: cents })),
  topItems: z.array(z.object({ kind: lineKind, name: z.string(), quantity: z.number(), total: cents })),
});
export type SalesSummary = z.infer<typeof salesSummary>;

/** Sales of every location of the network the user may see, side by side (the aggregate-sales report). */
export const aggregateSales = z.object({
  start: day,
  end: day,
  locations: z.array(
    z.object({
      business_id: id,
      name: z.string(),
      currencySymbol: z.string(),
      totals: salesAggregate,
    }),
  ),
});
export type AggregateSales = z.infer<typeof aggregateSales>;
