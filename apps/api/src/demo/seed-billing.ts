import { randomBytes } from 'node:crypto';
import { addDays, dayStartInZone, invoiceTotals, nextCycleStart, todayIn, type AdjustmentType, type AmountKind, type Currency, type InvoiceStatus } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { attemptKey } from '../billing/charge';
import { STRIPE_SIM_PLATFORM_ACCOUNT } from '../payments/simulators/stripe';
import type { Executor } from '../db/executor';

/** What the demo's billing needs of a location. */
export interface BillingDemoLocation {
  businessId: number;
  name: string;
  currency: Currency;
  timezone: string;
  /** Its sales tax, a percentage (`info.taxrate`). */
  taxrate: number;
  /** The user who pays its subscription (its network's owner). */
  payerId: number;
}

/** The demo's plans: a monthly one per currency the demo bills in, and one-time ones. */
const PLAN_PRICES: Partial<Record<Currency, number>> = { USD: 9_900, AUD: 14_900, NPR: 1_299_900 };
const ONBOARDING_CENTS = 25_000;

/** Demo cards (the Stripe simulator's test payment methods; the declining one declines as Stripe's test card does). */
const CARDS = {
  visa: { foreign: 'pm_card_visa', brand: 'visa', last4: '4242' },
  mastercard: { foreign: 'pm_card_mastercard', brand: 'mastercard', last4: '4444' },
  declined: { foreign: 'pm_card_visa_chargeDeclined', brand: 'visa', last4: '0002' },
} as const;

const label = (card: { brand: string; last4: string }) => `${card.brand[0]!.toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`;

interface InvoiceSeed {
  id: number;
  business_id: number;
  user_id: number;
  subscription_id: number | null;
  type: 'recurring' | 'onetime';
  status: InvoiceStatus;
  currency: Currency;
  tax_rate: number;
  subtotal: number;
  adjustments_total: number;
  tax: number;
  total: number;
  due_date: string | null;
  cycle: string | null;
  comment: string | null;
  payment_method_id: number | null;
  attempts: number;
  next_attempt_at: string | null;
  installment_plan_id: number | null;
  installment_number: number | null;
  created_at: string;
  lines: { position: number; description: string; quantity: number; unit_amount: number; amount: number }[];
  adjustments: { type: AdjustmentType; amount_kind: AmountKind; value: number; description: string; cents: number }[];
}

interface HistorySeed {
  invoice_id: number;
  from_status: InvoiceStatus | null;
  to_status: InvoiceStatus;
  actor: 'system' | 'admin' | 'owner';
  user_id: number | null;
  reason: string;
  at: string;
}

interface PaymentSeed {
  invoice_id: number;
  business_id: number;
  payment_method_id: number;
  method_label: string;
  amount: number;
  currency: Currency;
  status: 'succeeded' | 'pending' | 'failed';
  foreign_payment_id: string | null;
  idempotency_key: string;
  failure_message: string | null;
  created_at: string;
  /** Refunded of it, each a refund row (cents). */
  refunds: number[];
}

const simId = (prefix: string) => `${prefix}_demo${randomBytes(10).toString('hex')}`;

/** Draws `n` ids from a table's identity, so rows can name each other before they are written. */
async function drawIds(tx: Executor, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await tx.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${n})`);
  return rows.map((r) => Number(r.id));
}

/**
 * The demo's billing (issue 16): plans; a monthly subscription for every location, paid by its
 * network's owner with a saved card; a year of monthly invoices each with its lines, adjustments,
 * status history, payments and refunds, so every status of spec 000 §4 is present — Luxe Los
 * Angeles paid throughout with a loyalty discount, a partial refund and a full one; Luxe New York's
 * latest charge declined and being retried (its card declines) and a one-time invoice past due;
 * Luxe Santa Monica paused two months in the spring (`PAUSE`), a pause without invoices scheduled
 * for next month, and this month's due date moved; Lotus Kathmandu three months under an
 * alternate arrangement and this month's bank debit pending; Harbour Sydney a withdrawn month,
 * this month's invoice queued, and an instalment plan of three — and account balances (funds and
 * messages) for each. Harbour Sydney will be suspended next week. The payments are charges the
 * local Stripe simulator knows (its `provider_sim` tables), so refunding one in the demo works.
 */
export async function seedBilling(tx: Executor, locations: readonly BillingDemoLocation[], now: Date, adminId: number | null): Promise<void> {
  if (locations.length === 0) return;
  const at = (day: string, timezone: string, minutes = 30) => new Date(dayStartInZone(day, timezone).getTime() + minutes * 60_000).toISOString();

  // Plans.
  const currencies = [...new Set(locations.map((l) => l.currency))];
  const plans = new Map<Currency, number>();
  for (const currency of currencies) {
    const amount = PLAN_PRICES[currency] ?? 9_900;
    const [row] = (
      await tx.execute<{ id: number }>(sql`insert into billing_plans (name, kind, amount, currency, interval, description)
        values (${`Salondesk Pro (${currency})`}, 'Reoccuring', ${amount}, ${currency}, 'monthly', 'Every module, unlimited staff, one location') returning id`)
    ).rows;
    plans.set(currency, row!.id);
  }
  await tx.execute(sql`insert into billing_plans (name, kind, amount, currency, interval, description) values
    ('Onboarding and data import', 'Onetime', ${ONBOARDING_CENTS}, 'USD', null, 'Set-up, staff training and the import of an earlier system''s customers'),
    ('SMS bundle (1,000 messages)', 'Onetime', 4900, 'USD', null, 'One thousand text messages for reminders and campaigns'),
    ('Salondesk Essentials (USD)', 'Reoccuring', 4900, 'USD', 'monthly', 'Appointments, checkout and reports for a small salon')`);

  // A default card per payer (and Luxe New York's card that now declines).
  const payers = [...new Set(locations.map((l) => l.payerId))];
  const defaultMethod = new Map<number, { id: number; card: (typeof CARDS)[keyof typeof CARDS] }>();
  for (const [index, payer] of payers.entries()) {
    const card = index === 0 ? CARDS.visa : CARDS.mastercard;
    const [row] = (
      await tx.execute<{ id: number }>(sql`insert into billing_payment_methods (user_id, provider, foreign_id, kind, name, brand, last4, exp_month, exp_year, is_default, created_at)
        values (${payer}, 'stripe', ${card.foreign}, 'card', ${index === 0 ? 'Business Visa' : 'Company Mastercard'}, ${card.brand}, ${card.last4}, 8, 2029, true, ${addDays(todayIn('UTC', now), -400)}::date)
        returning id`)
    ).rows;
    defaultMethod.set(payer, { id: row!.id, card });
  }

  const invoices: InvoiceSeed[] = [];
  const history: HistorySeed[] = [];
  const payments: PaymentSeed[] = [];
  const nInvoices = locations.length * 12 + 8;
  const ids = await drawIds(tx, 'billing_invoices', nInvoices);
  const nextId = () => {
    const id = ids.shift();
    if (id === undefined) throw new Error('seedBilling: not enough invoice ids drawn');
    return id;
  };

  const paidWith = (inv: InvoiceSeed, method: { id: number; card: { brand: string; last4: string } }, atIso: string, refunds: number[] = []) => {
    payments.push({
      invoice_id: inv.id,
      business_id: inv.business_id,
      payment_method_id: method.id,
      method_label: label(method.card),
      amount: inv.total,
      currency: inv.currency,
      status: 'succeeded',
      foreign_payment_id: simId('ch'),
      idempotency_key: attemptKey({ id: inv.id, created_at: inv.created_at }, 1),
      failure_message: null,
      created_at: atIso,
      refunds,
    });
  };
  const opened = (inv: InvoiceSeed, reason: string) =>
    history.push({ invoice_id: inv.id, from_status: null, to_status: inv.status === 'paused' || inv.status === 'alternate' ? inv.status : 'unpaid', actor: 'system', user_id: null, reason, at: inv.created_at });
  const moved = (inv: InvoiceSeed, from: InvoiceStatus, to: InvoiceStatus, reason: string, atIso: string, by: { actor: 'system' | 'admin' | 'owner'; user_id: number | null } = { actor: 'system', user_id: null }) =>
    history.push({ invoice_id: inv.id, from_status: from, to_status: to, ...by, reason, at: atIso });
  const later = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();

  for (const [index, location] of locations.entries()) {
    const today = todayIn(location.timezone, now);
    const thisMonth = `${today.slice(0, 8)}01`;
    const monthStart = (k: number) => {
      let d = thisMonth;
      for (let i = 0; i < k; i++) d = `${addDays(d, -1).slice(0, 8)}01`;
      return d;
    };
    const first = monthStart(11);
    const next = nextCycleStart(thisMonth, 1);
    const taxRate = Math.round(location.taxrate * 100);
    const planId = plans.get(location.currency)!;
    const amount = PLAN_PRICES[location.currency] ?? 9_900;
    const method = defaultMethod.get(location.payerId)!;
    const chargeLabel = `Charge attempt 1 of 3 (${label(method.card)})`;

    // Luxe New York's subscription is on a card that now declines.
    let subscriptionMethod = method.id;
    let declining: { id: number; card: (typeof CARDS)['declined'] } | null = null;
    if (index === 1) {
      const [row] = (
        await tx.execute<{ id: number }>(sql`insert into billing_payment_methods (user_id, provider, foreign_id, kind, name, brand, last4, exp_month, exp_year, is_default, created_at)
          values (${location.payerId}, 'stripe', ${CARDS.declined.foreign}, 'card', 'Old Visa (New York)', 'visa', '0002', 1, 2027, false, ${at(monthStart(1), location.timezone)}::timestamptz)
          returning id`)
      ).rows;
      declining = { id: row!.id, card: CARDS.declined };
      subscriptionMethod = row!.id;
    }

    const [sub] = (
      await tx.execute<{ id: number }>(sql`insert into billing_subscriptions (business_id, user_id, plan_id, amount, currency, interval, starts_on, anchor_day,
          current_billing_cycle_start, next_billing_day, payment_method_id, created_at)
        values (${location.businessId}, ${location.payerId}, ${planId}, ${amount}, ${location.currency}, 'monthly', ${first}, 1, ${thisMonth}, ${next}, ${subscriptionMethod},
          ${at(addDays(first, -3), location.timezone, 600)}::timestamptz)
        returning id`)
    ).rows;
    const subscriptionId = sub!.id;

    // Luxe Los Angeles: a 10 % loyalty discount on every invoice.
    const subAdjustments: InvoiceSeed['adjustments'] = [];
    if (index === 0) {
      await tx.execute(sql`insert into billing_subscription_adjustments (subscription_id, type, amount_kind, value, description, created_by, created_at)
        values (${subscriptionId}, 'd', 'p', 1000, 'Loyalty discount', ${adminId}, ${at(addDays(first, -3), location.timezone, 610)}::timestamptz)`);
      subAdjustments.push({ type: 'd', amount_kind: 'p', value: 1000, description: 'Loyalty discount', cents: 0 });
    }
    // Statuses set on the subscription: Santa Monica paused (past) and a pause without invoices scheduled; Kathmandu's alternate arrangement.
    if (index === 2) {
      await tx.execute(sql`insert into billing_subscription_statuses (subscription_id, status, pause_mode, starts_on, ends_on, reason, created_by, created_at) values
        (${subscriptionId}, 'paused', 'PAUSE', ${monthStart(5)}, ${addDays(monthStart(3), -1)}, 'Closed for the renovation of the salon', ${adminId}, ${at(addDays(monthStart(5), -10), location.timezone, 700)}::timestamptz),
        (${subscriptionId}, 'paused', 'PAUSEWITHOUTINVOICE', ${next}, ${addDays(nextCycleStart(next, 1), -1)}, 'Seasonal closure next month', ${adminId}, ${at(addDays(today, -2), location.timezone, 700)}::timestamptz)`);
    }
    if (index === 3) {
      await tx.execute(sql`insert into billing_subscription_statuses (subscription_id, status, pause_mode, starts_on, ends_on, reason, created_by, created_at) values
        (${subscriptionId}, 'alternate', null, ${monthStart(8)}, ${addDays(monthStart(5), -1)}, 'Paid by bank transfer in NPR while card payments from Nepal were unavailable', ${adminId}, ${at(addDays(monthStart(8), -5), location.timezone, 700)}::timestamptz)`);
    }

    for (let k = 11; k >= 0; k--) {
      const cycle = monthStart(k);
      const lines = [{ position: 0, description: `Salondesk Pro — recurring, cycle from ${cycle}`, quantity: 1, unit_amount: amount, amount }];
      const totals = invoiceTotals(lines, subAdjustments, taxRate);
      let status: InvoiceStatus = 'paid';
      if (index === 2 && (k === 5 || k === 4)) status = 'paused';
      if (index === 3 && k >= 6 && k <= 8) status = 'alternate';
      if (k === 0) status = (['paid', 'fail', 'unpaid', 'pending', 'queued'] as const)[index % 5]!;
      if (index === 0 && k === 6) status = 'refund';
      if (index === 4 && k === 2) status = 'withdrawn';
      const inv: InvoiceSeed = {
        id: nextId(),
        business_id: location.businessId,
        user_id: location.payerId,
        subscription_id: subscriptionId,
        type: 'recurring',
        status,
        currency: location.currency,
        tax_rate: taxRate,
        subtotal: totals.subtotal,
        adjustments_total: totals.adjustments_total,
        tax: totals.tax,
        total: totals.total,
        due_date: cycle,
        cycle,
        comment: null,
        payment_method_id: null,
        attempts: 0,
        next_attempt_at: null,
        installment_plan_id: null,
        installment_number: null,
        created_at: at(cycle, location.timezone),
        lines,
        adjustments: subAdjustments.map((a, i) => ({ ...a, cents: totals.adjustments[i]! })),
      };
      invoices.push(inv);
      opened(inv, status === 'paused' || status === 'alternate' ? `Opened for the cycle starting ${cycle}, under the subscription's ${status} status` : `Opened for the cycle starting ${cycle}`);
      const t1 = later(inv.created_at, 1);
      const t2 = later(inv.created_at, 2);
      switch (status) {
        case 'paid':
        case 'refund': {
          inv.attempts = 1;
          moved(inv, 'unpaid', 'pending', chargeLabel, t1);
          moved(inv, 'pending', 'paid', 'Charge attempt 1 succeeded', t2);
          const partial = index === 0 && k === 3;
          paidWith(inv, method, t1, status === 'refund' ? [inv.total] : partial ? [2_500] : []);
          if (status === 'refund') {
            inv.comment = 'Refunded in full: the salon was closed by a burst pipe for most of the month.';
            moved(inv, 'paid', 'refund', 'Refunded in full: closed most of the month', later(inv.created_at, 60 * 24 * 9), { actor: 'admin', user_id: adminId });
          }
          if (partial) inv.comment = 'Refunded 25.00: two days of downtime.';
          break;
        }
        case 'fail': {
          // Luxe New York: its due date moved to yesterday at the owner's request; charged then on the
          // card that now declines; the 2nd of 3 attempts is due three days after the 1st.
          inv.due_date = cycle > addDays(today, -1) ? cycle : addDays(today, -1);
          inv.comment = 'Due date moved at the owner\'s request.';
          const tried = new Date(Math.max(new Date(t1).getTime(), dayStartInZone(inv.due_date, location.timezone).getTime() + 30 * 60_000)).toISOString();
          inv.attempts = 1;
          inv.next_attempt_at = later(tried, 60 * 24 * 3);
          moved(inv, 'unpaid', 'pending', `Charge attempt 1 of 3 (${label(declining!.card)})`, tried);
          moved(inv, 'pending', 'fail', `Charge attempt 1 of 3 failed: Your card was declined.; next attempt on ${inv.next_attempt_at.slice(0, 10)}`, later(tried, 1));
          payments.push({
            invoice_id: inv.id,
            business_id: inv.business_id,
            payment_method_id: declining!.id,
            method_label: label(declining!.card),
            amount: inv.total,
            currency: inv.currency,
            status: 'failed',
            foreign_payment_id: simId('ch'),
            idempotency_key: attemptKey({ id: inv.id, created_at: inv.created_at }, 1),
            failure_message: 'Your card was declined.',
            created_at: tried,
            refunds: [],
          });
          break;
        }
        case 'unpaid':
          // Luxe Santa Monica: the due date moved two weeks at the owner's request; charged then.
          inv.due_date = addDays(cycle, 14);
          inv.next_attempt_at = dayStartInZone(inv.due_date, location.timezone).toISOString();
          inv.comment = 'Due date moved by two weeks at the owner\'s request.';
          break;
        case 'pending':
          // Lotus Kathmandu: a bank debit the provider has not settled yet.
          inv.attempts = 1;
          moved(inv, 'unpaid', 'pending', chargeLabel, t1);
          payments.push({ invoice_id: inv.id, business_id: inv.business_id, payment_method_id: method.id, method_label: label(method.card), amount: inv.total, currency: inv.currency, status: 'pending', foreign_payment_id: simId('py'), idempotency_key: `demo-pending-${inv.id}`, failure_message: null, created_at: t1, refunds: [] });
          break;
        case 'queued':
          // Harbour Sydney: queued by an admin for the next run after the owner's card was updated.
          inv.next_attempt_at = dayStartInZone(addDays(today, 1), location.timezone).toISOString();
          moved(inv, 'unpaid', 'queued', 'Queued for the next run: the owner updated the card', later(inv.created_at, 60 * 3), { actor: 'admin', user_id: adminId });
          break;
        case 'withdrawn':
          inv.comment = 'Waived: the salon was closed after the storm.';
          moved(inv, 'unpaid', 'withdrawn', 'Waived: closed after the storm', later(inv.created_at, 60 * 5), { actor: 'admin', user_id: adminId });
          break;
        case 'alternate':
          inv.comment = 'Paid by bank transfer (alternate arrangement).';
          break;
        default:
          break;
      }
    }

    // One-time invoices: Luxe Los Angeles's onboarding (paid), Luxe New York's SMS bundle (unpaid, past due).
    if (index === 0 || index === 1) {
      const created = index === 0 ? at(addDays(first, 2), location.timezone, 600) : at(addDays(today, -40), location.timezone, 600);
      const description = index === 0 ? 'Onboarding and data import' : 'SMS bundle (1,000 messages)';
      const unit = index === 0 ? ONBOARDING_CENTS : 4_900;
      const lines = [{ position: 0, description, quantity: 1, unit_amount: unit, amount: unit }];
      const totals = invoiceTotals(lines, [], taxRate);
      const inv: InvoiceSeed = {
        id: nextId(), business_id: location.businessId, user_id: location.payerId, subscription_id: null, type: 'onetime', status: index === 0 ? 'paid' : 'unpaid', currency: 'USD', tax_rate: taxRate,
        subtotal: totals.subtotal, adjustments_total: totals.adjustments_total, tax: totals.tax, total: totals.total, due_date: null, cycle: null, comment: null, payment_method_id: null,
        attempts: index === 0 ? 1 : 0, next_attempt_at: null, installment_plan_id: null, installment_number: null, created_at: created, lines, adjustments: [],
      };
      invoices.push(inv);
      opened(inv, `One-time charge: ${description}`);
      if (index === 0) {
        moved(inv, 'unpaid', 'pending', chargeLabel, later(created, 1));
        moved(inv, 'pending', 'paid', 'Charge attempt 1 succeeded', later(created, 2));
        paidWith(inv, method, later(created, 1));
      }
    }

    // Harbour Sydney: three instalments for two reception tablets and card readers.
    if (index === 4) {
      const total = 120_000;
      const [planRow] = (
        await tx.execute<{ id: number }>(sql`insert into billing_installment_plans (business_id, user_id, description, total, currency, count, created_by, created_at)
          values (${location.businessId}, ${location.payerId}, 'Two reception tablets and card readers', ${total}, ${location.currency}, 3, ${adminId}, ${at(addDays(monthStart(1), 10), location.timezone, 600)}::timestamptz)
          returning id`)
      ).rows;
      const dues = [addDays(monthStart(1), 14), addDays(monthStart(0), 14), addDays(next, 14)];
      for (const [i, due] of dues.entries()) {
        const unit = 40_000;
        const lines = [{ position: 0, description: `Two reception tablets and card readers — instalment ${i + 1} of 3`, quantity: 1, unit_amount: unit, amount: unit }];
        const inv: InvoiceSeed = {
          id: nextId(), business_id: location.businessId, user_id: location.payerId, subscription_id: null, type: 'onetime', status: i === 0 ? 'paid' : 'unpaid', currency: location.currency, tax_rate: 0,
          subtotal: unit, adjustments_total: 0, tax: 0, total: unit, due_date: due, cycle: null, comment: null, payment_method_id: null,
          attempts: i === 0 ? 1 : 0, next_attempt_at: i === 0 ? null : dayStartInZone(due, location.timezone).toISOString(), installment_plan_id: planRow!.id, installment_number: i + 1,
          created_at: at(addDays(monthStart(1), 10), location.timezone, 600), lines, adjustments: [],
        };
        invoices.push(inv);
        opened(inv, `Instalment ${i + 1} of 3, due ${due}`);
        if (i === 0) {
          const paidAt = dayStartInZone(due, location.timezone).toISOString();
          moved(inv, 'unpaid', 'pending', chargeLabel, later(paidAt, 30));
          moved(inv, 'pending', 'paid', 'Charge attempt 1 succeeded', later(paidAt, 31));
          paidWith(inv, method, later(paidAt, 30));
        }
      }
    }

    // Account balances: funds (cents) and message credits, each with its history entry.
    const balances = [
      { kind: 'fund', amount: 10_000, description: 'Prepaid credit', day: monthStart(6) },
      { kind: 'fund', amount: -3_500, description: 'Applied to an SMS top-up', day: monthStart(2) },
      { kind: 'message', amount: 1_000, description: 'SMS bundle (1,000 messages)', day: monthStart(4) },
      { kind: 'message', amount: -240 - index * 35, description: 'Reminders sent', day: monthStart(1) },
    ];
    for (const b of balances) {
      await tx.execute(sql`with entry as (
          insert into billing_account_balances (business_id, kind, amount, description, created_by, created_at)
          values (${location.businessId}, ${b.kind}, ${b.amount}, ${b.description}, ${adminId}, ${at(addDays(b.day, 3), location.timezone, 600)}::timestamptz)
          returning id, business_id, amount, description, created_by, created_at)
        insert into billing_account_balance_history (entry_id, business_id, action, old_amount, new_amount, old_description, new_description, by, at)
        select id, business_id, 'create', null, amount, null, description, created_by, created_at from entry`);
    }

    // Harbour Sydney will be suspended next week (embed's `businesses.suspended_after`, a day in its time zone).
    if (index === 4) await tx.execute(sql`update businesses set suspended_after = ${addDays(today, 7)}::date where id = ${location.businessId}`);
  }

  await tx.execute(sql`
    with input as (
      select * from json_to_recordset(${JSON.stringify(invoices)}::json) as r(
        id int, business_id int, user_id int, subscription_id int, type text, status text, currency text, tax_rate int, subtotal int, adjustments_total int,
        tax int, total int, due_date date, cycle date, comment text, payment_method_id int, attempts int, next_attempt_at timestamptz,
        installment_plan_id int, installment_number int, created_at timestamptz, lines json, adjustments json)
    ), invoices as (
      insert into billing_invoices (id, business_id, user_id, subscription_id, type, status, currency, tax_rate, subtotal, adjustments_total, tax, total,
        due_date, current_billing_cycle_start, comment, payment_method_id, attempts, next_attempt_at, installment_plan_id, installment_number, created_at, updated_at)
      overriding system value
      select id, business_id, user_id, subscription_id, type, status, currency, tax_rate, subtotal, adjustments_total, tax, total,
        due_date, cycle, comment, payment_method_id, attempts, next_attempt_at, installment_plan_id, installment_number, created_at, created_at
      from input
      returning id
    ), lines as (
      insert into billing_invoice_lines (invoice_id, position, description, quantity, unit_amount, amount)
      select i.id, l.position, l.description, l.quantity, l.unit_amount, l.amount
      from input i cross join lateral json_to_recordset(i.lines) as l(position int, description text, quantity int, unit_amount int, amount int)
    )
    insert into billing_invoice_adjustments (invoice_id, type, amount_kind, value, description, cents)
    select i.id, a.type, a.amount_kind, a.value, a.description, a.cents
    from input i cross join lateral json_to_recordset(i.adjustments) as a(type text, amount_kind text, value int, description text, cents int)`);

  await tx.execute(sql`
    insert into billing_invoice_status_history (invoice_id, from_status, to_status, actor, user_id, reason, at)
    select invoice_id, from_status, to_status, actor, user_id, reason, at
    from json_to_recordset(${JSON.stringify(history)}::json) as r(invoice_id int, from_status text, to_status text, actor text, user_id int, reason text, at timestamptz)
    order by at, invoice_id`);

  await tx.execute(sql`
    with input as (
      select * from json_to_recordset(${JSON.stringify(payments)}::json) as r(
        invoice_id int, business_id int, payment_method_id int, method_label text, amount int, currency text, status text,
        foreign_payment_id text, idempotency_key text, failure_message text, created_at timestamptz, refunds json)
    ), paid as (
      insert into billing_payments (invoice_id, business_id, payment_method_id, method_label, amount, currency, status, provider, foreign_payment_id, idempotency_key, failure_message, created_at)
      select invoice_id, business_id, payment_method_id, method_label, amount, currency, status, 'stripe', foreign_payment_id, idempotency_key, failure_message, created_at from input
      returning id, invoice_id, idempotency_key, created_at
    ), refunded as (
      insert into billing_refunds (payment_id, invoice_id, amount, status, foreign_refund_id, idempotency_key, reason, created_by, created_at)
      select p.id, p.invoice_id, r.value::int, 'succeeded', 're_demo' || md5(p.idempotency_key || r.ordinality), 'demo-refund-' || p.id || '-' || r.ordinality,
             'Downtime', ${adminId}, p.created_at + interval '9 days'
      from paid p join input i on i.idempotency_key = p.idempotency_key
      cross join lateral json_array_elements_text(i.refunds) with ordinality as r(value, ordinality)
    )
    -- The same charges in the local Stripe simulator (the platform's account), so the demo can refund them.
    insert into provider_sim.stripe_charges (id, account, payment_intent, amount, amount_refunded, currency, status, description, metadata, payment_method, card_brand, card_last4, failure_message, created)
    select i.foreign_payment_id, ${STRIPE_SIM_PLATFORM_ACCOUNT}, 'pi_demo' || md5(i.idempotency_key), i.amount,
           coalesce((select sum(value::int) from json_array_elements_text(i.refunds) as x(value)), 0), lower(i.currency), i.status,
           'Salondesk invoice ' || i.invoice_id, json_build_object('invoice_id', i.invoice_id::text)::jsonb, m.foreign_id, m.brand, m.last4, i.failure_message, i.created_at
    from input i join billing_payment_methods m on m.id = i.payment_method_id
    where i.status in ('succeeded', 'failed')`);
}
