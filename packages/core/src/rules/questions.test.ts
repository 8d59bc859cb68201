import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { columnsArb, resultArb, visualizationArb } from './questions.arb';
import {
  defaultVisualization,
  embedRefreshDelay,
  EMBED_REFRESH_BEFORE_SECONDS,
  fittingVisualization,
  isNumericColumn,
  mergedParameterValues,
  questionChartData,
  questionNumber,
  tableColumns,
  visualizationProblems,
} from './questions';
import { numericValue } from './reportValues';

describe('card visualisations', () => {
  test.prop([columnsArb])('a new card starts with a visualisation that fits its columns', (columns) => {
    expect(visualizationProblems(defaultVisualization(columns), columns)).toEqual([]);
  });

  test.prop([visualizationArb, columnsArb])('a visualisation fits exactly when every column it names exists and what it adds up is numeric', (viz, columns) => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    const named = viz.display === 'table' ? (viz.columns ?? []) : viz.display === 'number' ? [viz.field] : [viz.dimension, ...(viz.display === 'pie' ? [viz.metric] : viz.metrics)];
    const summed = viz.display === 'number' ? [viz.field] : viz.display === 'pie' ? [viz.metric] : viz.display === 'table' ? [] : viz.metrics;
    const duplicates =
      (viz.display === 'bar' || viz.display === 'line') &&
      (new Set(viz.metrics).size !== viz.metrics.length || new Set(viz.metrics.flatMap((k) => byKey.get(k)?.format ?? [])).size > 2);
    const fits = named.every((k) => byKey.has(k)) && summed.every((k) => { const c = byKey.get(k); return c !== undefined && isNumericColumn(c); }) && !duplicates;
    expect(visualizationProblems(viz, columns).length === 0).toBe(fits);
  });

  test.prop([visualizationArb, columnsArb])('switching sources keeps a visualisation that still fits, and never keeps one that does not', (viz, columns) => {
    const kept = fittingVisualization(viz, columns);
    expect(visualizationProblems(kept, columns)).toEqual([]);
    if (visualizationProblems(viz, columns).length === 0) expect(kept).toEqual(viz);
  });

  it('names the field of each problem', () => {
    const columns = [{ key: 'staff', label: 'Staff', format: 'text' as const }, { key: 'net_sales', label: 'Net sales', format: 'money' as const }];
    expect(visualizationProblems({ display: 'bar', dimension: 'month', metrics: ['net_sales', 'staff'] }, columns)).toEqual([
      { path: ['dimension'], message: 'The source has no column month' },
      { path: ['metrics', 1], message: 'Staff is not a number and cannot be plotted' },
    ]);
  });
});

describe('the figures a card draws', () => {
  test.prop([resultArb, visualizationArb])('a chart keeps every row: each metric’s totals add up to its sum over the rows, one category per distinct value', (result, viz) => {
    const data = questionChartData(result, viz);
    if (viz.display !== 'bar' && viz.display !== 'line' && viz.display !== 'pie') {
      expect(data).toEqual({ categories: [], series: [] });
      return;
    }
    expect(new Set(data.categories).size).toBe(data.categories.length);
    const metrics = viz.display === 'pie' ? [viz.metric] : viz.metrics;
    expect(data.series.map((s) => s.key)).toEqual(metrics);
    for (const s of data.series) {
      expect(s.values).toHaveLength(data.categories.length);
      const total = result.rows.reduce((sum, row) => sum + numericValue(row[s.key]), 0);
      expect(s.values.reduce((a, b) => a + b, 0)).toBeCloseTo(total, 6);
    }
    if (result.rows.length > 0) expect(data.categories.length).toBeGreaterThan(0);
  });

  test.prop([resultArb])('categories come in the order the rows first give them', (result) => {
    const dimension = result.columns[0]?.key ?? 'staff';
    const data = questionChartData(result, { display: 'bar', dimension, metrics: [dimension] });
    const firstSeen: string[] = [];
    for (const row of result.rows) {
      const v = row[dimension];
      const label = v === null || v === undefined || v === '' ? '(empty)' : String(v);
      if (!firstSeen.includes(label)) firstSeen.push(label);
    }
    expect(data.categories).toEqual(firstSeen);
  });

  test.prop([resultArb])('a number is the sum of its field, none without rows', (result) => {
    const field = result.columns[0]?.key ?? 'x';
    const n = questionNumber(result, { display: 'number', field });
    if (result.rows.length === 0) expect(n).toBeNull();
    else expect(n).toBeCloseTo(result.rows.reduce((s, r) => s + numericValue(r[field]), 0), 6);
  });

  test.prop([columnsArb, fc.array(fc.constantFrom('staff', 'month', 'tips', 'nothing'), { maxLength: 4 })])('a table shows the columns it names that exist, in its order, or all', (columns, names) => {
    const shown = tableColumns(columns, { display: 'table', columns: names });
    if (names.length === 0) expect(shown).toEqual(columns);
    else expect(shown.map((c) => c.key)).toEqual(names.filter((n) => columns.some((c) => c.key === n)));
  });
});

describe('parameter values and embed addresses', () => {
  const values = fc.dictionary(fc.constantFrom('start_day', 'end_day', 'business_id', 'staff'), fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant(null)));
  test.prop([values, values, values])('locked values win over the viewer’s, which win over the card’s', (card, viewer, locked) => {
    const merged = mergedParameterValues(card, viewer, locked);
    for (const key of new Set([...Object.keys(card), ...Object.keys(viewer), ...Object.keys(locked)])) {
      expect(merged[key]).toEqual(key in locked ? locked[key] : key in viewer ? viewer[key] : card[key]);
    }
  });

  test.prop([fc.integer({ min: 0, max: 3_600_000 }), fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })])('the viewer asks for a new address before the old one expires, and not in a busy loop', (ms, now) => {
    const expiresAt = new Date(now.getTime() + ms).toISOString();
    const delay = embedRefreshDelay(expiresAt, now);
    expect(delay).toBeGreaterThanOrEqual(1_000);
    if (ms > EMBED_REFRESH_BEFORE_SECONDS * 1_000 + 1_000) expect(now.getTime() + delay).toBeLessThan(Date.parse(expiresAt));
  });
});
