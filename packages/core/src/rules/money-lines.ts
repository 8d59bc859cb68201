/**
 * Sales-line arithmetic (spec 001 §9), in integer minor units (cents).
 *
 * - Tax = (price × quantity − discount) × taxrate / 100. Services are taxed only when marked
 *   taxable; products unless explicitly marked non-taxable.
 * - Line total = price × quantity − discount + tax.
 *
 * **The discount is the line's** (decided once, issue 27): the cents taken off the whole line,
 * whatever its quantity. Spec 001 §9's two formulas read it differently for a quantity above 1 —
 * per unit in the tax (`(price − discount) × quantity`), per line in the total (`price × quantity
 * − discount`) — so a 2-unit line taxed one way and totalled the other taxed money nobody paid. The
 * per-line reading is the one everything else already uses: the `discount` stored on a sales line
 * and on its checkout is summed as is into the ticket's and the day's discounts (`ticketTotals`,
 * the sales rollup, reports, payroll's sales before discount), and the receipt shows it once per
 * line. So the tax is on what the line sells for after its discount, and the two formulas agree
 * for every quantity (with a quantity of 1 they are the spec's exactly).
 *
 * **The one rounding rule**: a tax rate is a percentage with at most three decimals (8.875);
 * the tax of a line is computed exactly and rounded once, to the nearest cent, halves away from
 * zero (1.5 → 2, −1.5 → −2). Nothing else is rounded: totals are sums of rounded lines.
 */

import { LINE_KIND, LINE_KIND_LABEL, type LineKind } from '../models/lineKind';

export { LINE_KIND, LINE_KIND_LABEL, type LineKind };

/** A tax rate in thousandths of a percent: 8.875 → 8875. Throws on a rate with more than 3 decimals or out of range. */
export function taxRateMillis(taxrate: number): number {
  if (!Number.isFinite(taxrate) || taxrate < 0 || taxrate > 100) throw new RangeError(`Tax rate must be between 0 and 100, got ${taxrate}`);
  const millis = Math.round(taxrate * 1000);
  if (Math.abs(millis - taxrate * 1000) > 1e-6) throw new RangeError(`Tax rate has more than three decimals: ${taxrate}`);
  return millis;
}

/** `numerator / denominator` rounded to the nearest integer, halves away from zero (exact for |numerator| < 2^53). */
export function divideRoundHalfAwayFromZero(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError('divideRoundHalfAwayFromZero needs safe integers and a positive denominator');
  }
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  const quotient = Math.floor(abs / denominator);
  const remainder = abs - quotient * denominator;
  const result = remainder * 2 >= denominator ? quotient + 1 : quotient;
  return sign * result || 0;
}

/** Is this line taxed? Services only when taxable; products unless explicitly non-taxable; gift cards never. */
export function isTaxable(kind: LineKind, taxable: boolean | null | undefined): boolean {
  if (kind === LINE_KIND.PRODUCT) return taxable !== false;
  if (kind === LINE_KIND.SERVICE) return taxable === true;
  return false;
}

export interface LineInput {
  kind: LineKind;
  /** Unit price, cents. */
  price: number;
  /** Discount of the whole line (not per unit), cents: at most `price × quantity`. */
  discount: number;
  quantity: number;
  /** The item's `attributes.taxable`. */
  taxable?: boolean | null;
}

export interface LineAmounts {
  tax: number;
  total: number;
}

/** Tax of one line, in cents (the rounding rule above). */
export function lineTax(line: LineInput, taxrate: number): number {
  if (!isTaxable(line.kind, line.taxable)) return 0;
  const base = line.price * line.quantity - line.discount;
  return divideRoundHalfAwayFromZero(base * taxRateMillis(taxrate), 100_000);
}

/** Tax and total of one line: total = price × quantity − discount + tax. */
export function lineAmounts(line: LineInput, taxrate: number): LineAmounts {
  const tax = lineTax(line, taxrate);
  return { tax, total: line.price * line.quantity - line.discount + tax };
}

/** Why a line cannot be sold as given, or null when it can. */
export function lineProblem(line: Pick<LineInput, 'price' | 'discount' | 'quantity'>): string | null {
  if (!Number.isInteger(line.price) || line.price < 0) return 'The price must be a whole number of cents, not negative.';
  if (!Number.isInteger(line.quantity) || line.quantity < 1) return 'The quantity must be a whole number of at least 1.';
  if (!Number.isInteger(line.discount) || line.discount < 0) return 'The discount must be a whole number of cents, not negative.';
  if (line.discount > line.price * line.quantity) return 'The discount cannot be more than the line (price × quantity).';
  return null;
}

export interface TicketTotals {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** The ticket's totals: sums of its lines' (already rounded) amounts. */
export function ticketTotals(lines: readonly (LineInput & LineAmounts)[]): TicketTotals {
  let subtotal = 0;
  let discount = 0;
  let tax = 0;
  let total = 0;
  for (const line of lines) {
    subtotal += line.price * line.quantity;
    discount += line.discount;
    tax += line.tax;
    total += line.total;
  }
  return { subtotal, discount, tax, total };
}
