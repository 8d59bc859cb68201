import type { DrawerEvent, FinanceCategory, FinanceType, ShiftAttributeKey, ShiftBalance, ShiftStatus } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { businesses, users } from '../db/schema';
import { staff } from '../staff/schema';

/**
 * Cash-drawer shifts (spec 001 §3 Shift, shift attributes, Finance entry). The drawer is a ledger:
 * nothing here keeps a running "expected" amount — it is the sum of the opening count, the day's
 * cash sales and the finances (`rules/shifts.ts`). What a close froze (cash sales, the cash counted,
 * the difference) is kept in the shift's attributes and its `close` row of `drawer_log`; a reopen
 * clears the attributes, never the log.
 */

export const shifts = pgTable(
  'shifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The business-zone day the drawer opened. */
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<ShiftStatus>().notNull(),
    starting_balance: integer('starting_balance').notNull(),
    /** What stayed in the drawer at close (cash counted less the cash drop); null while open. */
    closing_balance: integer('closing_balance'),
    balanced: text('balanced').$type<ShiftBalance>(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    opened_by: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    closed_by: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    reopened: integer('reopened').notNull().default(0),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shifts_business_day_idx').on(t.business_id, t.day),
    // One open drawer per location: two devices opening at once give one shift.
    uniqueIndex('shifts_one_open_drawer').on(t.business_id).where(sql`${t.status} = 'OPEN'`),
    check('shifts_status_check', sql`${t.status} in ('OPEN', 'CLOSED')`),
    check('shifts_balanced_check', sql`${t.balanced} is null or ${t.balanced} in ('Balanced', 'Over', 'Short')`),
    check('shifts_closed_has_close', sql`(${t.status} = 'CLOSED') = (${t.closed_at} is not null and ${t.closing_balance} is not null and ${t.balanced} is not null)`),
    check('shifts_starting_balance_check', sql`${t.starting_balance} >= 0`),
  ],
);

/** The shift attributes of spec 001 §3, one row per key (`cashier`, `denominations`, `salescash`, …). */
export const shiftAttributes = pgTable(
  'shift_attributes',
  {
    shift_id: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    key: text('key').$type<ShiftAttributeKey>().notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shift_id, t.key] }),
    check(
      'shift_attributes_key_check',
      sql`${t.key} in ('cashier', 'cashier added at closing', 'cashier removed at closing', 'denominations', 'closingdenominations', 'notes', 'cashoffset', 'salescash', 'cashatclosing', 'lastbalance')`,
    ),
  ],
);

/** Finance entries (spec 001 §3): cash put in or taken out of a shift's drawer, with a reason. */
export const shiftFinances = pgTable(
  'shift_finances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    shift_id: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    employee_id: integer('employee_id').references(() => staff.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').$type<FinanceCategory>().notNull(),
    type: text('type').$type<FinanceType>().notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    is_debit: boolean('is_debit').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shift_finances_shift_idx').on(t.shift_id),
    index('shift_finances_business_day_idx').on(t.business_id, t.day),
    check('shift_finances_category_check', sql`${t.category} in ('CASHDROP', 'PAIDIN', 'PAIDOUT', 'TIPOUT')`),
    check('shift_finances_type_check', sql`(${t.type} = 'DEBIT') = ${t.is_debit} and ${t.type} in ('CREDIT', 'DEBIT')`),
    check('shift_finances_amount_check', sql`${t.amount} > 0`),
    // One cash drop per shift (§5: closing updates it or adds it).
    uniqueIndex('shift_finances_one_cash_drop').on(t.shift_id).where(sql`${t.category} = 'CASHDROP'`),
  ],
);

/**
 * The drawer log: every movement of a drawer and every change to its shift, in order, with who and
 * when. `amount` is what the movement changed in what the drawer should hold (a changed finance: the
 * change); a close keeps the cash sales it froze (`sales_cash`), the amount counted and the
 * difference. Rows are only ever added.
 */
export const drawerLog = pgTable(
  'drawer_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    shift_id: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    event: text('event').$type<DrawerEvent>().notNull(),
    amount: integer('amount'),
    finance_id: integer('finance_id'),
    category: text('category').$type<FinanceCategory>(),
    employee_id: integer('employee_id').references(() => staff.id, { onDelete: 'set null' }),
    sales_cash: integer('sales_cash'),
    counted: integer('counted'),
    difference: integer('difference'),
    description: text('description'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('drawer_log_shift_idx').on(t.shift_id, t.id),
    check('drawer_log_event_check', sql`${t.event} in ('open', 'finance-add', 'finance-update', 'finance-delete', 'close', 'reopen')`),
  ],
);

/** A location's drawer settings; a location without a row has the defaults. */
export const drawerSettingsTable = pgTable(
  'drawer_settings',
  {
    business_id: integer('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    default_float: integer('default_float').notNull().default(0),
    difference_threshold: integer('difference_threshold'),
    blind_close: boolean('blind_close').notNull().default(false),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('drawer_settings_amounts_check', sql`${t.default_float} >= 0 and (${t.difference_threshold} is null or ${t.difference_threshold} >= 0)`)],
);
