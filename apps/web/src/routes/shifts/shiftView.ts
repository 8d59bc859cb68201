import { dayRange, daysInRange, type Denomination, type DenominationLine, type DrawerLogEntry, DRAWER_EVENT_LABEL, FINANCE_CATEGORY_LABEL, SHIFT_FIGURES, type ShiftFigures, type ShiftReportRow, type ShiftState } from '@salondesk/core';
import type { DrawerBalanceLine, DrawerBalanceOutcome } from './DrawerBalance';
import type { CounterDenomination } from './DenominationCounter';
import type { StatusTone } from '../../ui/StatusBadge';

/**
 * What the drawer screens show and send, worked out from the API's answers: a count between the
 * counter's form and the wire's, the state's badge, the variance per cashier for the chart, and the
 * drawer log as sentences. Figures themselves come computed from the server (core's rules).
 */

/** The badge of a shift's state: Open, Balanced, Over, Short. */
export const SHIFT_STATE_TONE: Record<ShiftState, StatusTone> = { Open: 'info', Balanced: 'success', Over: 'warning', Short: 'danger' };

/** A currency's notes and coins as the counter lists them. */
export const counterDenominations = (denominations: readonly Denomination[]): CounterDenomination[] => denominations.map((d) => ({ key: d.key, value: d.value, label: d.label, kind: d.kind }));

/** A count as the counter keeps it (by key) → as the wire takes it (lines of more than 0, the currency's order). */
export const countLines = (denominations: readonly Denomination[], counts: Readonly<Record<string, number>>): DenominationLine[] =>
  denominations.filter((d) => (counts[d.key] ?? 0) > 0).map((d) => ({ key: d.key, count: counts[d.key] as number }));

/** A count from the wire → by key, for the counter (an earlier count to start from). */
export const countsByKey = (lines: readonly DenominationLine[] | null | undefined): Record<string, number> => Object.fromEntries((lines ?? []).filter((l) => l.count > 0).map((l) => [l.key, l.count]));

/** One series of the variance chart: a cashier's difference on each day of the range (0 where they closed no drawer). */
export interface CashierVariance {
  cashier: string;
  values: number[];
}

/**
 * The difference of each closed shift per cashier, day by day over `start`…`end` (open shifts left
 * out: they have none yet). A day with two shifts of one cashier adds them. Cashiers are ordered by
 * the size of their total difference, largest first, so the legend leads with whom to ask.
 */
export function variancePerCashier(rows: readonly Pick<ShiftReportRow, 'day' | 'cashier' | 'difference' | 'status'>[], start: string, end: string): { days: string[]; series: CashierVariance[] } {
  const days = dayRange(start, daysInRange(start, end));
  const index = new Map(days.map((d, i) => [d, i]));
  const byCashier = new Map<string, number[]>();
  for (const row of rows) {
    const at = index.get(row.day);
    if (row.status !== 'CLOSED' || row.difference === null || at === undefined) continue;
    const name = row.cashier ?? 'No cashier';
    const values = byCashier.get(name) ?? days.map(() => 0);
    values[at] = (values[at] ?? 0) + row.difference;
    byCashier.set(name, values);
  }
  const weight = (values: number[]) => values.reduce((sum, v) => sum + Math.abs(v), 0);
  const series = [...byCashier].map(([cashier, values]) => ({ cashier, values })).sort((a, b) => weight(b.values) - weight(a.values) || a.cashier.localeCompare(b.cashier));
  return { days, series };
}

/** What a drawer log entry did, as a sentence: `Added a finance: Paid out, Milk for the coffee`. */
export function drawerLogSentence(entry: Pick<DrawerLogEntry, 'event' | 'category' | 'description' | 'employee_name'>): string {
  const what = DRAWER_EVENT_LABEL[entry.event];
  const parts = [entry.category ? FINANCE_CATEGORY_LABEL[entry.category] : null, entry.employee_name ? (entry.event === 'open' ? `cashier ${entry.employee_name}` : `for ${entry.employee_name}`) : null, entry.description].filter((p): p is string => Boolean(p && p.trim()));
  return parts.length > 0 ? `${what}: ${parts.join(', ')}` : what;
}

/** A shift's movements as the balance card lists them, each under its figure's name and meaning (credits in, debits out). */
export function balanceLines(figures: Pick<ShiftFigures, 'starting_balance' | 'cash_sales' | 'paid_in' | 'paid_out' | 'tip_out' | 'cash_drop'>): DrawerBalanceLine[] {
  const f = SHIFT_FIGURES;
  const line = (key: keyof typeof SHIFT_FIGURES, amount: number): DrawerBalanceLine => ({ key, label: f[key].label, meaning: f[key].meaning, amount });
  return [
    line('starting_balance', figures.starting_balance),
    line('cash_sales', figures.cash_sales ?? 0),
    line('paid_in', figures.paid_in),
    line('paid_out', -figures.paid_out),
    line('tip_out', -figures.tip_out),
    line('cash_drop', -figures.cash_drop),
  ];
}

/** How a closed count came out, for the balance card; null while open. */
export const balanceOutcome = (figures: Pick<ShiftFigures, 'state' | 'difference'>): DrawerBalanceOutcome | null =>
  figures.state === 'Open' || figures.difference === null ? null : { label: figures.state, tone: SHIFT_STATE_TONE[figures.state], difference: figures.difference };
