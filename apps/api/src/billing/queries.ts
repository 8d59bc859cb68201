import { type Invoice, type InvoiceStatus, isPastDue, type StatusHistoryEntry, type BillingTransaction } from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Executor } from '../transactions/queries';

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
      next_attempt_at: next_attempt_at ? new Date(next_attempt_at).toISOString() : null,
      past_due: isPastDue({ status: row.status, type: row.type, dueDate: row.dueDate, current_billing_cycle_start: row.current_billing_cycle_start, createdAt, deleted }, now, timezone),
    };
  });
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
