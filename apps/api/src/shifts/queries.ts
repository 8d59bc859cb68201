import {
  computeShiftFigures,
  type CountedCash,
  type Currency,
  DENOMINATIONS,
  type DrawerSettings,
  drawerSettings,
  type FinanceCategory,
  type FinanceEntry,
  type FinanceType,
  MESSAGES,
  SHIFT_ATTRIBUTE,
  SHIFT_STATUS,
  type Shift,
  type ShiftAttributeKey,
  type ShiftAttributes,
  type ShiftBalance,
  type ShiftReportRow,
  type ShiftStaff,
  type ShiftStatus,
  shiftMinutes,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { BusinessRow } from '../businesses/queries';
import { readTogether } from '../db/executor';
import { HttpError } from '../http/errors';
import { rosterDisplayNames } from '../staff/queries';
import { type Executor, rows } from '../db/executor';
import { iso, isoOrNull } from '../db/instants';
import { dailySales } from '../transactions/sales-from-rollup';

/** The shifts' reads: rows, attributes, finances, the day's cash sales, and the wire shapes. */

export const shiftNotFound = () => new HttpError(404, MESSAGES.shiftNotFound);
export const financeNotFound = () => new HttpError(404, MESSAGES.financeNotFound);

/** The currency a location's drawer is counted in (USD when the location names none). */
export const currencyOf = (business: BusinessRow): Currency => {
  const c = (business.info as { currency?: string } | null)?.currency;
  return c && Object.hasOwn(DENOMINATIONS, c) ? (c as Currency) : 'USD';
};

export interface ShiftRow {
  id: number;
  business_id: number;
  day: string;
  status: ShiftStatus;
  starting_balance: number;
  closing_balance: number | null;
  balanced: ShiftBalance | null;
  started_at: Date | string;
  closed_at: Date | string | null;
  reopened: number;
  updated_at: Date | string;
}

const SHIFT_COLUMNS = sql.raw(
  's.id, s.business_id, s.day::text as day, s.status, s.starting_balance, s.closing_balance, s.balanced, s.started_at, s.closed_at, s.reopened, s.updated_at',
);

/** A shift of this business (another business's is "not found"), locked for the transaction when `forUpdate`. */
export async function loadShiftRow(db: Executor, businessId: number, shiftId: number, options: { forUpdate?: boolean } = {}): Promise<ShiftRow> {
  const [row] = await rows<ShiftRow>(
    db,
    sql`select ${SHIFT_COLUMNS} from shifts s where s.id = ${shiftId} and s.business_id = ${businessId} ${options.forUpdate ? sql`for update` : sql``}`,
  );
  if (!row) throw shiftNotFound();
  return row;
}

/** A location's drawer settings, every default filled in. */
export async function readDrawerSettings(db: Executor, businessId: number): Promise<DrawerSettings> {
  const [row] = await rows<{ default_float: number; difference_threshold: number | null; blind_close: boolean }>(
    db,
    sql`select default_float, difference_threshold, blind_close from drawer_settings where business_id = ${businessId}`,
  );
  return drawerSettings.parse(row ? { defaultFloat: row.default_float, differenceThreshold: row.difference_threshold, blindClose: row.blind_close } : {});
}

/** The attributes of shifts, by shift then key. */
export async function attributesOf(db: Executor, shiftIds: readonly number[]): Promise<Map<number, Map<ShiftAttributeKey, unknown>>> {
  const out = new Map<number, Map<ShiftAttributeKey, unknown>>();
  if (shiftIds.length === 0) return out;
  const list = await rows<{ shift_id: number; key: ShiftAttributeKey; value: unknown }>(
    db,
    sql`select shift_id, key, value from shift_attributes where shift_id = any(${sql.raw(`'{${shiftIds.join(',')}}'::int[]`)})`,
  );
  for (const a of list) {
    let m = out.get(a.shift_id);
    if (!m) out.set(a.shift_id, (m = new Map()));
    m.set(a.key, a.value);
  }
  return out;
}

/** Sets (or, with null, removes) attributes of a shift. */
export async function setAttributes(db: Executor, shiftId: number, values: Partial<Record<ShiftAttributeKey, unknown>>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value === null) await db.execute(sql`delete from shift_attributes where shift_id = ${shiftId} and key = ${key}`);
    else
      await db.execute(
        sql`insert into shift_attributes (shift_id, key, value) values (${shiftId}, ${key}, ${JSON.stringify(value)}::jsonb)
            on conflict (shift_id, key) do update set value = excluded.value`,
      );
  }
}

export interface FinanceRow {
  id: number;
  shift_id: number;
  employee_id: number | null;
  day: string;
  category: FinanceCategory;
  type: FinanceType;
  amount: number;
  description: string;
  is_debit: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const FINANCE_COLUMNS = sql.raw('f.id, f.shift_id, f.employee_id, f.day::text as day, f.category, f.type, f.amount, f.description, f.is_debit, f.created_at, f.updated_at');

/** The finances of shifts, in the order they were added. */
export async function financesOf(db: Executor, shiftIds: readonly number[]): Promise<FinanceRow[]> {
  if (shiftIds.length === 0) return [];
  return rows<FinanceRow>(db, sql`select ${FINANCE_COLUMNS} from shift_finances f where f.shift_id = any(${sql.raw(`'{${shiftIds.join(',')}}'::int[]`)}) order by f.id`);
}

/** A finance of this business (another business's is "not found"). */
export async function loadFinance(db: Executor, businessId: number, financeId: number): Promise<FinanceRow> {
  const [row] = await rows<FinanceRow>(db, sql`select ${FINANCE_COLUMNS} from shift_finances f where f.id = ${financeId} and f.business_id = ${businessId}`);
  if (!row) throw financeNotFound();
  return row;
}

export const toFinance = (f: FinanceRow, names: ReadonlyMap<number, string>): FinanceEntry => ({
  id: f.id,
  shift_id: f.shift_id,
  employee_id: f.employee_id,
  employee_name: f.employee_id === null ? null : (names.get(f.employee_id) ?? 'Former staff'),
  day: f.day,
  category: f.category,
  type: f.type,
  amount: f.amount,
  description: f.description,
  isDebit: f.is_debit,
  created_at: iso(f.created_at),
  updated_at: iso(f.updated_at),
});

/** The cash tender of each business day of a range, from the sales figures (the sales summary's tender). */
export async function cashByDay(db: Executor, businessId: number, start: string, end: string): Promise<Map<string, number>> {
  return new Map((await dailySales(db, businessId, start, end)).map((d) => [d.day, d.cash]));
}

/**
 * The cash sales of each shift: a closed shift keeps what it froze (`salescash`); an open one takes
 * its day's cash less what the day's closed shifts froze (a day's cash goes to its shifts in order).
 */
export function cashSalesOf(shiftRows: readonly ShiftRow[], attributes: ReadonlyMap<number, ReadonlyMap<ShiftAttributeKey, unknown>>, dayCash: ReadonlyMap<string, number>): Map<number, number> {
  const frozenByDay = new Map<string, number>();
  const out = new Map<number, number>();
  for (const s of shiftRows) {
    if (s.status !== SHIFT_STATUS.CLOSED) continue;
    const frozen = Number(attributes.get(s.id)?.get(SHIFT_ATTRIBUTE.SALES_CASH) ?? 0);
    out.set(s.id, frozen);
    frozenByDay.set(s.day, (frozenByDay.get(s.day) ?? 0) + frozen);
  }
  for (const s of shiftRows) if (s.status !== SHIFT_STATUS.CLOSED) out.set(s.id, (dayCash.get(s.day) ?? 0) - (frozenByDay.get(s.day) ?? 0));
  return out;
}

/** The shifts of a business on some days (every shift of those days, for `cashSalesOf`). */
export async function shiftsOfDays(db: Executor, businessId: number, start: string, end: string): Promise<ShiftRow[]> {
  return rows<ShiftRow>(db, sql`select ${SHIFT_COLUMNS} from shifts s where s.business_id = ${businessId} and s.day between ${start} and ${end} order by s.day, s.started_at, s.id`);
}

/** The cash sales of one shift now (its day's other shifts read with it). */
export async function cashSalesOfShift(db: Executor, businessId: number, shift: ShiftRow): Promise<number> {
  const sameDay = await shiftsOfDays(db, businessId, shift.day, shift.day);
  const attrs = await attributesOf(db, sameDay.map((s) => s.id));
  const rowsOfDay = sameDay.map((s) => (s.id === shift.id ? shift : s));
  return cashSalesOf(rowsOfDay, attrs, await cashByDay(db, businessId, shift.day, shift.day)).get(shift.id) ?? 0;
}

const idList = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const countOrNull = (value: unknown): CountedCash | null => (value && typeof value === 'object' && 'lines' in value ? (value as CountedCash) : null);

/** The attributes by key, typed (spec 001 §3). */
export function typedAttributes(attrs: ReadonlyMap<ShiftAttributeKey, unknown> | undefined): ShiftAttributes {
  const a = attrs ?? new Map<ShiftAttributeKey, unknown>();
  return {
    cashier: numberOrNull(a.get(SHIFT_ATTRIBUTE.CASHIER)),
    'cashier added at closing': idList(a.get(SHIFT_ATTRIBUTE.CASHIER_ADDED)),
    'cashier removed at closing': idList(a.get(SHIFT_ATTRIBUTE.CASHIER_REMOVED)),
    denominations: countOrNull(a.get(SHIFT_ATTRIBUTE.DENOMINATIONS)),
    closingdenominations: countOrNull(a.get(SHIFT_ATTRIBUTE.CLOSING_DENOMINATIONS)),
    notes: typeof a.get(SHIFT_ATTRIBUTE.NOTES) === 'string' ? (a.get(SHIFT_ATTRIBUTE.NOTES) as string) : null,
    cashoffset: numberOrNull(a.get(SHIFT_ATTRIBUTE.CASH_OFFSET)),
    salescash: numberOrNull(a.get(SHIFT_ATTRIBUTE.SALES_CASH)),
    cashatclosing: numberOrNull(a.get(SHIFT_ATTRIBUTE.CASH_AT_CLOSING)),
    lastbalance: numberOrNull(a.get(SHIFT_ATTRIBUTE.LAST_BALANCE)),
  };
}

/** The cashiers of a shift by display name: the opening cashier, then those added at closing; those removed at closing are listed as such. */
export function staffOf(a: ShiftAttributes, names: ReadonlyMap<number, string>): ShiftStaff[] {
  const name = (id: number) => names.get(id) ?? 'Former staff';
  const out: ShiftStaff[] = [];
  if (a.cashier !== null) out.push({ id: a.cashier, name: name(a.cashier), role: 'cashier' });
  for (const id of a['cashier added at closing']) out.push({ id, name: name(id), role: 'added at closing' });
  for (const id of a['cashier removed at closing']) out.push({ id, name: name(id), role: 'removed at closing' });
  return out;
}

/** The figures of a shift from its row, finances and cash sales (frozen ones once closed). */
export function figuresOf(s: ShiftRow, attrs: ShiftAttributes, finances: readonly FinanceRow[], cashSales: number, settings: DrawerSettings) {
  return computeShiftFigures({
    status: s.status,
    startingBalance: s.starting_balance,
    cashSales,
    finances: finances.map((f) => ({ category: f.category, amount: f.amount, isDebit: f.is_debit })),
    frozen: s.status === SHIFT_STATUS.CLOSED && s.closing_balance !== null ? { cashSales: attrs.salescash ?? cashSales, closingBalance: s.closing_balance } : null,
    blindClose: settings.blindClose,
  });
}

/** A shift as `shift/{shiftId}/get` sends it. */
export async function readShift(db: Executor, business: BusinessRow, shiftId: number): Promise<Shift> {
  const s = await loadShiftRow(db, business.id, shiftId);
  const [attrs, finances, settings, names, cashSales] = await readTogether(db, [
    () => attributesOf(db, [s.id]),
    () => financesOf(db, [s.id]),
    () => readDrawerSettings(db, business.id),
    () => rosterDisplayNames(db, business.id),
    () => cashSalesOfShift(db, business.id, s),
  ]);
  const a = typedAttributes(attrs.get(s.id));
  return {
    id: s.id,
    business_id: s.business_id,
    starting_balance: s.starting_balance,
    closing_balance: s.closing_balance,
    status: s.status,
    balanced: s.balanced,
    started_at: iso(s.started_at),
    closed_at: isoOrNull(s.closed_at),
    day: s.day,
    currency: currencyOf(business),
    attributes: a,
    finances: finances.map((f) => toFinance(f, names)),
    staff: staffOf(a, names),
    figures: figuresOf(s, a, finances, cashSales, settings),
    blind_close: settings.blindClose,
    reopened: s.reopened,
    updated_at: iso(s.updated_at),
  };
}

/** The shift report rows of a range: every shift of those days with its figures. */
export async function shiftReportRows(db: Executor, business: BusinessRow, start: string, end: string, now: Date): Promise<ShiftReportRow[]> {
  const list = await shiftsOfDays(db, business.id, start, end);
  const ids = list.map((s) => s.id);
  const [attrs, finances, settings, names, dayCash] = await readTogether(db, [
    () => attributesOf(db, ids),
    () => financesOf(db, ids),
    () => readDrawerSettings(db, business.id),
    () => rosterDisplayNames(db, business.id),
    () => cashByDay(db, business.id, start, end),
  ]);
  const financesByShift = new Map<number, FinanceRow[]>();
  for (const f of finances) {
    const l = financesByShift.get(f.shift_id);
    if (l) l.push(f);
    else financesByShift.set(f.shift_id, [f]);
  }
  const sales = cashSalesOf(list, attrs, dayCash);
  return list.map((s) => {
    const a = typedAttributes(attrs.get(s.id));
    const staff = staffOf(a, names);
    return {
      id: s.id,
      day: s.day,
      cashier: staff.find((m) => m.role === 'cashier')?.name ?? null,
      cashiers: staff.filter((m) => m.role !== 'removed at closing').map((m) => m.name),
      started_at: iso(s.started_at),
      closed_at: isoOrNull(s.closed_at),
      duration_minutes: shiftMinutes(s.started_at, s.closed_at, now),
      status: s.status,
      ...figuresOf(s, a, financesByShift.get(s.id) ?? [], sales.get(s.id) ?? 0, settings),
    };
  });
}
