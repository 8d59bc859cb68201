import { fc } from '@fast-check/vitest';
import { REPORT_COLUMN_FORMATS, type ReportColumn } from '../models/reports';
import type { QuestionVisualization } from '../models/questions';

const key = fc.constantFrom('staff', 'service', 'month', 'net_sales', 'tickets', 'tips', 'share', 'day');

/** A result's columns: distinct keys, any formats. */
export const columnsArb: fc.Arbitrary<ReportColumn[]> = fc.uniqueArray(
  fc.record({ key, label: fc.constantFrom('Staff', 'Service', 'Month', 'Net sales', 'Tickets', 'Tips'), format: fc.constantFrom(...REPORT_COLUMN_FORMATS) }),
  { selector: (c) => c.key, maxLength: 6 },
);

/** A value a row holds: numbers, numeric text, text, nothing. */
const cell = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 9999 }).map(String), fc.constantFrom('Ava', 'Mia', 'Noah', ''), fc.constant(null));

/** Columns with rows over them. */
export const resultArb = columnsArb.chain((columns) =>
  fc.record({
    columns: fc.constant(columns),
    rows: fc.array(fc.record(Object.fromEntries(columns.map((c) => [c.key, cell])) as Record<string, fc.Arbitrary<unknown>>), { maxLength: 30 }),
  }),
);

/** A visualisation naming any keys (fitting the columns or not). */
export const visualizationArb: fc.Arbitrary<QuestionVisualization> = fc.oneof(
  fc.record({ display: fc.constant('table' as const), columns: fc.option(fc.array(key, { maxLength: 4 }), { nil: undefined }) }, { requiredKeys: ['display'] }),
  fc.record({ display: fc.constantFrom('bar' as const, 'line' as const), dimension: key, metrics: fc.array(key, { minLength: 1, maxLength: 4 }) }),
  fc.record({ display: fc.constant('pie' as const), dimension: key, metric: key }),
  fc.record({ display: fc.constant('number' as const), field: key }),
);
