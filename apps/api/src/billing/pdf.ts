import { addDays, CURRENCY_SYMBOL, INVOICE_STATUS_LABEL, INVOICE_TYPE_LABEL, nextCycleStart, todayIn, type Currency, type InvoiceStatus, type InvoiceType } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { drawInvoicePdf, invoicePdfFingerprint, type InvoicePdfData } from './pdf-document';

/** An invoice's PDF: the document, a file name, and the fingerprint of what it shows (an ETag). */
export interface InvoicePdf {
  pdf: Buffer;
  filename: string;
  fingerprint: string;
}

/** The last documents drawn, by invoice: drawn again only when what they show changed. */
const drawn = new Map<number, { fingerprint: string; pdf: Buffer }>();
const KEEP = 64;

/**
 * The PDF of an invoice (the `invoice pdf` dest): its business and customer, lines, adjustments,
 * tax, totals, payments, refunds, status and due date, in its currency. Read fresh from the
 * billing tables at each call, so any change to the invoice (its status, a payment, a refund, its
 * due date or comment) gives a new document; an unchanged invoice answers the document already
 * drawn. Null when there is no such invoice. The caller has checked the caller may see it.
 */
export async function renderInvoicePdf(db: Database, invoiceId: number): Promise<InvoicePdf | null> {
  const data = await invoicePdfData(db, invoiceId);
  if (!data) return null;
  const fingerprint = invoicePdfFingerprint(data);
  const filename = `invoice-${invoiceId}.pdf`;
  const kept = drawn.get(invoiceId);
  if (kept?.fingerprint === fingerprint) return { pdf: kept.pdf, filename, fingerprint };
  const pdf = await drawInvoicePdf(data);
  drawn.delete(invoiceId);
  drawn.set(invoiceId, { fingerprint, pdf });
  if (drawn.size > KEEP) drawn.delete(drawn.keys().next().value as number);
  return { pdf, filename, fingerprint };
}

interface InvoiceRow {
  id: number;
  type: InvoiceType;
  status: InvoiceStatus;
  currency: Currency;
  tax_rate: number;
  subtotal: number;
  tax: number;
  total: number;
  due_date: string | null;
  cycle: string | null;
  comment: string | null;
  created_at: Date;
  updated_at: Date;
  business_name: string;
  business_info: { address?: string; phone?: string; currency?: Currency; translationData?: { currencySymbol?: string } } | null;
  timezone: string;
  payer_name: string;
  payer_email: string;
  plan_name: string | null;
  anchor_day: number | null;
  installment_number: number | null;
  installment_count: number | null;
}

/** Hundredths of a percent as a person reads it: 950 → "9.5%". */
const percentText = (hundredths: number): string => `${(hundredths / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** Everything the document shows, read in one pass. */
export async function invoicePdfData(db: Database, invoiceId: number): Promise<InvoicePdfData | null> {
  const [invoice] = (
    await db.execute<InvoiceRow & Record<string, unknown>>(sql`
      select i.id, i.type, i.status, i.currency, i.tax_rate, i.subtotal, i.tax, i.total, i.due_date::text as due_date,
             i.current_billing_cycle_start::text as cycle, i.comment, i.created_at, i.updated_at,
             b.name as business_name, b.info as business_info, b.timezone,
             u.fullname as payer_name, u.email as payer_email,
             p.name as plan_name, s.anchor_day, i.installment_number, ip.count as installment_count
      from billing_invoices i
      join businesses b on b.id = i.business_id
      join users u on u.id = i.user_id
      left join billing_subscriptions s on s.id = i.subscription_id
      left join billing_plans p on p.id = s.plan_id
      left join billing_installment_plans ip on ip.id = i.installment_plan_id
      where i.id = ${invoiceId} and i.deleted_at is null`)
  ).rows;
  if (!invoice) return null;
  const [lines, adjustments, payments, refunds] = await Promise.all([
    db.execute<{ description: string; quantity: number; unit_amount: number; amount: number }>(
      sql`select description, quantity, unit_amount, amount from billing_invoice_lines where invoice_id = ${invoiceId} order by position, id`,
    ),
    db.execute<{ type: 'd' | 'a'; amount_kind: 'a' | 'p'; value: number; description: string | null; cents: number }>(
      sql`select type, amount_kind, value, description, cents from billing_invoice_adjustments where invoice_id = ${invoiceId} order by id`,
    ),
    db.execute<{ id: number; created_at: Date; method_label: string | null; status: string; foreign_payment_id: string | null; amount: number }>(
      sql`select id, created_at, method_label, status, foreign_payment_id, amount from billing_payments where invoice_id = ${invoiceId} order by created_at, id`,
    ),
    db.execute<{ created_at: Date; foreign_payment_id: string | null; amount: number; status: string }>(sql`
      select r.created_at, p.foreign_payment_id, r.amount, r.status
      from billing_refunds r join billing_payments p on p.id = r.payment_id
      where r.invoice_id = ${invoiceId} order by r.created_at, r.id`),
  ]);
  const zone = invoice.timezone;
  const dayOf = (at: Date | string) => todayIn(zone, new Date(at));
  const info = invoice.business_info ?? {};
  const paid = payments.rows.filter((p) => p.status === 'succeeded').reduce((s, p) => s + p.amount, 0);
  const kind =
    invoice.type === 'recurring'
      ? `${INVOICE_TYPE_LABEL.recurring}${invoice.plan_name ? ` · ${invoice.plan_name}` : ''}`
      : invoice.installment_number !== null
        ? `${INVOICE_TYPE_LABEL.onetime} · instalment ${invoice.installment_number}${invoice.installment_count ? ` of ${invoice.installment_count}` : ''}`
        : INVOICE_TYPE_LABEL.onetime;
  return {
    invoice: {
      id: invoice.id,
      kind,
      statusLabel: INVOICE_STATUS_LABEL[invoice.status] ?? invoice.status,
      issuedOn: dayOf(invoice.created_at),
      dueOn: invoice.due_date,
      cycleStart: invoice.cycle,
      cycleEnd: invoice.cycle && invoice.anchor_day ? addDays(nextCycleStart(invoice.cycle, invoice.anchor_day), -1) : null,
      comment: invoice.comment,
      currencySymbol: CURRENCY_SYMBOL[invoice.currency] ?? invoice.currency,
      currency: invoice.currency,
    },
    business: { name: invoice.business_name, lines: [info.address, info.phone].filter((l): l is string => typeof l === 'string' && l !== '') },
    customer: { name: invoice.payer_name, lines: [invoice.payer_email] },
    lines: lines.rows.map((l) => ({ description: l.description, quantity: l.quantity, unitCents: l.unit_amount, amountCents: l.amount })),
    adjustments: adjustments.rows.map((a) => ({
      description: `${a.description ?? (a.type === 'd' ? 'Discount' : 'Adjustment')}${a.amount_kind === 'p' ? ` (${percentText(a.value)})` : ''}`,
      amountCents: a.cents,
    })),
    subtotalCents: invoice.subtotal,
    tax: invoice.tax_rate > 0 || invoice.tax > 0 ? { label: `Tax (${percentText(invoice.tax_rate)})`, amountCents: invoice.tax } : null,
    totalCents: invoice.total,
    payments: payments.rows.map((p) => ({ on: dayOf(p.created_at), method: p.method_label ?? '—', status: p.status, reference: p.foreign_payment_id ?? '—', amountCents: p.amount })),
    refunds: refunds.rows.filter((r) => r.status !== 'failed').map((r) => ({ on: dayOf(r.created_at), reference: r.foreign_payment_id ?? '—', amountCents: r.amount })),
    balanceCents: ['paid', 'refund', 'withdrawn', 'alternate'].includes(invoice.status) ? 0 : Math.max(0, invoice.total - paid),
    updatedAt: new Date(invoice.updated_at),
  };
}
