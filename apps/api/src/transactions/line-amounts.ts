import { LINE_KIND } from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Core's sales-line arithmetic (`rules/money-lines.ts`, spec 001 §9) as SQL, for the sales lines
 * written inside PostgreSQL (the demo seed and the transaction generator): the one SQL form of a
 * line's tax and total. `line-amounts.test.ts` holds it equal to core's `lineAmounts` for
 * arbitrary lines and rates.
 *
 * - taxed: services only when taxable, products unless explicitly non-taxable, gift cards never;
 * - tax = (price × quantity − discount) × taxrate / 100, the discount being the line's, computed
 *   exactly (`numeric`) and rounded once to the cent, halves away from zero (`round(numeric)`);
 * - total = price × quantity − discount + tax.
 */

/** A line's columns (or expressions): kind, unit price, the line's discount, quantity, and the item's `taxable` (null: not said). */
export interface LineColumns {
  kind: SQL;
  price: SQL;
  discount: SQL;
  quantity: SQL;
  taxable: SQL;
}

/** The columns `kind`, `price`, `discount`, `quantity`, `taxable` of a table alias. */
export const lineColumnsOf = (alias: string): LineColumns => ({
  kind: sql.raw(`${alias}.kind`),
  price: sql.raw(`${alias}.price`),
  discount: sql.raw(`${alias}.discount`),
  quantity: sql.raw(`${alias}.quantity`),
  taxable: sql.raw(`${alias}.taxable`),
});

/** Core's `isTaxable(kind, taxable)`. */
export const isTaxableSql = (kind: SQL, taxable: SQL): SQL =>
  sql`(case ${kind} when ${sql.raw(`'${LINE_KIND.PRODUCT}'`)} then ${taxable} is distinct from false when ${sql.raw(`'${LINE_KIND.SERVICE}'`)} then ${taxable} is true else false end)`;

/** What the line sells for before tax: price × quantity − the line's discount. */
export const lineNetSql = (l: Pick<LineColumns, 'price' | 'discount' | 'quantity'>): SQL => sql`(${l.price} * ${l.quantity} - ${l.discount})`;

/** Core's `lineTax(line, taxrate)`: `taxrate` a percentage (9.5, 8.875). */
export const lineTaxSql = (l: LineColumns, taxrate: SQL): SQL =>
  sql`(case when ${isTaxableSql(l.kind, l.taxable)} then round((${l.price}::numeric * ${l.quantity} - ${l.discount}) * ${taxrate}::numeric / 100)::int else 0 end)`;

/** Core's line total, from the line's tax (a column or `lineTaxSql`): price × quantity − discount + tax. */
export const lineTotalSql = (l: Pick<LineColumns, 'price' | 'discount' | 'quantity'>, tax: SQL): SQL => sql`(${lineNetSql(l)} + ${tax})`;
