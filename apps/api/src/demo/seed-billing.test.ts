import { addDays, INVOICE_STATUSES, invoiceTotals, todayIn, type AdjustmentType, type AmountKind } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { demoSeededAt, startTestServer, type TestServer } from '../test/harness';

/** The demo's billing, as the template database holds it (seeded at the start of the run). */

let server: TestServer;
let db: Database;
const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await db.execute<T>(query)).rows;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
});
afterAll(() => server?.close());

describe('demo billing', () => {
  it('has every invoice status, a monthly subscription for every business with a year of invoices, none due again before next month', async () => {
    const statuses = (await q<{ status: string }>(sql`select distinct status from billing_invoices`)).map((r) => r.status).sort();
    expect(statuses).toEqual([...INVOICE_STATUSES].sort());
    const businesses = await q<{ id: number; timezone: string; subscriptions: number; recurring: number; cycles: number; next: string; first: string }>(sql`
      select b.id, b.timezone, count(distinct s.id)::int as subscriptions, count(i.id)::int as recurring, count(distinct i.current_billing_cycle_start)::int as cycles,
             min(s.next_billing_day)::text as next, min(i.current_billing_cycle_start)::text as first
      from businesses b left join billing_subscriptions s on s.business_id = b.id
      left join billing_invoices i on i.subscription_id = s.id and i.type = 'recurring'
      group by b.id order by b.id`);
    expect(businesses.length).toBeGreaterThanOrEqual(5);
    for (const b of businesses) {
      expect(b).toMatchObject({ subscriptions: 1, recurring: 12, cycles: 12 });
      const today = todayIn(b.timezone, demoSeededAt());
      // The current cycle is open; the scheduler's next one is next month.
      expect(b.next > today).toBe(true);
      expect(b.first <= addDays(today, -330)).toBe(true);
    }
  });

  it('keeps its totals to core’s rule and its history audited: every invoice’s last recorded status is its status', async () => {
    const invoices = await q<{ id: number; status: string; tax_rate: number; subtotal: number; adjustments_total: number; tax: number; total: number }>(sql`select id, status, tax_rate, subtotal, adjustments_total, tax, total from billing_invoices`);
    const lines = await q<{ invoice_id: number; quantity: number; unit_amount: number }>(sql`select invoice_id, quantity, unit_amount from billing_invoice_lines`);
    const adjustments = await q<{ invoice_id: number; type: AdjustmentType; amount_kind: AmountKind; value: number; cents: number }>(sql`select invoice_id, type, amount_kind, value, cents from billing_invoice_adjustments order by id`);
    const last = new Map((await q<{ invoice_id: number; to_status: string; actor: string }>(sql`
      select distinct on (invoice_id) invoice_id, to_status, actor from billing_invoice_status_history order by invoice_id, at desc, id desc`)).map((h) => [h.invoice_id, h]));
    for (const invoice of invoices) {
      const mine = adjustments.filter((a) => a.invoice_id === invoice.id);
      const totals = invoiceTotals(lines.filter((l) => l.invoice_id === invoice.id), mine, invoice.tax_rate);
      expect({ subtotal: invoice.subtotal, adjustments_total: invoice.adjustments_total, tax: invoice.tax, total: invoice.total }).toEqual({
        subtotal: totals.subtotal,
        adjustments_total: totals.adjustments_total,
        tax: totals.tax,
        total: totals.total,
      });
      expect(mine.map((a) => a.cents)).toEqual(totals.adjustments);
      expect(last.get(invoice.id)?.to_status).toBe(invoice.status);
    }
  });

  it('has a failed charge being retried, a paused subscription with a pause scheduled, an alternate arrangement, refunds and an instalment plan', async () => {
    const [failed] = await q<{ attempts: number; retry_at: string; declined: number }>(sql`
      select i.attempts, i.next_attempt_at::text as retry_at, (select count(*)::int from billing_payments p where p.invoice_id = i.id and p.status = 'failed') as declined
      from billing_invoices i where i.status = 'fail'`);
    expect(failed).toMatchObject({ attempts: 1, declined: 1 });
    expect(new Date(failed!.retry_at).getTime()).toBeGreaterThan(Date.now()); // the next attempt is still to come

    const pauses = await q<{ pause_mode: string; starts_on: string; ends_on: string; timezone: string }>(sql`
      select st.pause_mode, st.starts_on::text as starts_on, st.ends_on::text as ends_on, b.timezone
      from billing_subscription_statuses st join billing_subscriptions s on s.id = st.subscription_id join businesses b on b.id = s.business_id
      where st.status = 'paused' order by st.starts_on`);
    expect(pauses.map((p) => p.pause_mode)).toEqual(['PAUSE', 'PAUSEWITHOUTINVOICE']);
    const today = todayIn(pauses[1]!.timezone, demoSeededAt());
    expect(pauses[0]!.ends_on < today).toBe(true);
    expect(pauses[1]!.starts_on > today).toBe(true); // scheduled: set already, in effect next month
    expect((await q(sql`select 1 from billing_invoices where status = 'paused'`)).length).toBe(2);
    expect((await q(sql`select 1 from billing_invoices where status = 'alternate'`)).length).toBe(3);

    // Refunds never exceed what was paid on their payment; the fully refunded invoice is `refund`.
    const refunds = await q<{ amount: number; refunded: number; status: string }>(sql`
      select p.amount, sum(r.amount)::int as refunded, i.status from billing_refunds r join billing_payments p on p.id = r.payment_id join billing_invoices i on i.id = p.invoice_id
      group by p.id, i.status order by i.status`);
    expect(refunds.map((r) => r.status)).toEqual(['paid', 'refund']);
    expect(refunds[0]!.refunded).toBeLessThan(refunds[0]!.amount);
    expect(refunds[1]!.refunded).toBe(refunds[1]!.amount);

    const instalments = await q<{ installment_number: number; status: string; total: number; plan_total: number }>(sql`
      select i.installment_number, i.status, i.total, p.total as plan_total from billing_invoices i join billing_installment_plans p on p.id = i.installment_plan_id order by i.installment_number`);
    expect(instalments.map((i) => [i.installment_number, i.status])).toEqual([
      [1, 'paid'],
      [2, 'unpaid'],
      [3, 'unpaid'],
    ]);
    expect(instalments.reduce((s, i) => s + i.total, 0)).toBe(instalments[0]!.plan_total);
  });

  it('has payments the Stripe simulator knows, funds and message balances for every business, and one business to be suspended next week', async () => {
    const unknown = await q(sql`
      select p.id from billing_payments p left join provider_sim.stripe_charges c on c.id = p.foreign_payment_id
      where p.status = 'succeeded' and (c.id is null or c.amount <> p.amount)`);
    expect(unknown).toEqual([]);
    const balances = await q<{ business_id: number; kinds: string[]; history: number; entries: number }>(sql`
      select a.business_id, array_agg(distinct a.kind order by a.kind) as kinds, count(*)::int as entries,
             (select count(*)::int from billing_account_balance_history h where h.business_id = a.business_id) as history
      from billing_account_balances a group by a.business_id order by a.business_id`);
    expect(balances).toHaveLength(5);
    for (const b of balances) expect(b).toMatchObject({ kinds: ['fund', 'message'], entries: 4, history: 4 });

    const suspended = await q<{ name: string; suspended_after: string; timezone: string }>(sql`select name, suspended_after::text as suspended_after, timezone from businesses where suspended_after is not null`);
    expect(suspended).toHaveLength(1);
    expect(suspended[0]!.name).toBe('Harbour Sydney');
    expect(suspended[0]!.suspended_after).toBe(addDays(todayIn(suspended[0]!.timezone, demoSeededAt()), 7));
  });
});
