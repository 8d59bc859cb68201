import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { addAggregates, APPOINTMENT_FIGURES, dayListFigures, emptyAggregate, FIGURES, figureValue, isFigure, LISTED_TICKETS } from './figures';
import { aggregateArb, transactionDayArb } from './figures.arb';
import { DASHBOARD_METRIC_COLUMNS, DEFAULT_DASHBOARD_CARDS, DEFAULT_KPI_PARAMS, type DashboardMetric } from './metrics';

const COLUMNS = DASHBOARD_METRIC_COLUMNS;
/** Figures that are sums: a range's value is the sum of its days'. */
const SUMS = COLUMNS.filter((c) => FIGURES[c].format === 'money' || FIGURES[c].format === 'count').filter((c) => c !== 'average');

describe('figures', () => {
  it('each has one label, used by no other figure, and a one-line meaning', () => {
    const labels = COLUMNS.map((c) => FIGURES[c].label);
    const appointments = Object.values(APPOINTMENT_FIGURES).map((f) => f.label);
    expect(new Set([...labels, ...appointments, LISTED_TICKETS.label]).size).toBe(labels.length + appointments.length + 1);
    for (const f of [...COLUMNS.map((c) => FIGURES[c]), ...Object.values(APPOINTMENT_FIGURES), LISTED_TICKETS]) {
      expect(f.meaning).toMatch(/^[A-Z].{10,160}\.$/);
      expect(f.meaning).not.toContain('\n');
    }
    // Every column a card or KPI can store is a figure, and nothing else is.
    expect(Object.keys(FIGURES).sort()).toEqual([...COLUMNS].sort());
  });

  it('names the spec’s figures as an owner reads them', () => {
    const label = (c: DashboardMetric) => FIGURES[c].label;
    expect([label('sales'), label('discounts'), label('refunds'), label('net'), label('tax'), label('tips'), label('collected'), label('tickets'), label('average')]).toEqual([
      'Gross sales',
      'Discounts',
      'Refunds',
      'Net sales',
      'Tax',
      'Tips',
      'Total collected',
      'Tickets',
      'Average ticket',
    ]);
    expect([label('services'), label('products'), label('giftcards')]).toEqual(['Service sales', 'Retail sales', 'Prepaid sales']);
    // The monthly report's appointment value is never called service sales.
    expect(Object.values(APPOINTMENT_FIGURES).map((f) => f.label)).not.toContain('Service sales');
  });

  test.prop([aggregateArb])('percents are 0–100, money and counts are whole, net is gross less refunds', (a) => {
    for (const column of COLUMNS) {
      const v = figureValue(column, a);
      expect(Number.isFinite(v)).toBe(true);
      if (FIGURES[column].format === 'percent') {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(100);
      }
      if (FIGURES[column].format === 'money' || FIGURES[column].format === 'count') expect(Number.isInteger(v)).toBe(true);
    }
    expect(figureValue('net', a)).toBe(figureValue('sales', a) - figureValue('refunds', a));
    expect(figureValue('sales', a)).toBe(figureValue('services', a) + figureValue('products', a) + figureValue('giftcards', a));
    expect(figureValue('collected', a)).toBeGreaterThanOrEqual(figureValue('sales', a) + figureValue('tips', a));
  });

  test.prop([fc.array(aggregateArb, { minLength: 1, maxLength: 31 })])('a range’s sums are the sums of its days', (days) => {
    const range = days.reduce(addAggregates, emptyAggregate());
    for (const column of SUMS) expect(figureValue(column, range), column).toBe(days.reduce((s, d) => s + figureValue(column, d), 0));
  });

  test.prop([aggregateArb])('the average ticket is gross sales over tickets, to the cent', (a) => {
    const v = figureValue('average', a);
    if (a.tickets === 0) expect(v).toBe(0);
    else expect(Math.abs(v * a.tickets - a.sales)).toBeLessThanOrEqual(a.tickets / 2);
  });

  it('are zero on a day with no sales, and the defaults name known figures', () => {
    for (const column of COLUMNS) expect(figureValue(column, emptyAggregate())).toBe(0);
    for (const card of DEFAULT_DASHBOARD_CARDS) expect(isFigure(card.column)).toBe(true);
    for (const kpi of DEFAULT_KPI_PARAMS) expect(isFigure(kpi.column)).toBe(true);
    expect(isFigure('toString')).toBe(false);
    expect(DEFAULT_DASHBOARD_CARDS.map((c) => c.title)).toEqual(['Net sales', 'Tickets', 'Average ticket', 'Tips']);
  });
});

describe('a day list’s figures', () => {
  test.prop([transactionDayArb])('count completed tickets only, sum their totals, tips and tender, and carry the day’s refunds', (list) => {
    const f = dayListFigures(list);
    const completed = list.transactions.filter((t) => t.status === 'CHECKOUT');
    expect(f.listed).toBe(list.transactions.length);
    expect(f.tickets).toBe(completed.length);
    expect(f.tickets).toBeLessThanOrEqual(f.listed);
    expect(f.sales).toBe(completed.reduce((s, t) => s + t.total, 0));
    expect(f.collected).toBe(f.sales + f.tips);
    expect(f.refunds).toBe(list.refunds);
  });

  it('does not count open or deleted tickets as tickets (83 completed of 88 listed)', () => {
    const row = (id: number, status: 'CHECKOUT' | 'ACTIVE' | 'SERVICE_NOCHECKOUT', total: number) => ({
      id,
      status,
      phones: [],
      staff: null,
      staff_full_name: null,
      checkin_at: '2026-11-22T17:00:00.000Z',
      checkout_at: null,
      lines: 1,
      total,
      tipamount: 0,
      refunded: 0,
      cashamount: total,
      creditamount: 0,
      giftamount: 0,
      bypass: false,
    });
    const list = {
      day: '2026-11-22',
      refunds: 5_900,
      transactions: [...Array.from({ length: 83 }, (_, i) => row(i + 1, 'CHECKOUT', 1000)), ...Array.from({ length: 5 }, (_, i) => row(100 + i, i % 2 ? 'ACTIVE' : 'SERVICE_NOCHECKOUT', 0))],
    };
    expect(dayListFigures(list)).toEqual({ listed: 88, tickets: 83, sales: 83_000, tips: 0, refunds: 5_900, collected: 83_000 });
  });
});
