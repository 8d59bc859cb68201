import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatMoney } from '@salondesk/core';

/**
 * What an invoice's PDF shows, gathered by `renderInvoicePdf` (billing/pdf.ts) from the billing
 * tables: everything already in integer cents of the invoice's currency and in words a person
 * reads (the status's label, the method's "Visa •••• 4242"). Drawing is a pure function of it, so
 * the same invoice gives the same document and a changed one a new one (`invoicePdfFingerprint`).
 */
export interface InvoicePdfData {
  invoice: {
    id: number;
    /** "Recurring" or "One-time" (and the plan's name for a recurring one). */
    kind: string;
    /** The status's label (`alternate` → "Alternate Arrangement"). */
    statusLabel: string;
    /** `YYYY-MM-DD` in the business's time zone. */
    issuedOn: string;
    dueOn: string | null;
    /** The billing cycle a recurring invoice is for, `YYYY-MM-DD`. */
    cycleStart: string | null;
    cycleEnd: string | null;
    comment: string | null;
    /** The symbol money is shown with (`$`, `₹`, `Rs`). */
    currencySymbol: string;
    /** ISO 4217 code, printed beside the totals. */
    currency: string;
  };
  /** Who issues it. */
  business: { name: string; lines: string[] };
  /** Who pays it. */
  customer: { name: string; lines: string[] };
  lines: { description: string; quantity: number; unitCents: number; amountCents: number }[];
  /** Each adjustment with its effect in cents (a discount negative). */
  adjustments: { description: string; amountCents: number }[];
  subtotalCents: number;
  tax: { label: string; amountCents: number } | null;
  totalCents: number;
  payments: { on: string; method: string; status: string; reference: string; amountCents: number }[];
  refunds: { on: string; reference: string; amountCents: number }[];
  /** What is still owed: total − succeeded payments + refunds never counted here (refunds return money, they don't reopen). */
  balanceCents: number;
  /** When the invoice last changed (the document's date). */
  updatedAt: Date;
}

/** A short hash of what the PDF shows: it changes exactly when the document would. */
export function invoicePdfFingerprint(data: InvoicePdfData): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 22);
}

const require = createRequire(import.meta.url);
/** DejaVu Sans draws every symbol of spec 000 §9's currencies (₹, €) and names in any script, where PDF's standard fonts stop at Latin-1. */
const fontDir = () => path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

const GREY = '#555555';
const LINE = '#cccccc';

/**
 * Draws the invoice as a one-or-more-page A4/Letter PDF with pdfkit, loaded here only (the
 * server never loads it until the first invoice PDF is asked for).
 */
export async function drawInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const money = (cents: number) => formatMoney(cents, data.invoice.currencySymbol);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: {
      Title: `Invoice ${data.invoice.id}`,
      Author: data.business.name,
      Subject: `Invoice ${data.invoice.id} for ${data.customer.name}`,
      CreationDate: data.updatedAt,
      ModDate: data.updatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('body', path.join(fontDir(), 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(fontDir(), 'DejaVuSans-Bold.ttf'));
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  // Heading: who issues it, and the invoice's number, status and dates.
  doc.font('bold').fontSize(18).text(data.business.name, left, 50, { width: width / 2 });
  doc.font('body').fontSize(9).fillColor(GREY);
  for (const line of data.business.lines) doc.text(line, { width: width / 2 });
  const headingBottom = doc.y;
  doc.fillColor('black').font('bold').fontSize(18).text(`Invoice ${data.invoice.id}`, left + width / 2, 50, { width: width / 2, align: 'right' });
  doc.font('body').fontSize(10);
  const facts: [string, string][] = [
    ['Status', data.invoice.statusLabel],
    ['Kind', data.invoice.kind],
    ['Issued', data.invoice.issuedOn],
    ['Due', data.invoice.dueOn ?? '—'],
  ];
  if (data.invoice.cycleStart) facts.push(['Billing cycle', `${data.invoice.cycleStart} – ${data.invoice.cycleEnd ?? ''}`.trim()]);
  facts.push(['Currency', data.invoice.currency]);
  for (const [label, value] of facts) doc.text(`${label}: ${value}`, left + width / 2, doc.y, { width: width / 2, align: 'right' });
  doc.y = Math.max(doc.y, headingBottom) + 20;

  // Bill to.
  doc.font('bold').fontSize(10).text('Bill to', left, doc.y);
  doc.font('body').text(data.customer.name);
  doc.fontSize(9).fillColor(GREY);
  for (const line of data.customer.lines) doc.text(line);
  doc.fillColor('black').moveDown(1.5);

  const table = (title: string, header: string[], rows: string[][], widths: (number | '*')[], rightFrom: number) => {
    doc.font('bold').fontSize(11).text(title, left, doc.y);
    doc.moveDown(0.3);
    doc.fontSize(9).table({
      columnStyles: widths.map((w, i) => ({ width: w, align: { x: i >= rightFrom ? 'right' : 'left', y: 'center' } })),
      defaultStyle: { border: { bottom: 0.5 }, borderColor: LINE, padding: [4, 4, 4, 4] },
      data: [header.map((text) => ({ text, font: { src: 'bold' }, border: { bottom: 1 }, borderColor: { bottom: 'black' } })), ...rows.map((row) => row.map((text) => ({ text, font: { src: 'body' } })))],
    });
    doc.moveDown(1);
  };

  table(
    'Lines',
    ['Description', 'Qty', 'Unit price', 'Amount'],
    data.lines.length > 0 ? data.lines.map((l) => [l.description, String(l.quantity), money(l.unitCents), money(l.amountCents)]) : [['No lines', '', '', '']],
    ['*', 40, 90, 90],
    1,
  );

  // Totals, right-aligned under the lines.
  const totals: [string, string, boolean][] = [['Subtotal', money(data.subtotalCents), false]];
  for (const a of data.adjustments) totals.push([a.description, money(a.amountCents), false]);
  if (data.tax) totals.push([data.tax.label, money(data.tax.amountCents), false]);
  totals.push([`Total (${data.invoice.currency})`, money(data.totalCents), true]);
  totals.push(['Balance due', money(data.balanceCents), true]);
  for (const [label, value, strong] of totals) {
    const y = doc.y;
    doc.font(strong ? 'bold' : 'body').fontSize(10);
    doc.text(label, left + width - 320, y, { width: 220, align: 'right' });
    doc.text(value, left + width - 95, y, { width: 95, align: 'right' });
    doc.moveDown(0.2);
  }
  doc.moveDown(1);

  table(
    'Payments',
    ['Date', 'Method', 'Reference', 'Status', 'Amount'],
    data.payments.length > 0 ? data.payments.map((p) => [p.on, p.method, p.reference, p.status, money(p.amountCents)]) : [['No payments', '', '', '', '']],
    [70, '*', 130, 60, 80],
    4,
  );
  if (data.refunds.length > 0) {
    table('Refunds', ['Date', 'Payment', 'Amount'], data.refunds.map((r) => [r.on, r.reference, money(-r.amountCents)]), [70, '*', 80], 2);
  }
  if (data.invoice.comment) {
    doc.font('bold').fontSize(10).text('Comment', left, doc.y);
    doc.font('body').fontSize(9).text(data.invoice.comment, { width });
  }

  doc.end();
  return done;
}
