import { currencySymbolOf, endpoints, rangeProblem, WEB_PAYMENT_RANGE_MAX_DAYS } from '@salondesk/core';
import { overRange } from '../export/context';
import { implementExport, once } from '../export/implementExport';
import { invalidRequest } from '../http/errors';
import { type HandlerContext, businessOf } from '../http/registry';
import { implement } from '../http/registry';
import { loadPayout, paymentsOfPayoutDay, payoutDetailOf, payoutGridOf, payoutsOf, type Range, webPaymentsOf } from './queries';
import type { PaymentProviderResolver } from './providers';
import { providerListingOf } from './reconcile';

/** The access-checked business of a business route. */

/** A range of at most `WEB_PAYMENT_RANGE_MAX_DAYS` days, its end not before its start (400 naming `end`). */
export function checkRange(range: { start: string; end: string }, at: 'query' | 'body' = 'query'): void {
  const problem = rangeProblem(range.start, range.end, WEB_PAYMENT_RANGE_MAX_DAYS);
  if (problem) throw invalidRequest([{ path: [at, 'end'], message: problem }]);
}

const rangeOf = (query: Range): Range => ({ start: query.start, end: query.end, provider: query.provider });

/**
 * The read calls of web payments and payouts, and their exports. A payout's page also reads the
 * provider's own listing of it through `resolve` (the location's adapter), to name what the two
 * disagree on.
 */
export function webPaymentReadHandlers(resolve: PaymentProviderResolver) {
  const e = endpoints.webPayments;
  const x = endpoints.webPaymentExports;
  return [
    implement(e.list, async ({ query }, ctx) => {
      checkRange(query);
      const payments = await webPaymentsOf(ctx.db, businessOf(ctx).id, rangeOf(query));
      return {
        start: query.start,
        end: query.end,
        provider: query.provider ?? null,
        payments,
        totals: {
          count: payments.length,
          amount: payments.reduce((s, p) => s + p.amount, 0),
          fee: payments.reduce((s, p) => s + p.fee, 0),
        },
      };
    }),

    implement(e.payouts, async ({ query }, ctx) => {
      checkRange(query);
      const payouts = await payoutsOf(ctx.db, businessOf(ctx).id, rangeOf(query));
      return { start: query.start, end: query.end, provider: query.provider ?? null, payouts, mismatched: payouts.filter((p) => !p.reconciled).length };
    }),

    implement(e.payout, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      return payoutDetailOf(ctx.db, business.id, params.payoutId, {
        listing: (payout) => providerListingOf(resolve, ctx.db, business.id, payout),
        symbol: currencySymbolOf(business.info),
        timezone: business.timezone,
      });
    }),

    implement(e.grid, async ({ query }, ctx) => {
      checkRange(query);
      const grid = await payoutGridOf(ctx.db, businessOf(ctx).id, rangeOf(query));
      return { start: query.start, end: query.end, provider: query.provider ?? null, ...grid };
    }),

    implement(e.charges, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      await loadPayout(ctx.db, business.id, query.id);
      return { payout_id: query.id, checkout_day: query.checkout_day, payments: await paymentsOfPayoutDay(ctx.db, business.id, query.id, query.checkout_day) };
    }),

    implementExport(x.payments, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      checkRange(query);
      return {
        ...overRange(business, query),
        rows: once(async () =>
          (await webPaymentsOf(ctx.db, business.id, rangeOf(query))).map((p) => ({
            providerTxId: p.providerTxId,
            checkout_day: p.checkout_day,
            provider: p.provider,
            kind: p.kind,
            amount: p.amount,
            fee: p.fee,
            Invoice: p.Invoice,
            customer_id: p.customer_id,
            customer: p.customer,
            receipt: p.receipt,
          })),
        ),
      };
    }),

    implementExport(x.payouts, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      checkRange(query);
      return {
        ...overRange(business, query),
        rows: once(async () =>
          (await payoutsOf(ctx.db, business.id, rangeOf(query))).map((p) => ({
            providerPayoutId: p.providerPayoutId,
            created_day: p.created_day,
            arrival_date: p.arrival_date,
            provider: p.provider,
            status: p.status,
            gross: p.gross,
            fee: p.fee,
            netamount: p.netamount,
            amount: p.amount,
            difference: p.difference,
            reconciled: p.reconciled ? 'Yes' : 'No',
          })),
        ),
      };
    }),
  ];
}
