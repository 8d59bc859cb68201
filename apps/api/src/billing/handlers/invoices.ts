import { AMOUNT_MAX, MESSAGES, billingDests, type Currency, installmentDays, invoiceCan, invoiceTotals, type InvoiceDetail, type InvoiceLineInput, canCreateInstallmentFor, splitInstallments, todayIn } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError, noPermission } from '../../http/errors';
import { fileDownload } from '../../http/file-download';
import { rows, type Executor } from '../../db/executor';
import type { BillingContext } from '../dispatcher';
import { type DestImplementation, implementDest } from '../dispatcher';
import { chargeInvoice, type ChargeEntry } from '../charge';
import { type Actor, move, refundPayment } from '../money';
import { renderInvoicePdf } from '../pdf';
import { invoiceDayWithin, invoicesWithFilter, liveInvoicesOf, loadBalances, loadInstallmentPlan, loadInvoiceDetail, loadInvoices, loadTransactions } from '../queries';
import { resetInvoiceAttempts } from '../scheduler';
import { actorOf, businessBilling, businessOf, callerIsAdmin, callerOf, notFoundAs, requirePayer, viaProvider } from './common';
import { Readable } from 'node:stream';

const inv = billingDests.invoice;
const one = billingDests.onetimebilling;

/** An invoice of the business as its detail, for the caller, or 404. */
export async function detailOf(ctx: BillingContext, invoiceId: number): Promise<InvoiceDetail> {
  const detail = await loadInvoiceDetail(ctx.db, invoiceId, businessOf(ctx), ctx.now(), actorOf(ctx).actor);
  if (!detail) throw notFoundAs('invoice');
  return detail;
}

interface Locked {
  id: number;
  status: InvoiceDetail['status'];
  user_id: number;
  deleted_at: Date | string | null;
}

/** Changes one invoice of the business under its row lock; refused (409) when `may` says no. */
async function changeInvoice(ctx: BillingContext, invoiceId: number, may: ((i: { status: Locked['status']; deleted: boolean }) => boolean) | null, work: (tx: Executor, invoice: Locked) => Promise<void>) {
  await ctx.db.transaction(async (tx) => {
    const [invoice] = await rows<Locked>(tx, sql`select id, status, user_id, deleted_at from billing_invoices where id = ${invoiceId} and business_id = ${businessOf(ctx)} for update`);
    if (!invoice) throw notFoundAs('invoice');
    if (invoice.deleted_at !== null) throw new HttpError(409, 'This invoice is deleted');
    if (may && !may({ status: invoice.status, deleted: false })) throw new HttpError(409, `This invoice is ${invoice.status}: it cannot be changed so`);
    await work(tx, invoice);
    await tx.execute(sql`update billing_invoices set updated_at = ${ctx.now()} where id = ${invoiceId}`);
  });
  return detailOf(ctx, invoiceId);
}

/** The payment method a payer pays with: the one named (theirs, kept), else their default; null when none. */
async function payingMethod(db: Executor, userId: number, given?: number): Promise<number | null> {
  const [method] = await rows<{ id: number }>(
    db,
    given !== undefined
      ? sql`select id from billing_payment_methods where id = ${given} and user_id = ${userId} and removed_at is null`
      : sql`select id from billing_payment_methods where user_id = ${userId} and removed_at is null and is_default`,
  );
  if (given !== undefined && !method) throw notFoundAs('payment method');
  return method?.id ?? null;
}

const noMethod = () => new HttpError(409, 'Add a payment method to pay this invoice');

/** Who pays a one-time charge: the caller, or (for an admin) anyone who may see the business. */
async function payerOf(ctx: BillingContext, named: number | undefined): Promise<number> {
  const caller = callerOf(ctx);
  const payer = named ?? caller.id;
  if (payer !== caller.id && !callerIsAdmin(ctx)) throw noPermission();
  await requirePayer(ctx.db, payer, businessOf(ctx));
  return payer;
}

/** Opens a one-time invoice (lines, totals by core's rule, its opening in the history). Answers its id. */
async function openOnetime(
  tx: Executor,
  input: {
    businessId: number;
    userId: number;
    currency: Currency;
    lines: readonly InvoiceLineInput[];
    comment?: string | null;
    dueDate?: string | null;
    paymentMethodId?: number | null;
    key?: string | null;
    installment?: { planId: number; number: number };
    by: Actor;
    now: Date;
  },
): Promise<number | null> {
  const totals = invoiceTotals(input.lines, []);
  const [created] = await rows<{ id: number }>(
    tx,
    sql`insert into billing_invoices (business_id, user_id, type, status, currency, subtotal, adjustments_total, tax, total, due_date, comment, payment_method_id,
                                      installment_plan_id, installment_number, idempotency_key, created_at, updated_at)
        values (${input.businessId}, ${input.userId}, 'onetime', 'unpaid', ${input.currency}, ${totals.subtotal}, ${totals.adjustments_total}, ${totals.tax}, ${totals.total},
                ${input.dueDate ?? null}, ${input.comment ?? null}, ${input.paymentMethodId ?? null}, ${input.installment?.planId ?? null}, ${input.installment?.number ?? null},
                ${input.key ?? null}, ${input.now}, ${input.now})
        on conflict do nothing returning id`,
  );
  if (!created) return null;
  for (const [position, line] of input.lines.entries()) {
    await tx.execute(
      sql`insert into billing_invoice_lines (invoice_id, position, description, quantity, unit_amount, amount)
          values (${created.id}, ${position + 1}, ${line.description}, ${line.quantity}, ${line.unit_amount}, ${line.quantity * line.unit_amount})`,
    );
  }
  await tx.execute(
    sql`insert into billing_invoice_status_history (invoice_id, from_status, to_status, actor, user_id, reason, at)
        values (${created.id}, null, 'unpaid', ${input.by.actor}, ${input.by.userId}, 'Opened', ${input.now})`,
  );
  return created.id;
}

/** A one-time invoice by the caller's key: the one opened before with it, or a new one. */
async function openOnetimeOnce(ctx: BillingContext, input: Omit<Parameters<typeof openOnetime>[1], 'businessId' | 'by' | 'now'>): Promise<number> {
  const businessId = businessOf(ctx);
  const opened = await ctx.db.transaction((tx) => openOnetime(tx, { ...input, businessId, by: actorOf(ctx), now: ctx.now() }));
  if (opened !== null) return opened;
  const [existing] = await rows<{ id: number }>(ctx.db, sql`select id from billing_invoices where business_id = ${businessId} and idempotency_key = ${input.key ?? null}`);
  if (!existing) throw new Error('A one-time invoice was neither opened nor found');
  return existing.id;
}

const chargeKey = (businessId: number, key: string | undefined, invoiceId: number): string | undefined => (key ? `b${businessId}-${key}` : `invoice-${invoiceId}-onetime`);

/** A charge asked for by a dest (the embed's included), through the one charge path. */
async function chargeNow(ctx: BillingContext, invoiceId: number, options: { paymentMethodId?: number; key?: string; allowed?: Extract<ChargeEntry, { kind: 'request' }>['allowed'] }) {
  await viaProvider(() =>
    chargeInvoice(
      ctx.db,
      invoiceId,
      { kind: 'request', by: actorOf(ctx), businessId: businessOf(ctx), paymentMethodId: options.paymentMethodId, idempotencyKey: options.key, allowed: options.allowed },
      { now: ctx.now(), log: ctx.request.log },
    ),
  );
}

export function invoiceHandlers(): DestImplementation[] {
  return [
    implementDest(inv.all, async ({ query }, ctx) => loadInvoices(ctx.db, liveInvoicesOf(businessOf(ctx), invoiceDayWithin(query)), ctx.now())),

    implementDest(inv.detail, async ({ params }, ctx) => detailOf(ctx, params.invoiceId)),

    implementDest(inv.withfilter, async ({ query }, ctx) => invoicesWithFilter(ctx.db, businessOf(ctx), query, ctx.now())),

    implementDest(inv.onetime, async ({ query }, ctx) => loadInvoices(ctx.db, liveInvoicesOf(businessOf(ctx), sql`and i.type = 'onetime' ${invoiceDayWithin(query)}`), ctx.now())),

    implementDest(inv.payments, async ({ params }, ctx) => {
      await detailOf(ctx, params.invoiceId);
      return loadTransactions(ctx.db, params.invoiceId);
    }),

    implementDest(inv.changePaymentMethod, async ({ body }, ctx) =>
      changeInvoice(ctx, body.invoice_id, invoiceCan.edit, async (tx, invoice) => {
        await payingMethod(tx, invoice.user_id, body.payment_method_id);
        await tx.execute(sql`update billing_invoices set payment_method_id = ${body.payment_method_id} where id = ${invoice.id}`);
      }),
    ),

    implementDest(inv.removePaymentMethod, async ({ body }, ctx) =>
      changeInvoice(ctx, body.invoice_id, invoiceCan.edit, async (tx, invoice) => {
        await tx.execute(sql`update billing_invoices set payment_method_id = null where id = ${invoice.id}`);
      }),
    ),

    implementDest(inv.changeInvoiceStatus, async ({ body }, ctx) =>
      changeInvoice(ctx, body.invoice_id, null, async (tx, invoice) => {
        if (invoice.status === body.status) throw new HttpError(409, `The invoice is already ${body.status}`);
        await move(tx, invoice, body.status, actorOf(ctx), body.reason, ctx.now());
      }),
    ),

    implementDest(inv.changeDueDate, async ({ body }, ctx) =>
      changeInvoice(ctx, body.invoice_id, invoiceCan.edit, async (tx, invoice) => {
        await tx.execute(sql`update billing_invoices set due_date = ${body.dueDate} where id = ${invoice.id}`);
      }),
    ),

    implementDest(inv.updateComment, async ({ body }, ctx) =>
      changeInvoice(ctx, body.invoice_id, null, async (tx, invoice) => {
        await tx.execute(sql`update billing_invoices set comment = ${body.comment === '' ? null : body.comment} where id = ${invoice.id}`);
      }),
    ),

    implementDest(inv.resetAttempts, async ({ params }, ctx) =>
      changeInvoice(ctx, params.invoiceId, invoiceCan.resetAttempts, async (tx, invoice) => {
        await resetInvoiceAttempts(tx as never, invoice.id, ctx.now());
      }),
    ),

    implementDest(inv.refund, async ({ body }, ctx) => {
      await detailOf(ctx, body.invoice_id);
      await viaProvider(() =>
        refundPayment(ctx.db, { invoiceId: body.invoice_id, businessId: businessOf(ctx), foreignPaymentId: body.foreign_payment_id, amount: body.amount, reason: body.reason }, actorOf(ctx), ctx.now()),
      );
      return detailOf(ctx, body.invoice_id);
    }),

    implementDest(inv.softDelete, async ({ body }, ctx) => {
      const deleted = await rows(
        ctx.db,
        sql`update billing_invoices set deleted_at = ${ctx.now()}, updated_at = ${ctx.now()} where id = ${body.invoice_id} and business_id = ${businessOf(ctx)} and deleted_at is null returning id`,
      );
      if (deleted.length === 0) throw notFoundAs('invoice');
      return { ok: true as const };
    }),

    implementDest(inv.pdf, async ({ params }, ctx) => {
      const detail = await detailOf(ctx, params.invoiceId);
      if (detail.deleted) throw notFoundAs('invoice');
      const pdf = await renderInvoicePdf(ctx.db, params.invoiceId);
      if (!pdf) throw notFoundAs('invoice');
      return fileDownload({ filename: pdf.filename, contentType: 'application/pdf', body: Readable.from([pdf.pdf]) });
    }),

    // ——— onetimebilling ———

    implementDest(one.charge, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const payer = await payerOf(ctx, body.user_id);
      const business = await businessBilling(ctx.db, businessId);
      let lines: InvoiceLineInput[];
      let currency = business.currency;
      if (body.plan_id !== undefined) {
        const [plan] = await rows<{ name: string; amount: number; currency: Currency; kind: string }>(ctx.db, sql`select name, amount, currency, kind from billing_plans where id = ${body.plan_id} and active`);
        if (!plan) throw notFoundAs('plan');
        if (plan.kind !== 'Onetime') throw new HttpError(400, 'Choose a Onetime plan', { issues: [{ path: ['body', 'plan_id'], message: 'Choose a Onetime plan' }] });
        lines = [{ description: plan.name, quantity: 1, unit_amount: plan.amount }];
        currency = plan.currency;
      } else lines = body.lines ?? [];
      const total = invoiceTotals(lines, []).total;
      if (total <= 0) throw new HttpError(400, 'There is nothing to charge', { issues: [{ path: ['body', 'lines'], message: 'The lines add up to 0' }] });
      if (total > AMOUNT_MAX) throw new HttpError(400, MESSAGES.invalidAmount, { issues: [{ path: ['body', 'lines'], message: 'The lines add up to more than one invoice may charge' }] });
      const method = await payingMethod(ctx.db, payer, body.payment_method_id);
      if (method === null) throw noMethod();
      const invoiceId = await openOnetimeOnce(ctx, { userId: payer, currency, lines, comment: body.comment, paymentMethodId: method, key: body.idempotency_key ?? null });
      await chargeNow(ctx, invoiceId, { key: chargeKey(businessId, body.idempotency_key, invoiceId), allowed: (s) => s === 'unpaid' });
      return detailOf(ctx, invoiceId);
    }),

    implementDest(one.chargeInstallment, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const caller = callerOf(ctx);
      if (!canCreateInstallmentFor(caller, body.user_id)) throw noPermission();
      await requirePayer(ctx.db, body.user_id, businessId);
      const business = await businessBilling(ctx.db, businessId);
      const now = ctx.now();
      const method = await payingMethod(ctx.db, body.user_id, body.payment_method_id);
      if (body.charge_first && method === null) throw noMethod();
      const key = body.idempotency_key ?? null;
      const planId = await ctx.db.transaction(async (tx) => {
        const [created] = await rows<{ id: number }>(
          tx,
          sql`insert into billing_installment_plans (business_id, user_id, description, total, currency, count, idempotency_key, created_by, created_at)
              values (${businessId}, ${body.user_id}, ${body.description}, ${body.total}, ${business.currency}, ${body.count}, ${key}, ${caller.id}, ${now})
              on conflict do nothing returning id`,
        );
        if (!created) return null;
        const amounts = splitInstallments(body.total, body.count);
        const days = installmentDays(body.first_due_on ?? todayIn(business.timezone, now), body.count);
        for (const [i, amount] of amounts.entries()) {
          await openOnetime(tx, {
            businessId,
            userId: body.user_id,
            currency: business.currency,
            lines: [{ description: `${body.description} (${i + 1} of ${body.count})`, quantity: 1, unit_amount: amount }],
            dueDate: days[i],
            paymentMethodId: method,
            installment: { planId: created.id, number: i + 1 },
            by: actorOf(ctx),
            now,
          });
        }
        return created.id;
      });
      const id = planId ?? (await rows<{ id: number }>(ctx.db, sql`select id from billing_installment_plans where business_id = ${businessId} and idempotency_key = ${key}`))[0]?.id;
      if (!id) throw new Error('An instalment plan was neither made nor found');
      if (body.charge_first && planId !== null) {
        const [first] = await rows<{ id: number }>(ctx.db, sql`select id from billing_invoices where installment_plan_id = ${id} and installment_number = 1`);
        if (first) await chargeNow(ctx, first.id, { key: `installment-${id}-1`, allowed: (s) => s === 'unpaid' });
      }
      return (await loadInstallmentPlan(ctx.db, id)) as NonNullable<Awaited<ReturnType<typeof loadInstallmentPlan>>>;
    }),

    implementDest(one.chargeAccountBalance, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const payer = callerOf(ctx).id;
      const business = await businessBilling(ctx.db, businessId);
      const method = await payingMethod(ctx.db, payer, body.payment_method_id);
      if (method === null) throw noMethod();
      const description = body.kind === 'fund' ? 'Account balance: funds' : `Account balance: ${body.messages} messages`;
      const invoiceId = await openOnetimeOnce(ctx, {
        userId: payer,
        currency: business.currency,
        lines: [{ description, quantity: 1, unit_amount: body.amount }],
        paymentMethodId: method,
        key: body.idempotency_key ? `balance-${body.idempotency_key}` : null,
      });
      await chargeNow(ctx, invoiceId, { key: chargeKey(businessId, body.idempotency_key ? `balance-${body.idempotency_key}` : undefined, invoiceId), allowed: (s) => s === 'unpaid' });
      const detail = await detailOf(ctx, invoiceId);
      if (detail.status === 'paid') {
        await ctx.db.execute(
          sql`insert into billing_account_balances (business_id, kind, amount, description, invoice_id, created_by, created_at)
              values (${businessId}, ${body.kind}, ${body.kind === 'fund' ? body.amount : (body.messages as number)}, ${description}, ${invoiceId}, ${payer}, ${ctx.now()})
              on conflict (invoice_id) do nothing`,
        );
      }
      const [entry] = await rows<{ id: number }>(ctx.db, sql`select id from billing_account_balances where invoice_id = ${invoiceId} and deleted_at is null`);
      
      const entries = entry ? (await loadBalances(ctx.db, businessId)).entries.filter((e) => e.id === entry.id) : [];
      return { invoice: detail, entry: entries[0] ?? null };
    }),

    implementDest(one.chargeInvoice, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const detail = await detailOf(ctx, body.invoice_id);
      if (detail.deleted || !invoiceCan.charge(detail)) {
        // Refused before anything moves: a paid (or refunded, withdrawn…) invoice is never charged again.
        if (!(body.idempotency_key && detail.transactions.length > 0)) throw new HttpError(409, `This invoice is ${detail.deleted ? 'deleted' : detail.status}: it cannot be charged`);
      }
      await chargeNow(ctx, body.invoice_id, { paymentMethodId: body.payment_method_id, key: body.idempotency_key ? chargeKey(businessId, body.idempotency_key, body.invoice_id) : undefined });
      return detailOf(ctx, body.invoice_id);
    }),
  ] as DestImplementation[];
}
