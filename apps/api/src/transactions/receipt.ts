import { customerOf, formatMoney, LINE_KIND_LABEL, tenderLabel, TRANSACTION_STATUS_LABEL } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { loadTransaction } from './queries';
import { rows } from '../db/executor';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>
  body{font:14px/1.45 ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;margin:0;background:#f8fafc}
  main{max-width:420px;margin:0 auto;background:#fff;padding:24px 20px;min-height:100vh;box-sizing:border-box}
  h1{font-size:18px;margin:0 0 2px} .muted{color:#475569} table{width:100%;border-collapse:collapse;margin:16px 0}
  td,th{padding:4px 0;text-align:left;vertical-align:top} td.n,th.n{text-align:right;white-space:nowrap}
  thead th{border-bottom:1px solid #cbd5e1;font-size:12px;color:#475569;font-weight:600}
  tr.total td{border-top:1px solid #cbd5e1;font-weight:700} .small{font-size:12px} hr{border:0;border-top:1px dashed #cbd5e1;margin:16px 0}
  @media print{body{background:#fff} main{padding:0}}
</style></head><body><main>${body}</main></body></html>`;

/**
 * The receipt page (spec 001 §5): `GET /receipt/{token}`, HTML, for the 480×640 popup and for
 * printing. The token is the checkout's unguessable key; no session is needed, as on a paper
 * receipt, and nothing but the receipt is shown.
 */
export function registerReceipt(app: FastifyInstance, db: Database): void {
  app.get<{ Params: { token: string } }>('/receipt/:token', async (request, reply) => {
    const token = request.params.token;
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const [found] = /^[0-9a-f-]{36}$/.test(token)
      ? await rows<{ queue_id: number; business_id: number; name: string; info: { address?: string; phone?: string; translationData?: { currencySymbol?: string } }; timezone: string }>(
          db,
          sql`select k.queue_id, k.business_id, b.name, b.info, b.timezone from checkouts k join businesses b on b.id = k.business_id
              where k.receipt_token = ${token} and k.voided_at is null`,
        )
      : [];
    if (!found) return reply.code(404).send(page('Receipt Not Available', '<h1>Receipt Not Available</h1><p class="muted">This receipt does not exist or was withdrawn.</p>'));
    const t = await loadTransaction(db, found.business_id, found.queue_id);
    const k = t.checkout;
    if (!k) return reply.code(404).send(page('Receipt Not Available', '<h1>Receipt Not Available</h1>'));
    const symbol = found.info.translationData?.currencySymbol ?? '$';
    const money = (cents: number) => escape(formatMoney(cents, symbol));
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: found.timezone }).format(new Date(k.created_at));
    const customer = customerOf(t.phones);
    const lines = k.saleslogs
      .map(
        (l) => `<tr><td>${escape(l.service ?? l.product ?? '')}<div class="small muted">${escape(LINE_KIND_LABEL[l.kind])}${l.quantity > 1 ? ` · ${l.quantity} × ${money(l.price)}` : ''}${l.discount > 0 ? ` · −${money(l.discount)}` : ''}${l.tax > 0 ? ` · tax ${money(l.tax)}` : ''}</div></td><td class="n">${money(l.total)}</td></tr>`,
      )
      .join('');
    const row = (label: string, cents: number, cls = '') => `<tr class="${cls}"><td>${escape(label)}</td><td class="n">${money(cents)}</td></tr>`;
    const body = `
      <h1>${escape(found.name)}</h1>
      <div class="muted small">${escape(found.info.address ?? '')}${found.info.phone ? `<br>${escape(found.info.phone)}` : ''}</div>
      <hr>
      <div>Receipt <strong>#${t.id}</strong> · ${escape(when)}</div>
      <div class="muted">${escape(customer.name)}${t.serviced_by ? ` · served by ${escape(t.serviced_by.name)}` : ''}</div>
      <table><thead><tr><th>Item</th><th class="n">Amount</th></tr></thead><tbody>${lines}</tbody></table>
      <table><tbody>
        ${row('Subtotal', k.subtotal)}${k.discount > 0 ? row('Discount', -k.discount) : ''}${row('Tax', k.tax)}${row('Total', k.total, 'total')}
        ${k.tipamount > 0 ? row('Tip', k.tipamount) : ''}${row(`Paid (${tenderLabel(k) || '—'})`, k.paid)}
        ${k.refunded > 0 ? row('Refunded', -k.refunded) : ''}
      </tbody></table>
      ${t.payments.map((p) => `<div class="small muted">${escape(p.mappedCard ? `${p.mappedCard.brand} •••• ${p.mappedCard.last4}` : 'Card')} · auth ${escape(p.auth_code)}</div>`).join('')}
      <hr><p class="small muted">Status: ${escape(TRANSACTION_STATUS_LABEL[t.status])}. Thank you for visiting.</p>`;
    return reply.send(page(`Receipt #${t.id} · ${found.name}`, body));
  });
}
