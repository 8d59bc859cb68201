import {
  type AccountBalanceEntry,
  type AccountBalanceTotals,
  adjustmentCents,
  type BillingActor,
  type BillingTransaction,
  type ChargeMethod,
  type Installment,
  type InstallmentPlan,
  type Invoice,
  type InvoiceDetail,
  type InvoiceStatus,
  invoiceCan,
  isPastDue,
  type PaymentMethod,
  type StatusHistoryEntry,
  type Subscription,
  type SubscriptionStatusEntry,
  subscriptionStateOn,
  todayIn,
  transitionsFrom,
} from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Executor } from '../db/executor';

/**
 * Billing's reads: invoices as core's `invoice` model (with `past_due` by spec 000 §5 in each
 * business's time zone), their transactions and status history. Every list is keyed by id.
 */

interface InvoiceRow extends Omit<Invoice, 'past_due' | 'deleted' | 'createdAt' | 'next_attempt_at'> {
  timezone: string;
  created_at: Date;
  deleted_at: Date | null;
  next_attempt_at: Date | null;
}

const INVOICE_SELECT = sql`
  select i.id, i.business_id, b.name as business_name, b.timezone, i.user_id, i.subscription_id, i.type, i.status, i.currency,
         i.subtotal, i.adjustments_total, i.tax, i.total,
         coalesce((select sum(p.amount) from billing_payments p where p.invoice_id = i.id and p.status = 'succeeded'), 0)::int as paid,
         coalesce((select sum(r.amount) from billing_refunds r where r.invoice_id = i.id and r.status <> 'failed'), 0)::int as refunded,
         to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
         to_char(i.current_billing_cycle_start, 'YYYY-MM-DD') as current_billing_cycle_start,
         i.created_at, i.deleted_at, i.payment_method_id, i.comment, i.attempts, i.next_attempt_at,
         i.installment_plan_id, i.installment_number
    from billing_invoices i join businesses b on b.id = i.business_id`;

/** Whether the scheduler may still charge an invoice (core's `invoiceCan.charge`): only then has it a next attempt. */
const stillChargeable = (status: InvoiceStatus, deleted: boolean): boolean => {
  const invoice = { status, deleted };
  return invoiceCan.charge(invoice);
};

/** Invoices matching `where` (a condition on `i`), newest first, as core's model at `now`. */
export async function loadInvoices(db: Executor, where: SQL, now: Date, limit = 5000): Promise<Invoice[]> {
  const found = await rows<InvoiceRow>(db, sql`${INVOICE_SELECT} where ${where} order by i.created_at desc, i.id desc limit ${limit}`);
  return found.map(({ timezone, created_at, deleted_at, next_attempt_at, ...row }) => {
    const createdAt = new Date(created_at).toISOString();
    const deleted = deleted_at !== null;
    return {
      ...row,
      createdAt,
      deleted,
      // The scheduler tries again only an invoice it can still charge: a paid one has no next attempt, whatever the column kept.
      next_attempt_at: next_attempt_at && stillChargeable(row.status, deleted) ? new Date(next_attempt_at).toISOString() : null,
      past_due: isPastDue({ status: row.status, type: row.type, dueDate: row.dueDate, current_billing_cycle_start: row.current_billing_cycle_start, createdAt, deleted }, now, timezone),
    };
  });
}

/** Invoices whose cycle start (or, lacking one, creation day in the business's time zone) is within the range. */
export const invoiceDayWithin = (range: { startdate?: string; enddate?: string }) => {
  const day = sql`coalesce(i.current_billing_cycle_start, (i.created_at at time zone b.timezone)::date)`;
  return sql`${range.startdate ? sql`and ${day} >= ${range.startdate}::date` : sql``} ${range.enddate ? sql`and ${day} <= ${range.enddate}::date` : sql``}`;
};

/** The condition of a business's invoices that are not deleted, and `extra` (`and ...`). */
export const liveInvoicesOf = (businessId: number, extra: SQL) => sql`i.business_id = ${businessId} and i.deleted_at is null ${extra}`;

/** The invoice list's query (`invoice/withfilter`, and the billing screen's export): a range, one of the four statuses, past due. */
export async function invoicesWithFilter(
  db: Executor,
  businessId: number,
  query: { status?: string; past_due?: 'true' | 'false'; startdate?: string; enddate?: string },
  now: Date,
) {
  const found = await loadInvoices(db, liveInvoicesOf(businessId, sql`${query.status ? sql`and i.status = ${query.status}` : sql``} ${invoiceDayWithin(query)}`), now);
  return query.past_due === undefined ? found : found.filter((i) => i.past_due === (query.past_due === 'true'));
}

export async function loadInvoice(db: Executor, invoiceId: number, businessId: number | null, now: Date): Promise<Invoice | undefined> {
  const [found] = await loadInvoices(db, businessId === null ? sql`i.id = ${invoiceId}` : sql`i.id = ${invoiceId} and i.business_id = ${businessId}`, now, 1);
  return found;
}

/** An invoice's charges and refunds, oldest first. */
export async function loadTransactions(db: Executor, invoiceId: number): Promise<BillingTransaction[]> {
  const found = await rows<BillingTransaction & { at: Date }>(
    db,
    sql`select * from (
          select p.id, 'charge' as kind, p.invoice_id, p.id as payment_id, p.amount, p.currency, p.status, p.foreign_payment_id,
                 p.method_label as payment_method, p.failure_message,
                 coalesce((select sum(r.amount) from billing_refunds r where r.payment_id = p.id and r.status <> 'failed'), 0)::int as refunded,
                 u.fullname as by, p.created_at as at
            from billing_payments p left join users u on u.id = p.created_by
           where p.invoice_id = ${invoiceId}
          union all
          select r.id, 'refund', r.invoice_id, r.payment_id, r.amount, p.currency, r.status, r.foreign_refund_id, p.method_label, null, 0, u.fullname, r.created_at
            from billing_refunds r join billing_payments p on p.id = r.payment_id left join users u on u.id = r.created_by
           where r.invoice_id = ${invoiceId}
        ) t order by at, kind, id`,
  );
  return found.map((t) => ({ ...t, at: new Date(t.at).toISOString() }));
}

export async function loadHistory(db: Executor, invoiceId: number): Promise<StatusHistoryEntry[]> {
  const found = await rows<StatusHistoryEntry & { at: Date }>(
    db,
    sql`select h.id, h.from_status as "from", h.to_status as "to", h.actor, h.user_id, u.fullname as by, h.reason, h.at
          from billing_invoice_status_history h left join users u on u.id = h.user_id
         where h.invoice_id = ${invoiceId} order by h.id`,
  );
  return found.map((h) => ({ ...h, at: new Date(h.at).toISOString() }));
}

/** Records a status change (already checked by core's `transition`) and bumps the invoice. */
export async function recordStatus(
  db: Executor,
  invoiceId: number,
  change: { from: InvoiceStatus | null; to: InvoiceStatus; actor: string; userId: number | null; reason: string; at: Date },
): Promise<void> {
  await db.execute(sql`update billing_invoices set status = ${change.to}, updated_at = ${change.at} where id = ${invoiceId}`);
  await db.execute(
    sql`insert into billing_invoice_status_history (invoice_id, from_status, to_status, actor, user_id, reason, at)
        values (${invoiceId}, ${change.from}, ${change.to}, ${change.actor}, ${change.userId}, ${change.reason}, ${change.at})`,
  );
}

// ——— Subscriptions, payment methods, balances, instalments, details ——————————————————————

const isoOf = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());

interface SubscriptionRow {
  id: number;
  business_id: number;
  business_name: string;
  timezone: string;
  user_id: number;
  plan_id: number;
  plan_name: string;
  kind: Subscription['kind'];
  amount: number;
  currency: Subscription['currency'];
  interval: Subscription['interval'];
  current_billing_cycle_start: string | null;
  next_billing_day: string;
  payment_method_id: number | null;
  deleted_at: Date | string | null;
  created_at: Date | string;
  adjustments: { id: number; type: 'd' | 'a'; amount_kind: 'a' | 'p'; value: number; description: string | null }[] | string;
  statuses: (Omit<SubscriptionStatusEntry, 'created_at' | 'removed_at'> & { created_at: string; removed_at: string | null })[] | string;
}

const parsedJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Subscriptions matching `where` (a condition on `s`), as core's model on each business's today. */
export async function loadSubscriptions(db: Executor, where: SQL, now: Date): Promise<Subscription[]> {
  const found = await rows<SubscriptionRow>(
    db,
    sql`select s.id, s.business_id, b.name as business_name, b.timezone, s.user_id, s.plan_id, p.name as plan_name, p.kind, s.amount, s.currency, s.interval,
               to_char(s.current_billing_cycle_start, 'YYYY-MM-DD') as current_billing_cycle_start, to_char(s.next_billing_day, 'YYYY-MM-DD') as next_billing_day,
               s.payment_method_id, s.deleted_at, s.created_at,
               coalesce((select json_agg(json_build_object('id', a.id, 'type', a.type, 'amount_kind', a.amount_kind, 'value', a.value, 'description', a.description) order by a.id)
                           from billing_subscription_adjustments a where a.subscription_id = s.id), '[]'::json) as adjustments,
               coalesce((select json_agg(json_build_object('id', st.id, 'status', st.status, 'pause_mode', st.pause_mode,
                                  'starts_on', to_char(st.starts_on, 'YYYY-MM-DD'), 'ends_on', to_char(st.ends_on, 'YYYY-MM-DD'), 'reason', st.reason,
                                  'by', u.fullname, 'created_at', st.created_at, 'removed_at', st.removed_at) order by st.created_at desc, st.id desc)
                           from billing_subscription_statuses st left join users u on u.id = st.created_by where st.subscription_id = s.id), '[]'::json) as statuses
          from billing_subscriptions s join businesses b on b.id = s.business_id join billing_plans p on p.id = s.plan_id
         where ${where} order by s.id`,
  );
  return found.map(({ timezone, adjustments, statuses, deleted_at, created_at, ...row }) => {
    const entries = parsedJson(statuses).map((e) => ({ ...e, created_at: isoOf(e.created_at) as string, removed_at: isoOf(e.removed_at) }));
    const today = todayIn(timezone, now);
    const { state, pause_mode } = subscriptionStateOn(entries, today);
    return {
      ...row,
      state,
      pause_mode,
      adjustments: parsedJson(adjustments).map((a) => ({ ...a, cents: adjustmentCents(a, row.amount) })),
      statuses: entries,
      deleted: deleted_at !== null,
      createdAt: isoOf(created_at) as string,
    };
  });
}

/** A user's payment methods still kept, default first, with the subscriptions each pays. */
export async function loadPaymentMethods(db: Executor, where: SQL): Promise<PaymentMethod[]> {
  const found = await rows<PaymentMethod & { created_at: Date | string; subscription_ids: number[] | null }>(
    db,
    sql`select m.id, m.user_id, m.name, m.kind, m.brand, m.last4, m.exp_month, m.exp_year, m.is_default, m.created_at,
               coalesce((select array_agg(s.id order by s.id) from billing_subscriptions s where s.payment_method_id = m.id and s.deleted_at is null), '{}') as subscription_ids
          from billing_payment_methods m where m.removed_at is null and ${where} order by m.is_default desc, m.id`,
  );
  return found.map(({ created_at, subscription_ids, ...m }) => ({ ...m, subscription_ids: subscription_ids ?? [], createdAt: isoOf(created_at) as string }));
}

/** A business's balance entries still kept (of one kind, or both), newest first, with the totals. */
export async function loadBalances(db: Executor, businessId: number, kind?: 'fund' | 'message'): Promise<{ totals: AccountBalanceTotals; entries: AccountBalanceEntry[] }> {
  const [business] = await rows<{ name: string }>(db, sql`select name from businesses where id = ${businessId}`);
  const entries = await rows<AccountBalanceEntry & { created_at: Date | string }>(
    db,
    sql`select e.id, e.business_id, ${business?.name ?? ''} as business_name, e.kind, e.amount, e.description, u.fullname as by, e.created_at, e.invoice_id
          from billing_account_balances e left join users u on u.id = e.created_by
         where e.business_id = ${businessId} and e.deleted_at is null ${kind ? sql`and e.kind = ${kind}` : sql``}
         order by e.created_at desc, e.id desc`,
  );
  const [totals] = await rows<{ fund: number; message: number }>(
    db,
    sql`select coalesce(sum(amount) filter (where kind = 'fund'), 0)::int as fund, coalesce(sum(amount) filter (where kind = 'message'), 0)::int as message
          from billing_account_balances where business_id = ${businessId} and deleted_at is null`,
  );
  return {
    totals: { business_id: businessId, business_name: business?.name ?? '', fund: totals?.fund ?? 0, message: totals?.message ?? 0 },
    entries: entries.map(({ created_at, ...e }) => ({ ...e, createdAt: isoOf(created_at) as string })),
  };
}

export async function loadInstallmentPlan(db: Executor, planId: number): Promise<InstallmentPlan | null> {
  const [planRow] = await rows<Omit<InstallmentPlan, 'instalments' | 'createdAt'> & { created_at: Date | string }>(
    db,
    sql`select id, business_id, user_id, description, total, currency, created_at from billing_installment_plans where id = ${planId}`,
  );
  if (!planRow) return null;
  const instalments = await rows<Installment>(
    db,
    sql`select id, installment_number as number, to_char(due_date, 'YYYY-MM-DD') as due_on, total as amount, status, id as invoice_id
          from billing_invoices where installment_plan_id = ${planId} and deleted_at is null order by installment_number`,
  );
  const { created_at, ...plan } = planRow;
  return { ...plan, instalments, createdAt: isoOf(created_at) as string };
}

/** An invoice with its lines, adjustments, transactions, history, instalment plan and the statuses `actor` may set. */
export async function loadInvoiceDetail(db: Executor, invoiceId: number, businessId: number | null, now: Date, actor: BillingActor): Promise<InvoiceDetail | undefined> {
  const invoice = await loadInvoice(db, invoiceId, businessId, now);
  if (!invoice) return undefined;
  const lines = await rows<InvoiceDetail['lines'][number]>(
    db,
    sql`select id, description, quantity, unit_amount, amount from billing_invoice_lines where invoice_id = ${invoiceId} order by position`,
  );
  const adjustments = await rows<InvoiceDetail['adjustments'][number]>(
    db,
    sql`select id, type, amount_kind, value, description, cents from billing_invoice_adjustments where invoice_id = ${invoiceId} order by id`,
  );
  return {
    ...invoice,
    lines,
    adjustments,
    transactions: await loadTransactions(db, invoiceId),
    history: await loadHistory(db, invoiceId),
    installment_plan: invoice.installment_plan_id ? await loadInstallmentPlan(db, invoice.installment_plan_id) : null,
    next_statuses: invoice.deleted ? [] : transitionsFrom(invoice.status, actor),
    charge_method: await chargeMethodOf(db, invoice),
  };
}

/**
 * The method a charge of the invoice would use now, in the charge path's order (billing/charge.ts
 * `methodFor`): the invoice's own, else its subscription's, else the payer's default, never a
 * removed one; with whose it is (the business it bills). Read only, for the pay dialog and the
 * invoice's page; `billing.test.ts` holds the two to each other.
 */
export async function chargeMethodOf(db: Executor, invoice: Pick<Invoice, 'user_id' | 'payment_method_id' | 'subscription_id' | 'business_name'>): Promise<ChargeMethod | null> {
  const [found] = await rows<Omit<ChargeMethod, 'owner'>>(
    db,
    sql`with candidates as (
          select ${invoice.payment_method_id}::int as id, 'invoice' as source, 0 as rank
          union all select s.payment_method_id, 'subscription', 1 from billing_subscriptions s where s.id = ${invoice.subscription_id}::int
          union all select m.id, 'default', 2 from billing_payment_methods m where m.user_id = ${invoice.user_id} and m.is_default and m.removed_at is null
        )
        select m.id, m.kind, m.brand, m.last4, c.source
          from candidates c join billing_payment_methods m on m.id = c.id
         where m.removed_at is null and m.user_id = ${invoice.user_id}
         order by c.rank limit 1`,
  );
  return found ? { ...found, owner: invoice.business_name } : null;
}
