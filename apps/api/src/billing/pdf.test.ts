import { formatBillingAmount, type Currency } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { startTestServer, type TestServer } from '../test/harness';
import { renderInvoicePdf } from './pdf';

/** Invoice PDFs of the demo's invoices, read back with pdf.js as a person's PDF reader would. */

let server: TestServer;
let db: Database;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
});
afterAll(() => server?.close());

/** The text of a PDF, its pages joined (pdf.js's legacy build, which runs on Node 20). */
async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> => {
  const [row] = (await db.execute<T>(query)).rows;
  if (!row) throw new Error('no row');
  return row as T;
};

describe('invoice PDF', () => {
  it('shows the business and customer, lines, adjustments, tax, totals, payments, refunds, status and due date in the invoice’s currency', async () => {
    // Luxe Los Angeles's partly refunded month: a 10 % loyalty discount, 9.5 % tax, a refund of 25.00.
    const invoice = await one<{ id: number; subtotal: number; adjustments_total: number; tax: number; total: number; due_date: string; currency: Currency }>(sql`
      select i.id, i.subtotal, i.adjustments_total, i.tax, i.total, i.due_date::text as due_date, i.currency
      from billing_invoices i join billing_refunds r on r.invoice_id = i.id
      where i.business_id = 1 and i.status = 'paid' limit 1`);
    const payment = await one<{ foreign_payment_id: string }>(sql`select foreign_payment_id from billing_payments where invoice_id = ${invoice.id} and status = 'succeeded'`);
    const rendered = await renderInvoicePdf(db, invoice.id);
    expect(rendered).not.toBeNull();
    expect(rendered!.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(rendered!.filename).toBe(`invoice-${invoice.id}.pdf`);
    const text = await pdfText(rendered!.pdf);
    const money = (cents: number) => formatBillingAmount(cents, invoice.currency);
    for (const expected of [
      `Invoice ${invoice.id}`,
      'Luxe Los Angeles',
      '8471 Melrose Ave, Los Angeles, CA 90069',
      'Olivia Laurent',
      'owner@salondesk.demo',
      'Status: Paid',
      `Due: ${invoice.due_date}`,
      'Currency: USD',
      'Salondesk Pro — recurring',
      'Loyalty discount (10%)',
      money(invoice.adjustments_total),
      'Tax (9.5%)',
      money(invoice.tax),
      'Total (USD)',
      money(invoice.total),
      'Balance due $0.00',
      'Visa •••• 4242',
      payment.foreign_payment_id,
      'Refunds',
      '-$25.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(invoice.adjustments_total).toBe(-Math.round(invoice.subtotal / 10));
    // Never a card number: only the last four digits are known.
    expect(text).not.toMatch(/\d{12,19}/);
  });

  it('draws the symbol of each supported currency (₹, €, Rs)', async () => {
    const { id } = await one<{ id: number }>(sql`select id from billing_invoices where business_id = 4 and status = 'paid' order by id limit 1`);
    expect(await pdfText((await renderInvoicePdf(db, id))!.pdf)).toMatch(/Rs[\d,]+\.\d\d/);
    await db.execute(sql`update billing_invoices set currency = 'INR', updated_at = now() where id = ${id}`);
    expect(await pdfText((await renderInvoicePdf(db, id))!.pdf)).toMatch(/₹[\d,]+\.\d\d/);
    await db.execute(sql`update billing_invoices set currency = 'EUR', updated_at = now() where id = ${id}`);
    expect(await pdfText((await renderInvoicePdf(db, id))!.pdf)).toMatch(/€[\d,]+\.\d\d/);
  });

  it('is drawn again when the invoice changes, and only then', async () => {
    const { id } = await one<{ id: number }>(sql`select id from billing_invoices where business_id = 3 and status = 'unpaid' and type = 'recurring' limit 1`);
    const first = (await renderInvoicePdf(db, id))!;
    const again = (await renderInvoicePdf(db, id))!;
    expect(again.fingerprint).toBe(first.fingerprint);
    expect(again.pdf).toBe(first.pdf);
    expect(await pdfText(first.pdf)).toContain('Status: Unpaid');

    await db.execute(sql`update billing_invoices set due_date = '2031-02-03', comment = 'Moved at the owner''s request', updated_at = now() where id = ${id}`);
    const moved = (await renderInvoicePdf(db, id))!;
    expect(moved.fingerprint).not.toBe(first.fingerprint);
    const movedText = await pdfText(moved.pdf);
    expect(movedText).toContain('Due: 2031-02-03');
    expect(movedText).toContain("Moved at the owner's request");

    await db.execute(sql`update billing_invoices set status = 'alternate', updated_at = now() where id = ${id}`);
    const arranged = await pdfText((await renderInvoicePdf(db, id))!.pdf);
    expect(arranged).toContain('Status: Alternate Arrangement');
    expect(arranged).toContain('Balance due $0.00');
  });

  it('answers null for an invoice that does not exist or was deleted', async () => {
    expect(await renderInvoicePdf(db, 987_654)).toBeNull();
    const { id } = await one<{ id: number }>(sql`select id from billing_invoices where business_id = 2 and status = 'paid' limit 1`);
    await db.execute(sql`update billing_invoices set deleted_at = now() where id = ${id}`);
    expect(await renderInvoicePdf(db, id)).toBeNull();
  });
});
