import {
  type BridgeHandlers,
  type EmbedInvoice,
  type InvoiceDetail,
  invoiceCan,
  MESSAGES,
  type SalondeskClient,
  type SessionStore,
} from '@salondesk/core';

/**
 * What the dashboard answers a parent page with (the bridge's handlers), over billing's dests:
 * `onetimebilling/charge-invoice` for a charge — only an unpaid or failed invoice
 * (`invoiceCan.chargeFromEmbed`, spec 001 §4), with the message's idempotency key — and
 * `onetimebilling/charge-installment` for an installment invoice (admins for anyone, others for
 * themselves: the server decides). A charge that does not leave the invoice paid is a failure.
 */
export function embedHandlers(options: { client: Pick<SalondeskClient, 'billing'>; sessionStore: SessionStore; businessId: number }): BridgeHandlers {
  const { client, sessionStore, businessId } = options;

  const signedIn = async () => {
    if (sessionStore.getSnapshot().status === 'idle') await sessionStore.restore();
    const { session } = sessionStore.getSnapshot();
    return session ? { id: session.user.id, name: session.user.fullname } : null;
  };
  const target = async () => {
    const user = await signedIn();
    if (!user) throw new Error(MESSAGES.embedNotSignedIn);
    // The business path (`businessId`, `uid`); `userId` too while billing's client types every dest's target as the user-level one.
    return { businessId, uid: user.id, userId: user.id };
  };

  return {
    login: signedIn,
    async chargeInvoice(request) {
      const at = await target();
      const invoice = await client.billing.invoice.detail(at, { params: { invoiceId: request.invoiceId } });
      if (!invoiceCan.chargeFromEmbed(invoice)) throw new Error(MESSAGES.embedInvoiceNotChargeable);
      const charged = await client.billing.onetimebilling.chargeInvoice(at, { body: { invoice_id: request.invoiceId, idempotency_key: request.idempotencyKey } });
      if (charged.status !== 'paid') throw new Error(failureOf(charged));
      return embedInvoiceOf(charged);
    },
    async createInstallmentInvoice(request) {
      const at = await target();
      const plan = await client.billing.onetimebilling.chargeInstallment(at, {
        body: {
          user_id: request.userId ?? at.uid,
          description: request.description,
          total: request.total,
          count: request.count,
          ...(request.firstDueOn ? { first_due_on: request.firstDueOn } : {}),
          ...(request.chargeFirst !== undefined ? { charge_first: request.chargeFirst } : {}),
          idempotency_key: request.idempotencyKey,
        },
      });
      const first = plan.instalments[0];
      if (!first) throw new Error(MESSAGES.requestFailed);
      if (request.chargeFirst && first.status === 'fail') throw new Error(MESSAGES.requestFailed);
      return { id: first.invoice_id, status: first.status, amount: plan.total, currency: plan.currency, installmentPlanId: plan.id };
    },
  };
}

/** The reason of the invoice's last failed charge, else the catalogue's default. */
function failureOf(invoice: InvoiceDetail): string {
  const failed = invoice.transactions.filter((t) => t.kind === 'charge' && t.status === 'failed').at(-1);
  return failed?.failure_message || MESSAGES.requestFailed;
}

export const embedInvoiceOf = (invoice: Pick<InvoiceDetail, 'id' | 'status' | 'total' | 'currency'>): EmbedInvoice => ({
  id: invoice.id,
  status: invoice.status,
  amount: invoice.total,
  currency: invoice.currency,
});
