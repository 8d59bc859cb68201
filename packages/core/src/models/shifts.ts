import { z } from 'zod/mini';
import { type Currency, CURRENCY } from './business';
import { day, id, instant, reportedDay } from './ids';
import { amount, boundedInt, text } from './input';

/**
 * Cash-drawer shifts and finances (spec 001 §3 Shift, shift attributes, Finance entry; §4 Shift;
 * §5 cash drop; §7 Shifts; §9 shift duration). The calls are in `api/shifts.ts`, the rules in
 * `rules/shifts.ts`. Money is integer minor units (cents) on the wire.
 *
 * The drawer is a ledger: what a drawer should hold (`expected`) is always the sum of its movements —
 * the opening count, the day's cash sales and the finances (credits in, debits out) — never a stored
 * running number. A closed shift's figures are frozen at close (kept in the close record: the
 * `salescash`, `cashoffset` and `cashatclosing` attributes) and change only when a manager reopens
 * the shift, which the drawer log records.
 *
 * A location has one open drawer at a time, and any number of shifts a day: the day's cash sales go to
 * its shifts in order (a closed shift keeps the cash sales it froze, the open one takes the rest).
 *
 * Words:
 * - `starting_balance`: the opening count (the float), by denomination in the `denominations` attribute;
 * - `cashatclosing`: the cash counted in the drawer at closing, before the cash drop (by denomination
 *   in `closingdenominations`);
 * - the cash drop: what is taken from the drawer to the safe at closing (a `CASHDROP` finance, a debit);
 * - `closing_balance`: what stays in the drawer, `cashatclosing` less the cash drop; the next shift's
 *   `lastbalance` (its suggested opening count);
 * - `expected`: starting balance + cash sales + net finances (the cash drop included);
 * - difference (`cashoffset`): `closing_balance - expected`; Balanced at 0, Over above, Short below.
 */

// ——— States ——————————————————————————————————————————————————————————————————————————

/** spec 001 §3: `CLOSED`, or open. */
export const SHIFT_STATUS = { OPEN: 'OPEN', CLOSED: 'CLOSED' } as const;
export type ShiftStatus = (typeof SHIFT_STATUS)[keyof typeof SHIFT_STATUS];
export const SHIFT_STATUS_LABEL: Record<ShiftStatus, string> = { OPEN: 'Open', CLOSED: 'Closed' };

/** spec 001 §4 day balance: Balanced, Over (closing above expected) or Short (below). */
export const SHIFT_BALANCE = { BALANCED: 'Balanced', OVER: 'Over', SHORT: 'Short' } as const;
export type ShiftBalance = (typeof SHIFT_BALANCE)[keyof typeof SHIFT_BALANCE];

/** The state a report row shows: `Open` while open, else the day balance. */
export type ShiftState = 'Open' | ShiftBalance;
export const SHIFT_STATES = ['Open', 'Balanced', 'Over', 'Short'] as const satisfies readonly ShiftState[];

// ——— Shift attributes (spec 001 §3) ————————————————————————————————————————————————————

/** The shift attribute keys of spec 001 §3, exactly as the spec writes them. */
export const SHIFT_ATTRIBUTE = {
  CASHIER: 'cashier',
  CASHIER_ADDED: 'cashier added at closing',
  CASHIER_REMOVED: 'cashier removed at closing',
  DENOMINATIONS: 'denominations',
  CLOSING_DENOMINATIONS: 'closingdenominations',
  NOTES: 'notes',
  CASH_OFFSET: 'cashoffset',
  SALES_CASH: 'salescash',
  CASH_AT_CLOSING: 'cashatclosing',
  LAST_BALANCE: 'lastbalance',
} as const;
export type ShiftAttributeKey = (typeof SHIFT_ATTRIBUTE)[keyof typeof SHIFT_ATTRIBUTE];
export const SHIFT_ATTRIBUTE_KEYS = Object.values(SHIFT_ATTRIBUTE) as [ShiftAttributeKey, ...ShiftAttributeKey[]];

// ——— Denominations ———————————————————————————————————————————————————————————————————

/** The currencies a drawer is counted in (spec 000 §9 supported currencies). */
export const DRAWER_CURRENCIES = Object.values(CURRENCY) as [Currency, ...Currency[]];

/** A note or a coin of a currency: `key` names it in a count (`n2000` a 20 note, `c25` a 25 coin), `value` in minor units. */
export interface Denomination {
  key: string;
  value: number;
  kind: 'note' | 'coin';
  label: string;
}

/** The most of one note or coin a count may hold. */
export const DENOMINATION_COUNT_MAX = 100_000;
/** The most lines a count may have (every note and coin of a currency fits). */
export const DENOMINATION_LINES_MAX = 30;

/** One line of a count by denomination: how many of a note or coin (`key` of the currency's `Denomination`). */
export const denominationLine = z.object({
  key: text(8, { min: 1 }),
  count: boundedInt(0, DENOMINATION_COUNT_MAX, { tooSmall: 'Must be 0 or more', tooLarge: `Must be at most ${DENOMINATION_COUNT_MAX}` }),
});
export type DenominationLine = z.infer<typeof denominationLine>;

/** A count by denomination (the `denominations` and `closingdenominations` attributes). Lines of 0 may be left out. */
export const denominationCount = z.array(denominationLine).check(z.maxLength(DENOMINATION_LINES_MAX));
export type DenominationCount = z.infer<typeof denominationCount>;

/** A count as the API sends it back: the currency it was counted in, the lines and their exact total. */
export const countedCash = z.object({ currency: z.enum(DRAWER_CURRENCIES), lines: denominationCount, total: z.number() });
export type CountedCash = z.infer<typeof countedCash>;

// ——— Finance entries (spec 001 §3) ——————————————————————————————————————————————————————

/** Finance categories: the cash drop, paid in, paid out, tip out. */
export const FINANCE_CATEGORY = { CASHDROP: 'CASHDROP', PAIDIN: 'PAIDIN', PAIDOUT: 'PAIDOUT', TIPOUT: 'TIPOUT' } as const;
export type FinanceCategory = (typeof FINANCE_CATEGORY)[keyof typeof FINANCE_CATEGORY];
export const FINANCE_CATEGORIES = Object.values(FINANCE_CATEGORY) as [FinanceCategory, ...FinanceCategory[]];
export const FINANCE_CATEGORY_LABEL: Record<FinanceCategory, string> = { CASHDROP: 'Cash drop', PAIDIN: 'Paid in', PAIDOUT: 'Paid out', TIPOUT: 'Tip out' };

/** spec 001 §3 finance `type`: `CREDIT` (cash in) or `DEBIT` (cash out). A category has one type (`rules/shifts.ts` `financeTypeOf`). */
export const FINANCE_TYPE = { CREDIT: 'CREDIT', DEBIT: 'DEBIT' } as const;
export type FinanceType = (typeof FINANCE_TYPE)[keyof typeof FINANCE_TYPE];

/** The longest a finance's reason (`description`) or a shift's notes may be. */
export const FINANCE_REASON_MAX = 500;
export const SHIFT_NOTES_MAX = 2000;

/** A finance's reason: required (spaces alone are none), trimmed. */
export const financeReason = text(FINANCE_REASON_MAX, { min: 1, trim: true, tooShort: 'Say why the cash moves' });

/** A finance entry (spec 001 §3) as the API sends it; `amount` is positive, its direction is `type`/`isDebit`. */
export const financeEntry = z.object({
  id,
  shift_id: id,
  employee_id: z.nullable(id),
  employee_name: z.nullable(z.string()),
  day: reportedDay,
  category: z.enum(FINANCE_CATEGORIES),
  type: z.enum([FINANCE_TYPE.CREDIT, FINANCE_TYPE.DEBIT]),
  amount: z.number(),
  description: z.string(),
  isDebit: z.boolean(),
  created_at: instant,
  updated_at: instant,
});
export type FinanceEntry = z.infer<typeof financeEntry>;

/** The body of `finance/add`. The type follows the category (a paid-in is a credit, the rest debits). */
export const financeInput = z.object({
  shift_id: id,
  /** The staff member the cash went to or came from (a tip out's recipient); null: none. */
  employee_id: z._default(z.nullable(id), null),
  category: z.enum(FINANCE_CATEGORIES),
  amount: amount(),
  description: financeReason,
});
export type FinanceInput = z.input<typeof financeInput>;

/** The body of `finance/{fid}/update`: what changes (the shift never does). */
export const financeUpdate = z.object({
  employee_id: z.optional(z.nullable(id)),
  category: z.optional(z.enum(FINANCE_CATEGORIES)),
  amount: z.optional(amount()),
  description: financeReason,
});
export type FinanceUpdate = z.input<typeof financeUpdate>;

/** The body of `finance/{fid}/delete`: why. */
export const financeDelete = z.object({ description: financeReason });

// ——— Shifts ——————————————————————————————————————————————————————————————————————————

/** A staff member named on a shift: its cashiers (display names). */
export const shiftStaff = z.object({ id, name: z.string(), role: z.enum(['cashier', 'added at closing', 'removed at closing']) });
export type ShiftStaff = z.infer<typeof shiftStaff>;

/**
 * The shift attributes (spec 001 §3) by key, typed. Each is null until set: the figures
 * (`salescash`, `cashoffset`, `cashatclosing`) are written at close and frozen there.
 */
export const shiftAttributes = z.object({
  cashier: z.nullable(id),
  'cashier added at closing': z.array(id),
  'cashier removed at closing': z.array(id),
  denominations: z.nullable(countedCash),
  closingdenominations: z.nullable(countedCash),
  notes: z.nullable(z.string()),
  cashoffset: z.nullable(z.number()),
  salescash: z.nullable(z.number()),
  cashatclosing: z.nullable(z.number()),
  lastbalance: z.nullable(z.number()),
});
export type ShiftAttributes = z.infer<typeof shiftAttributes>;

/**
 * The figures of a shift (rules/shifts.ts `shiftFigures`): live while open, frozen at close.
 * Under blind close, while the shift is open, `cash_sales`, `expected` and `difference` are null
 * (`hidden` true): the cashier counts without seeing what the drawer should hold.
 */
export const shiftFigures = z.object({
  starting_balance: z.number(),
  cash_sales: z.nullable(z.number()),
  paid_in: z.number(),
  paid_out: z.number(),
  tip_out: z.number(),
  cash_drop: z.number(),
  /** Credits less debits of every finance (the cash drop included). */
  finances: z.number(),
  expected: z.nullable(z.number()),
  counted: z.nullable(z.number()),
  difference: z.nullable(z.number()),
  state: z.enum(SHIFT_STATES),
  hidden: z.boolean(),
});
export type ShiftFigures = z.infer<typeof shiftFigures>;

/** A shift (spec 001 §3) as `shift/{shiftId}/get` sends it. `balanced` is the day balance once closed. */
export const shift = z.object({
  id,
  business_id: id,
  starting_balance: z.number(),
  closing_balance: z.nullable(z.number()),
  status: z.enum([SHIFT_STATUS.OPEN, SHIFT_STATUS.CLOSED]),
  balanced: z.nullable(z.enum([SHIFT_BALANCE.BALANCED, SHIFT_BALANCE.OVER, SHIFT_BALANCE.SHORT])),
  started_at: instant,
  closed_at: z.nullable(instant),
  day: reportedDay,
  currency: z.enum(DRAWER_CURRENCIES),
  attributes: shiftAttributes,
  finances: z.array(financeEntry),
  staff: z.array(shiftStaff),
  figures: shiftFigures,
  /** Whether this location closes blind (its drawer settings). */
  blind_close: z.boolean(),
  /** Times a manager reopened it (each in the drawer log). */
  reopened: z.number(),
  updated_at: instant,
});
export type Shift = z.infer<typeof shift>;

/** One row of the shift report: a shift with its cashier, times, duration and figures. */
export const shiftReportRow = z.object({
  id,
  day: reportedDay,
  cashier: z.nullable(z.string()),
  cashiers: z.array(z.string()),
  started_at: instant,
  closed_at: z.nullable(instant),
  /** Minutes from opening to closing (to now while open). Shown with core's `formatShiftDuration`. */
  duration_minutes: z.number(),
  status: z.enum([SHIFT_STATUS.OPEN, SHIFT_STATUS.CLOSED]),
  ...shiftFigures.shape,
});
export type ShiftReportRow = z.infer<typeof shiftReportRow>;

/**
 * `shifts` over a range: the rows by day, then opening time, and their totals. While a row's
 * figures are hidden (blind close, still open) the totals of cash sales, expected and difference
 * are null too: a sum would give the hidden figure away.
 */
export const shiftReport = z.object({
  start: reportedDay,
  end: reportedDay,
  timezone: z.string(),
  currency: z.enum(DRAWER_CURRENCIES),
  rows: z.array(shiftReportRow),
  totals: z.object({
    shifts: z.number(),
    starting_balance: z.number(),
    cash_sales: z.nullable(z.number()),
    finances: z.number(),
    expected: z.nullable(z.number()),
    counted: z.number(),
    difference: z.nullable(z.number()),
    over: z.number(),
    short: z.number(),
  }),
});
export type ShiftReport = z.infer<typeof shiftReport>;

// ——— Opening, closing, reopening ——————————————————————————————————————————————————————

/**
 * The body of `shift/open`: the opening count, by denomination or as an amount (when both are
 * given they must agree to the cent), and the cashier. Without either, the drawer opens with what
 * the last shift left in it (`lastbalance`), else the location's default float.
 */
export const shiftOpen = z.object({
  cashier: id,
  starting_balance: z.optional(amount()),
  denominations: z.optional(denominationCount),
  notes: z.optional(text(SHIFT_NOTES_MAX, { trim: true })),
});
export type ShiftOpen = z.input<typeof shiftOpen>;

/**
 * The body of `shift/{shiftId}/update`, closing an open shift: the cash counted (by denomination
 * and/or as an amount: they must agree), the cash drop (0 removes the shift's cash drop, §5), notes
 * (required when the difference is past the location's threshold), cashiers added or removed at
 * closing.
 */
export const shiftClose = z.object({
  cashatclosing: z.optional(amount()),
  closingdenominations: z.optional(denominationCount),
  cashdrop: z._default(amount(), 0),
  notes: z.optional(text(SHIFT_NOTES_MAX, { trim: true })),
  cashiers_added: z._default(z.array(id).check(z.maxLength(50)), []),
  cashiers_removed: z._default(z.array(id).check(z.maxLength(50)), []),
});
export type ShiftClose = z.input<typeof shiftClose>;

/** The body of `shift/{shiftId}/reopen`: why (required; kept in the drawer log). */
export const shiftReopen = z.object({ reason: financeReason });

/** `shift/current`: the open shift of the location, if any, and what a new one would open with. */
export const currentShift = z.object({
  today: reportedDay,
  currency: z.enum(DRAWER_CURRENCIES),
  shift: z.nullable(shift),
  /** What the last closed shift left in the drawer (its closing balance); null before any. */
  lastbalance: z.nullable(z.number()),
  /** The suggested opening count: `lastbalance`, else the default float. */
  suggested_starting_balance: z.number(),
  /** The last shift closed today, if any (a manager may reopen it). */
  closed_today: z.nullable(id),
});
export type CurrentShift = z.infer<typeof currentShift>;

// ——— The drawer log ——————————————————————————————————————————————————————————————————

/** What moved the drawer, or changed the shift. */
export const DRAWER_EVENT = {
  OPEN: 'open',
  SALES: 'sales',
  FINANCE_ADD: 'finance-add',
  FINANCE_UPDATE: 'finance-update',
  FINANCE_DELETE: 'finance-delete',
  CLOSE: 'close',
  REOPEN: 'reopen',
} as const;
export type DrawerEvent = (typeof DRAWER_EVENT)[keyof typeof DRAWER_EVENT];
export const DRAWER_EVENTS = Object.values(DRAWER_EVENT) as [DrawerEvent, ...DrawerEvent[]];
export const DRAWER_EVENT_LABEL: Record<DrawerEvent, string> = {
  open: 'Opened the drawer',
  sales: 'Cash sales',
  'finance-add': 'Added a finance',
  'finance-update': 'Changed a finance',
  'finance-delete': 'Removed a finance',
  close: 'Closed the drawer',
  reopen: 'Reopened the shift',
};

/**
 * One entry of `drawerlog/{shiftId}`, in order: `amount` is what it changed in what the drawer
 * should hold (signed cents; a changed finance gives the change), `expected` the sum of every
 * movement so far (null while hidden by blind close). A close gives the counted cash and the
 * difference; a reopen its reason. `user_name` is who did it.
 */
export const drawerLogEntry = z.object({
  id: z.string(),
  at: instant,
  event: z.enum(DRAWER_EVENTS),
  amount: z.nullable(z.number()),
  expected: z.nullable(z.number()),
  category: z.nullable(z.enum(FINANCE_CATEGORIES)),
  finance_id: z.nullable(id),
  counted: z.nullable(z.number()),
  difference: z.nullable(z.number()),
  description: z.nullable(z.string()),
  user_name: z.nullable(z.string()),
  employee_name: z.nullable(z.string()),
});
export type DrawerLogEntry = z.infer<typeof drawerLogEntry>;

export const drawerLog = z.object({ shift_id: id, status: z.enum([SHIFT_STATUS.OPEN, SHIFT_STATUS.CLOSED]), hidden: z.boolean(), entries: z.array(drawerLogEntry) });
export type DrawerLog = z.infer<typeof drawerLog>;

// ——— Drawer settings (per location) ——————————————————————————————————————————————————————

/**
 * A location's drawer settings: the default float (the opening count before any shift closed), the
 * difference past which closing needs a user with `setting.editsetting` and a note (null: none),
 * and blind close (the cashier counts without seeing the expected amount).
 */
export const drawerSettings = z.object({
  defaultFloat: z._default(amount(), 0),
  differenceThreshold: z._default(z.nullable(amount()), null),
  blindClose: z._default(z.boolean(), false),
});
export type DrawerSettings = z.infer<typeof drawerSettings>;

/** The day a shift report starts and ends (business-zone days). */
export const shiftRange = z.object({ start: day, end: day });
