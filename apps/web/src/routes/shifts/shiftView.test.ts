import { DENOMINATIONS } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { countLines, countsByKey, drawerLogSentence, variancePerCashier } from './shiftView';

describe('variancePerCashier', () => {
  it('puts each closed shift’s difference on its day under its cashier, open shifts left out, the largest variance first', () => {
    const { days, series } = variancePerCashier(
      [
        { day: '2026-03-01', cashier: 'Ava B.', difference: -200, status: 'CLOSED' },
        { day: '2026-03-02', cashier: 'Noah', difference: 50, status: 'CLOSED' },
        { day: '2026-03-03', cashier: 'Ava B.', difference: 0, status: 'CLOSED' },
        { day: '2026-03-03', cashier: 'Ava B.', difference: 25, status: 'CLOSED' },
        { day: '2026-03-03', cashier: 'Noah', difference: null, status: 'OPEN' },
        // Outside the range: not drawn.
        { day: '2026-02-28', cashier: 'Noah', difference: 9999, status: 'CLOSED' },
      ],
      '2026-03-01',
      '2026-03-03',
    );
    expect(days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(series).toEqual([
      { cashier: 'Ava B.', values: [-200, 0, 25] },
      { cashier: 'Noah', values: [0, 50, 0] },
    ]);
  });
});

describe('counts', () => {
  it('goes from the counter’s keys to the wire’s lines in the currency’s order, and back, dropping zeros', () => {
    const lines = countLines(DENOMINATIONS.USD, { c25: 4, n2000: 3, n100: 0 });
    expect(lines).toEqual([
      { key: 'n2000', count: 3 },
      { key: 'c25', count: 4 },
    ]);
    expect(countsByKey(lines)).toEqual({ n2000: 3, c25: 4 });
    expect(countsByKey(null)).toEqual({});
  });
});

describe('drawerLogSentence', () => {
  it('names the event, the category, whom and why', () => {
    expect(drawerLogSentence({ event: 'finance-add', category: 'TIPOUT', description: 'Friday tips', employee_name: 'Noah' })).toBe('Added a finance: Tip out, for Noah, Friday tips');
    expect(drawerLogSentence({ event: 'reopen', category: null, description: 'Recount', employee_name: null })).toBe('Reopened the shift: Recount');
    expect(drawerLogSentence({ event: 'open', category: null, description: null, employee_name: null })).toBe('Opened the drawer');
    expect(drawerLogSentence({ event: 'open', category: null, description: null, employee_name: 'Maya F.' })).toBe('Opened the drawer: cashier Maya F.');
  });
});
