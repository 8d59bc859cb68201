import {
  endpoints,
  nextPayoutDate,
  operations,
  type PaymentProvider,
  type PayoutSchedule,
  type PayoutScheduleState,
  paysThrough,
} from '@salondesk/core';
import { instantsOf } from '../db/instants';
import { implement } from '../http/registry';
import type { ProviderPayoutSchedule } from '../payments/provider';
import { implementOperation } from '../proxy/registry';
import { businessOf } from '../http/registry';
import { checkRange } from './handlers';
import { importPayouts } from './import';
import { type PaymentProviderResolver, withProvider } from './providers';

/** The provider's schedule in core's shape: every anchor present, null where the interval has none. */
export const scheduleFromProvider = (s: ProviderPayoutSchedule): PayoutSchedule => ({
  delay_days: s.delay_days,
  interval: s.interval,
  weekly_anchor: s.interval === 'weekly' ? (s.weekly_anchor ?? null) : null,
  monthly_anchor: s.interval === 'monthly' ? (s.monthly_anchor ?? null) : null,
});

/** Core's schedule as the provider takes it: only the anchor of its interval. */
export const scheduleToProvider = (s: PayoutSchedule): ProviderPayoutSchedule => ({
  delay_days: s.delay_days,
  interval: s.interval,
  ...(s.weekly_anchor !== null ? { weekly_anchor: s.weekly_anchor } : {}),
  ...(s.monthly_anchor !== null ? { monthly_anchor: s.monthly_anchor } : {}),
});

/** The schedule with the next payout day it gives in the business's time zone (core's `nextPayoutDate`). */
export function scheduleState(provider: PaymentProvider, schedule: PayoutSchedule, now: Date, timezone: string): PayoutScheduleState {
  const next = nextPayoutDate(schedule, now, timezone);
  return { provider, schedule, next_payout_date: next, pays_through: next === null ? null : paysThrough(next, schedule.delay_days), timezone };
}

/** The payout schedule (proxy operations): read and changed at the provider, never kept here. */
export function webPaymentOperationHandlers(resolve: PaymentProviderResolver) {
  const o = operations.webPayments;
  return [
    implementOperation(o.schedule, async (_request, ctx) => {
      const business = businessOf(ctx);
      const adapter = await withProvider(() => resolve(ctx.db, business.id));
      const schedule = await withProvider(() => adapter.getPayoutSchedule());
      return scheduleState(adapter.name, scheduleFromProvider(schedule), ctx.now(), business.timezone);
    }),
    implementOperation(o.updateSchedule, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const adapter = await withProvider(() => resolve(ctx.db, business.id));
      const saved = await withProvider(() => adapter.updatePayoutSchedule(scheduleToProvider(body.schedule)));
      return scheduleState(adapter.name, scheduleFromProvider(saved), ctx.now(), business.timezone);
    }),
  ];
}

/** `webpayments/import`: imports the range's payouts from the provider now (the webhook's import goes through the job). */
export function webPaymentImportHandlers(resolve: PaymentProviderResolver) {
  return [
    implement(endpoints.webPayments.import, async ({ body }, ctx) => {
      checkRange(body, 'body');
      const business = businessOf(ctx);
      const adapter = await withProvider(() => resolve(ctx.db, business.id));
      const counts = await withProvider(() => importPayouts(ctx.db, business, adapter, instantsOf(body, business.timezone)));
      return { job_id: null, ...counts };
    }),
  ];
}
