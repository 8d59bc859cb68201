import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { REPORT_COLUMN_FORMATS } from '../models/reports';
import { formatReportValue, numericValue } from './reportValues';

const display = { symbol: '$', timezone: 'America/Los_Angeles' };

describe('a report value as a person reads it', () => {
  it('writes money from cents (an average rounded to the cent, numeric text too), numbers, percents', () => {
    expect(formatReportValue(123456, 'money', display)).toBe('$1,234.56');
    expect(formatReportValue(1234.5, 'money', display)).toBe('$12.35');
    expect(formatReportValue('250', 'money', display)).toBe('$2.50');
    expect(formatReportValue(1234.5678, 'number', display)).toBe('1,234.57');
    expect(formatReportValue(12.34, 'percent', display)).toBe('12.3%');
    expect(formatReportValue(12, 'percent', display)).toBe('12%');
  });

  it('says yes or no, writes days and instants in the business’s zone', () => {
    expect(formatReportValue(true, 'boolean', display)).toBe('Yes');
    expect(formatReportValue('f', 'boolean', display)).toBe('No');
    expect(formatReportValue('2025-03-01', 'day', display)).toBe('Sat, Mar 1, 2025');
    // 02:30 UTC on Mar 2 is the evening before in Los Angeles.
    expect(formatReportValue('2025-03-02T02:30:00.000Z', 'instant', display)).toBe('Sat, Mar 1, 2025 06:30 PM');
  });

  it('shows nothing as empty and a value not of its format as it is', () => {
    for (const format of REPORT_COLUMN_FORMATS) {
      expect(formatReportValue(null, format, display)).toBe('');
      expect(formatReportValue(undefined, format, display)).toBe('');
      expect(formatReportValue('', format, display)).toBe('');
    }
    expect(formatReportValue('Ana', 'money', display)).toBe('Ana');
    expect(formatReportValue('2026-01', 'day', display)).toBe('2026-01');
    expect(formatReportValue('not a time', 'instant', display)).toBe('not a time');
    expect(formatReportValue({ a: 1 }, 'text', display)).toBe('{"a":1}');
  });

  test.prop([fc.integer({ min: -1e12, max: 1e12 })])('money reads back to the cents it was given', (cents) => {
    const shown = formatReportValue(cents, 'money', display);
    const back = Math.round(Number(shown.replace(/[$,]/g, '').replace(/^-/, '')) * 100) * (shown.startsWith('-') ? -1 : 1);
    expect(back).toBe(cents);
  });

  test.prop([fc.oneof(fc.double(), fc.string(), fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }), fc.constant(null), fc.boolean())])('numericValue is always a finite number', (value) => {
    expect(Number.isFinite(numericValue(value))).toBe(true);
  });
});
