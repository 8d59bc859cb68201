import {
  cashDropChange,
  closeApproval,
  closingBalanceOf,
  countedAmount,
  currencySymbolOf,
  dayBalance,
  dayInZone,
  DRAWER_EVENT,
  type DrawerLogEntry,
  endpoints,
  expectedCash,
  FINANCE_CATEGORY,
  type FinanceCategory,
  financeTotals,
  financeTypeOf,
  formatMoney,
  formatShiftDuration,
  isDebitCategory,
  MESSAGES,
  rangeProblem,
  SHIFT_ATTRIBUTE,
  SHIFT_RANGE_MAX_DAYS,
  SHIFT_STATUS,
  type ShiftReport,
  runningExpected,
  shiftReportTotals,
  type DrawerMovement,
  shiftActionProblem,
  shiftCloseNeedsManager,
  shiftCloseNeedsNote,
  signedFinance,
  suggestedStartingBalance,
  userCan,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { overRange } from '../export/context';
import { implementExport } from '../export/implementExport';
import { HttpError, invalidRequest } from '../http/errors';
import { type HandlerContext, businessOf } from '../http/registry';
import { implement } from '../http/registry';
import { isUniqueViolation, rosterDisplayNames } from '../staff/queries';
import { type Executor, rows } from '../db/executor';
import { iso } from '../db/instants';
import { drawerLog, drawerSettingsTable, shiftFinances, shifts } from './schema';
import {
  cashSalesOfShift,
  currencyOf,
  type FinanceRow,
  financesOf,
  loadFinance,
  loadShiftRow,
  readDrawerSettings,
  readShift,
  setAttributes,
  shiftReportRows,
  toFinance,
} from './queries';

const userIdOf = (ctx: HandlerContext): number | null => ctx.auth?.user.id ?? null;
/** A manager: a user who may edit the location's settings (reopens shifts, closes past the threshold). */
const isManager = (ctx: HandlerContext): boolean => (ctx.auth ? userCan(ctx.auth.user, 'setting.editsetting') : false);

function checkShiftRange(start: string, end: string): void {
  const problem = rangeProblem(start, end, SHIFT_RANGE_MAX_DAYS);
  if (problem) throw invalidRequest([{ path: ['query', 'end'], message: problem }]);
}

const refuse = (problem: { status: number; message: string } | null) => {
  if (problem) throw new HttpError(problem.status, problem.message);
};

/** Staff ids that are not members of the business (deleted ones included: a cashier is a current member). */
async function checkStaff(db: Executor, businessId: number, ids: readonly number[], path: (string | number)[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await rows<{ id: number }>(
    db,
    sql`select id from staff where business_id = ${businessId} and deleted_at is null and id = any(${sql.raw(`'{${wanted.join(',')}}'::int[]`)})`,
  );
  if (found.length !== wanted.length) throw invalidRequest([{ path, message: MESSAGES.shiftCashierNotStaff }]);
}

async function log(
  db: Executor,
  values: {
    business_id: number;
    shift_id: number;
    event: (typeof DRAWER_EVENT)[keyof typeof DRAWER_EVENT];
    user_id: number | null;
    amount?: number | null;
    finance_id?: number | null;
    category?: FinanceCategory | null;
    employee_id?: number | null;
    sales_cash?: number | null;
    counted?: number | null;
    difference?: number | null;
    description?: string | null;
  },
) {
  await db.insert(drawerLog).values(values);
}

/** The shift a finance goes on: of this business, locked, and open. */
async function lockOpenShift(db: Executor, businessId: number, shiftId: number) {
  const s = await loadShiftRow(db, businessId, shiftId, { forUpdate: true });
  refuse(shiftActionProblem(s.status, 'finance', false));
  return s;
}

const cashDropTwice = () => new HttpError(409, MESSAGES.shiftCashDropTwice);

/**
 * Cash-drawer shifts and finances (core's `shiftEndpoints`). Every change runs in one transaction
 * with the shift's row locked, so two devices take turns: of two closes, the second sees the shift
 * closed and is told; a finance never lands on a shift closed a moment before. Every change writes
 * a `drawer_log` row with who did it.
 */
export function shiftHandlers() {
  const e = endpoints.shifts;
  const x = endpoints.shiftExports;

  async function report(ctx: HandlerContext, start: string, end: string): Promise<ShiftReport> {
    const business = businessOf(ctx);
    checkShiftRange(start, end);
    const list = await shiftReportRows(ctx.db, business, start, end, ctx.now());
    return { start, end, timezone: business.timezone, currency: currencyOf(business), rows: list, totals: shiftReportTotals(list) };
  }

  return [
    implement(e.list, async ({ query }, ctx) => report(ctx, query.start, query.end)),

    implement(e.current, async (_request, ctx) => {
      const business = businessOf(ctx);
      const today = dayInZone(ctx.now(), business.timezone);
      const [open] = await rows<{ id: number }>(ctx.db, sql`select id from shifts where business_id = ${business.id} and status = 'OPEN'`);
      const [last] = await rows<{ closing_balance: number }>(
        ctx.db,
        sql`select closing_balance from shifts where business_id = ${business.id} and status = 'CLOSED' order by closed_at desc, id desc limit 1`,
      );
      const [closedToday] = await rows<{ id: number }>(
        ctx.db,
        sql`select id from shifts where business_id = ${business.id} and status = 'CLOSED' and day = ${today} order by closed_at desc, id desc limit 1`,
      );
      const settings = await readDrawerSettings(ctx.db, business.id);
      const lastbalance = last?.closing_balance ?? null;
      return {
        today,
        currency: currencyOf(business),
        shift: open ? await readShift(ctx.db, business, open.id) : null,
        lastbalance,
        suggested_starting_balance: suggestedStartingBalance(lastbalance, settings.defaultFloat),
        closed_today: closedToday?.id ?? null,
      };
    }),

    /**
     * Opens the location's drawer: the count given (by denomination and/or as an amount, which must
     * agree), else what the last shift left (`lastbalance`), else the default float. One open drawer
     * per location (a unique index: two opening at once give one shift, the other is told).
     */
    implement(e.open, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const currency = currencyOf(business);
      const userId = userIdOf(ctx);
      const id = await ctx.db
        .transaction(async (tx) => {
          const [already] = await rows<{ id: number }>(tx, sql`select id from shifts where business_id = ${business.id} and status = 'OPEN'`);
          if (already) throw new HttpError(409, MESSAGES.shiftAlreadyOpen);
          await checkStaff(tx, business.id, [body.cashier], ['body', 'cashier']);
          const settings = await readDrawerSettings(tx, business.id);
          const [last] = await rows<{ closing_balance: number }>(
            tx,
            sql`select closing_balance from shifts where business_id = ${business.id} and status = 'CLOSED' order by closed_at desc, id desc limit 1`,
          );
          const lastbalance = last?.closing_balance ?? null;
          let starting = suggestedStartingBalance(lastbalance, settings.defaultFloat);
          let lines = null;
          if (body.denominations !== undefined || body.starting_balance !== undefined) {
            const counted = countedAmount(currency, body.starting_balance, body.denominations);
            if (!counted.ok) throw invalidRequest(counted.problems.map((p) => ({ path: counted.field === 'lines' ? ['body', 'denominations', p.index] : ['body', 'starting_balance'], message: p.message })));
            starting = counted.total;
            lines = counted.lines;
          }
          const now = ctx.now();
          const [row] = await tx
            .insert(shifts)
            .values({ business_id: business.id, day: dayInZone(now, business.timezone), status: SHIFT_STATUS.OPEN, starting_balance: starting, started_at: now, opened_by: userId, updated_at: now })
            .returning({ id: shifts.id });
          const shiftId = (row as { id: number }).id;
          await setAttributes(tx, shiftId, {
            [SHIFT_ATTRIBUTE.CASHIER]: body.cashier,
            [SHIFT_ATTRIBUTE.DENOMINATIONS]: lines ? { currency, lines, total: starting } : undefined,
            [SHIFT_ATTRIBUTE.LAST_BALANCE]: lastbalance ?? undefined,
            [SHIFT_ATTRIBUTE.NOTES]: body.notes ? body.notes : undefined,
          });
          await log(tx, { business_id: business.id, shift_id: shiftId, event: DRAWER_EVENT.OPEN, user_id: userId, amount: starting, employee_id: body.cashier, description: body.notes || null });
          return shiftId;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.shiftAlreadyOpen);
          throw error;
        });
      return readShift(ctx.db, business, id);
    }),

    implement(e.get, async ({ params }, ctx) => readShift(ctx.db, businessOf(ctx), params.shiftId)),

    /**
     * Closes an open shift, once. With the shift's row locked: the count (it must add up), the
     * cash drop by the §5 rule (0 removes it, else it is changed or added), the day's cash sales
     * frozen, the difference against the expected amount; past the location's threshold only a
     * manager closes, with a note. Everything or nothing: a refused close changes nothing.
     */
    implement(e.update, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const currency = currencyOf(business);
      const userId = userIdOf(ctx);
      await ctx.db
        .transaction(async (tx) => {
          const s = await loadShiftRow(tx, business.id, params.shiftId, { forUpdate: true });
          refuse(shiftActionProblem(s.status, 'close', isManager(ctx)));
          const counted = countedAmount(currency, body.cashatclosing, body.closingdenominations);
          if (!counted.ok) throw invalidRequest(counted.problems.map((p) => ({ path: counted.field === 'lines' ? ['body', 'closingdenominations', p.index] : ['body', 'cashatclosing'], message: p.message })));
          if (body.cashdrop > counted.total) throw invalidRequest([{ path: ['body', 'cashdrop'], message: MESSAGES.shiftCashDropTooLarge }]);
          const added = body.cashiers_added;
          const removed = body.cashiers_removed;
          if (added.some((id) => removed.includes(id))) throw invalidRequest([{ path: ['body', 'cashiers_removed'], message: MESSAGES.shiftCashierTwice }]);
          await checkStaff(tx, business.id, added, ['body', 'cashiers_added']);
          await checkStaff(tx, business.id, removed, ['body', 'cashiers_removed']);

          // The cash drop (spec 001 §5).
          const finances = await financesOf(tx, [s.id]);
          const drop = finances.find((f) => f.category === FINANCE_CATEGORY.CASHDROP) ?? null;
          const change = cashDropChange(drop, body.cashdrop);
          const reason = 'Cash drop at closing';
          const day = s.day;
          if (change.kind === 'delete' && drop) {
            await tx.execute(sql`delete from shift_finances where id = ${drop.id}`);
            await log(tx, { business_id: business.id, shift_id: s.id, event: DRAWER_EVENT.FINANCE_DELETE, user_id: userId, amount: -signedFinance({ amount: drop.amount, isDebit: drop.is_debit }), finance_id: drop.id, category: drop.category, description: reason });
          } else if (change.kind === 'update' && drop) {
            await tx.execute(sql`update shift_finances set amount = ${change.amount}, updated_at = now() where id = ${drop.id}`);
            await log(tx, { business_id: business.id, shift_id: s.id, event: DRAWER_EVENT.FINANCE_UPDATE, user_id: userId, amount: drop.amount - change.amount, finance_id: drop.id, category: drop.category, description: reason });
          } else if (change.kind === 'add') {
            const [f] = await tx
              .insert(shiftFinances)
              .values({ business_id: business.id, shift_id: s.id, day, category: FINANCE_CATEGORY.CASHDROP, type: financeTypeOf(FINANCE_CATEGORY.CASHDROP), amount: change.amount, description: reason, is_debit: true, created_by: userId })
              .returning({ id: shiftFinances.id });
            await log(tx, { business_id: business.id, shift_id: s.id, event: DRAWER_EVENT.FINANCE_ADD, user_id: userId, amount: -change.amount, finance_id: (f as { id: number }).id, category: FINANCE_CATEGORY.CASHDROP, description: reason });
          }

          const after = await financesOf(tx, [s.id]);
          const net = financeTotals(after.map((f) => ({ category: f.category, amount: f.amount, isDebit: f.is_debit }))).finances;
          const salesCash = await cashSalesOfShift(tx, business.id, s);
          const expected = expectedCash(s.starting_balance, salesCash, net);
          const closing = closingBalanceOf(counted.total, body.cashdrop);
          const { balance, difference } = dayBalance(closing, expected);
          const settings = await readDrawerSettings(tx, business.id);
          const approval = closeApproval(difference, settings.differenceThreshold, isManager(ctx), Boolean(body.notes));
          const threshold = formatMoney(settings.differenceThreshold ?? 0, currencySymbolOf(business.info));
          if (approval === 'manager') throw new HttpError(403, shiftCloseNeedsManager(threshold));
          if (approval === 'note') throw invalidRequest([{ path: ['body', 'notes'], message: shiftCloseNeedsNote(threshold) }]);

          const now = ctx.now();
          await tx.execute(
            sql`update shifts set status = 'CLOSED', closing_balance = ${closing}, balanced = ${balance}, closed_at = ${now.toISOString()}, closed_by = ${userId}, updated_at = now() where id = ${s.id}`,
          );
          await setAttributes(tx, s.id, {
            [SHIFT_ATTRIBUTE.CLOSING_DENOMINATIONS]: counted.lines ? { currency, lines: counted.lines, total: counted.total } : null,
            [SHIFT_ATTRIBUTE.CASH_AT_CLOSING]: counted.total,
            [SHIFT_ATTRIBUTE.SALES_CASH]: salesCash,
            [SHIFT_ATTRIBUTE.CASH_OFFSET]: difference,
            [SHIFT_ATTRIBUTE.NOTES]: body.notes ? body.notes : undefined,
            [SHIFT_ATTRIBUTE.CASHIER_ADDED]: added.length > 0 ? added : undefined,
            [SHIFT_ATTRIBUTE.CASHIER_REMOVED]: removed.length > 0 ? removed : undefined,
          });
          await log(tx, { business_id: business.id, shift_id: s.id, event: DRAWER_EVENT.CLOSE, user_id: userId, sales_cash: salesCash, counted: closing, difference, description: body.notes || null });
        });
      return readShift(ctx.db, business, params.shiftId);
    }),

    /** A manager reopens a closed shift, with a reason: its close record is cleared (the drawer log keeps it). */
    implement(e.reopen, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db
        .transaction(async (tx) => {
          const s = await loadShiftRow(tx, business.id, params.shiftId, { forUpdate: true });
          refuse(shiftActionProblem(s.status, 'reopen', isManager(ctx)));
          await tx.execute(
            sql`update shifts set status = 'OPEN', closing_balance = null, balanced = null, closed_at = null, closed_by = null, reopened = reopened + 1, updated_at = now() where id = ${s.id}`,
          );
          await setAttributes(tx, s.id, {
            [SHIFT_ATTRIBUTE.CLOSING_DENOMINATIONS]: null,
            [SHIFT_ATTRIBUTE.CASH_AT_CLOSING]: null,
            [SHIFT_ATTRIBUTE.SALES_CASH]: null,
            [SHIFT_ATTRIBUTE.CASH_OFFSET]: null,
          });
          await log(tx, { business_id: business.id, shift_id: s.id, event: DRAWER_EVENT.REOPEN, user_id: userIdOf(ctx), description: body.reason });
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.shiftAlreadyOpen);
          throw error;
        });
      return readShift(ctx.db, business, params.shiftId);
    }),

    /**
     * Every movement of the drawer in order: the opening count, finances added, changed and
     * removed, the cash sales each close froze (and, while open, the cash sales since), closes and
     * reopens; `expected` is the running sum. Under blind close, while open, the cash sales and
     * the running sum are not sent.
     */
    implement(e.drawerLog, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const s = await loadShiftRow(ctx.db, business.id, params.shiftId);
      const [settings, names, list] = await Promise.all([
        readDrawerSettings(ctx.db, business.id),
        rosterDisplayNames(ctx.db, business.id),
        rows<{
          id: number;
          event: DrawerLogEntry['event'];
          amount: number | null;
          finance_id: number | null;
          category: FinanceCategory | null;
          employee_id: number | null;
          sales_cash: number | null;
          counted: number | null;
          difference: number | null;
          description: string | null;
          user_name: string | null;
          created_at: Date | string;
        }>(
          ctx.db,
          sql`select l.id, l.event, l.amount, l.finance_id, l.category, l.employee_id, l.sales_cash, l.counted, l.difference, l.description, u.fullname as user_name, l.created_at
              from drawer_log l left join users u on u.id = l.user_id where l.shift_id = ${s.id} order by l.id`,
        ),
      ]);
      const hidden = s.status === SHIFT_STATUS.OPEN && settings.blindClose;
      // The movements in order (each close preceded by the cash sales it froze), then core's running expected amount.
      const movements: (DrawerMovement & { entry: Omit<DrawerLogEntry, 'expected'> })[] = [];
      let salesSoFar = 0;
      const blank = { amount: null, category: null, finance_id: null, counted: null, difference: null, description: null, user_name: null, employee_name: null };
      const sales = (id: string, at: string, total: number) => {
        const amount = total - salesSoFar;
        salesSoFar = total;
        movements.push({ event: DRAWER_EVENT.SALES, amount, entry: { ...blank, id, at, event: DRAWER_EVENT.SALES, amount: hidden ? null : amount } });
      };
      for (const r of list) {
        const at = iso(r.created_at);
        if (r.event === DRAWER_EVENT.CLOSE) sales(`sales-${r.id}`, at, r.sales_cash ?? salesSoFar);
        movements.push({
          event: r.event,
          amount: r.amount ?? 0,
          entry: {
            id: String(r.id),
            at,
            event: r.event,
            amount: r.amount,
            category: r.category,
            finance_id: r.finance_id,
            counted: r.counted,
            difference: r.difference,
            description: r.description,
            user_name: r.user_name,
            employee_name: r.employee_id === null ? null : (names.get(r.employee_id) ?? 'Former staff'),
          },
        });
      }
      if (s.status === SHIFT_STATUS.OPEN) sales('sales-now', ctx.now().toISOString(), await cashSalesOfShift(ctx.db, business.id, s));
      const expected = runningExpected(movements);
      const entries: DrawerLogEntry[] = movements.map((m, i) => ({ ...m.entry, expected: hidden ? null : (expected[i] as number) }));
      return { shift_id: s.id, status: s.status, hidden, entries };
    }),

    /** Adds a finance to an open shift of this business; one cash drop per shift. */
    implement(e.addFinance, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const userId = userIdOf(ctx);
      const row = await ctx.db
        .transaction(async (tx) => {
          const s = await lockOpenShift(tx, business.id, body.shift_id);
          if (body.amount <= 0) throw invalidRequest([{ path: ['body', 'amount'], message: MESSAGES.invalidAmount }]);
          if (body.employee_id !== null) await checkStaff(tx, business.id, [body.employee_id], ['body', 'employee_id']);
          const [f] = await tx
            .insert(shiftFinances)
            .values({
              business_id: business.id,
              shift_id: s.id,
              employee_id: body.employee_id,
              day: s.day,
              category: body.category,
              type: financeTypeOf(body.category),
              amount: body.amount,
              description: body.description,
              is_debit: isDebitCategory(body.category),
              created_by: userId,
            })
            .returning({ id: shiftFinances.id });
          const id = (f as { id: number }).id;
          await log(tx, { business_id: business.id, shift_id: s.id, event: DRAWER_EVENT.FINANCE_ADD, user_id: userId, amount: signedFinance({ amount: body.amount, isDebit: isDebitCategory(body.category) }), finance_id: id, category: body.category, employee_id: body.employee_id, description: body.description });
          return loadFinance(tx, business.id, id);
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw cashDropTwice();
          throw error;
        });
      return toFinance(row, await rosterDisplayNames(ctx.db, business.id));
    }),

    /** Changes a finance of an open shift; the log keeps the change and the reason. */
    implement(e.updateFinance, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const userId = userIdOf(ctx);
      const row = await ctx.db
        .transaction(async (tx) => {
          const before = await loadFinance(tx, business.id, params.fid);
          await lockOpenShift(tx, business.id, before.shift_id);
          const current = await loadFinance(tx, business.id, params.fid);
          const category = body.category ?? current.category;
          const amount = body.amount ?? current.amount;
          const employee = body.employee_id === undefined ? current.employee_id : body.employee_id;
          if (amount <= 0) throw invalidRequest([{ path: ['body', 'amount'], message: MESSAGES.invalidAmount }]);
          if (employee !== null && employee !== current.employee_id) await checkStaff(tx, business.id, [employee], ['body', 'employee_id']);
          const isDebit = isDebitCategory(category);
          await tx.execute(
            sql`update shift_finances set category = ${category}, type = ${financeTypeOf(category)}, is_debit = ${isDebit}, amount = ${amount}, employee_id = ${employee}, description = ${body.description}, updated_at = now() where id = ${current.id}`,
          );
          const delta = signedFinance({ amount, isDebit }) - signedFinance({ amount: current.amount, isDebit: current.is_debit });
          await log(tx, { business_id: business.id, shift_id: current.shift_id, event: DRAWER_EVENT.FINANCE_UPDATE, user_id: userId, amount: delta, finance_id: current.id, category, employee_id: employee, description: body.description });
          return loadFinance(tx, business.id, current.id);
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw cashDropTwice();
          throw error;
        });
      return toFinance(row, await rosterDisplayNames(ctx.db, business.id));
    }),

    /** Removes a finance of an open shift, with a reason the log keeps. */
    implement(e.deleteFinance, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.transaction(async (tx) => {
        const before = await loadFinance(tx, business.id, params.fid);
        await lockOpenShift(tx, business.id, before.shift_id);
        const current: FinanceRow = await loadFinance(tx, business.id, params.fid);
        await tx.execute(sql`delete from shift_finances where id = ${current.id}`);
        await log(tx, { business_id: business.id, shift_id: current.shift_id, event: DRAWER_EVENT.FINANCE_DELETE, user_id: userIdOf(ctx), amount: -signedFinance({ amount: current.amount, isDebit: current.is_debit }), finance_id: current.id, category: current.category, employee_id: current.employee_id, description: body.description });
      });
      return { id: params.fid };
    }),

    implement(e.settings, async (_request, ctx) => readDrawerSettings(ctx.db, businessOf(ctx).id)),

    implement(e.updateSettings, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db
        .insert(drawerSettingsTable)
        .values({ business_id: business.id, default_float: body.defaultFloat, difference_threshold: body.differenceThreshold, blind_close: body.blindClose })
        .onConflictDoUpdate({
          target: drawerSettingsTable.business_id,
          set: { default_float: body.defaultFloat, difference_threshold: body.differenceThreshold, blind_close: body.blindClose, updated_at: sql`now()` },
        });
      return readDrawerSettings(ctx.db, business.id);
    }),

    implementExport(x.report, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const r = await report(ctx, query.start, query.end);
      return {
        ...overRange(business, query),
        rows: (async function* () {
          yield r.rows.map((row) => ({
            day: row.day,
            cashier: row.cashiers.join(', '),
            started_at: row.started_at,
            closed_at: row.closed_at,
            duration: formatShiftDuration(row.duration_minutes),
            starting_balance: row.starting_balance,
            cash_sales: row.cash_sales,
            finances: row.finances,
            expected: row.expected,
            counted: row.counted,
            difference: row.difference,
            state: row.state,
          }));
        })(),
      };
    }),
  ];
}

