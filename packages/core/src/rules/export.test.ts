import { fc, test } from '@fast-check/vitest';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { exportTooWide } from '../messages';
import {
  centsToDecimal,
  columnHeader,
  columnIndex,
  columnLetter,
  csvCell,
  exportColumns,
  exportColumnsProblem,
  exportFileName,
  fileNamePart,
  localDate,
  MAX_EXPORT_COLUMNS,
  moneyFormat,
  SAFE_FILE_NAME,
  spreadsheetCell,
} from './export';
import { anyName, centsArb, columnIndexArb, dayRange, exportContext, instantArb, timeZone, tooWideIndex } from './export.arb';

describe('spreadsheet column letters (spec 000 §9: a to az)', () => {
  it('names the ends of the range', () => {
    expect(columnLetter(0)).toBe('a');
    expect(columnLetter(25)).toBe('z');
    expect(columnLetter(26)).toBe('aa');
    expect(columnLetter(51)).toBe('az');
    expect(MAX_EXPORT_COLUMNS).toBe(52);
  });

  test.prop([columnIndexArb])('a letter reads back as its index', (index) => {
    expect(columnIndex(columnLetter(index))).toBe(index);
    expect(columnIndex(columnLetter(index).toUpperCase())).toBe(index);
  });

  test.prop([columnIndexArb, columnIndexArb])('letters sort as their indexes do (shorter first)', (a, b) => {
    const [la, lb] = [columnLetter(a), columnLetter(b)];
    const order = la.length - lb.length || la.localeCompare(lb);
    expect(Math.sign(order)).toBe(Math.sign(a - b));
  });

  test.prop([columnIndexArb])('every letter is a to z, or a followed by a to z', (index) => {
    expect(columnLetter(index)).toMatch(/^a?[a-z]$/);
  });

  test.prop([tooWideIndex])('beyond az there is no letter, with the catalogue message', (index) => {
    expect(() => columnLetter(index)).toThrow(new RangeError(exportTooWide(index + 1)));
    expect(exportColumnsProblem(index + 1)).toBe(exportTooWide(index + 1));
  });

  it('says what is wrong in words', () => {
    expect(exportTooWide(60)).toBe('An export holds at most 52 columns (a to az); this one has 60. Leave some columns out.');
    expect(exportColumnsProblem(52)).toBeNull();
    expect(() => columnLetter(-1)).toThrow(RangeError);
    expect(() => columnLetter(1.5)).toThrow(RangeError);
  });

  test.prop([fc.string({ maxLength: 4 }).filter((s) => !/^a?[a-z]$/i.test(s))])('anything else is no column', (text) => {
    expect(columnIndex(text)).toBeNull();
  });

  test.prop([fc.integer({ min: 1, max: 120 })])('columns are defined only up to az', (count) => {
    const columns = Array.from({ length: count }, (_, i) => ({ key: `c${i}`, label: `C${i}`, kind: 'text' as const }));
    if (count <= 52) expect(exportColumns(columns)).toHaveLength(count);
    else expect(() => exportColumns(columns)).toThrow(exportTooWide(count));
  });
});

describe('the column model', () => {
  const context = { currency: 'USD', currencySymbol: '$', timeZone: 'America/Los_Angeles' };

  it('puts the unit in the header', () => {
    expect(columnHeader({ key: 'total', label: 'Total', kind: 'money' }, context)).toBe('Total (USD)');
    expect(columnHeader({ key: 'total', label: 'Total', kind: 'money' }, { ...context, currency: null, currencySymbol: null })).toBe('Total (local currency)');
    expect(columnHeader({ key: 'at', label: 'Checked in', kind: 'datetime' }, context)).toBe('Checked in (America/Los_Angeles)');
    expect(columnHeader({ key: 'rate', label: 'Tip rate', kind: 'percent' }, context)).toBe('Tip rate (%)');
    expect(columnHeader({ key: 'n', label: 'Tickets', kind: 'count' }, context)).toBe('Tickets');
    expect(columnHeader({ key: 'd', label: 'Day', kind: 'day' }, context)).toBe('Day');
  });

  test.prop([centsArb, exportContext])('money is written in major units: the CSV text and the spreadsheet number agree with the cents', (cents, ctx) => {
    const column = { key: 'm', label: 'M', kind: 'money' } as const;
    const text = csvCell(column, cents, ctx);
    expect(text).toMatch(/^-?\d+\.\d{2}$/);
    expect(Math.round(Number(text) * 100)).toBe(cents);
    const cell = spreadsheetCell(column, cents, ctx);
    expect(Math.round((cell.value as number) * 100)).toBe(cents);
    expect(cell.numFmt).toBe(moneyFormat(ctx));
    expect(cell.numFmt).toContain('#,##0.00');
  });

  it('writes cents exactly', () => {
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(moneyFormat({ currency: 'NPR', currencySymbol: 'Rs', timeZone: 'Asia/Kathmandu' })).toBe('"Rs"#,##0.00;-"Rs"#,##0.00');
  });

  test.prop([instantArb, timeZone])('an instant is written as its wall-clock time where the business is', (instant, zone) => {
    const ctx = { currency: 'USD', currencySymbol: '$', timeZone: zone };
    const column = { key: 't', label: 'T', kind: 'datetime' } as const;
    const local = formatInTimeZone(new Date(instant), zone, 'yyyy-MM-dd HH:mm');
    expect(csvCell(column, instant, ctx)).toBe(local);
    const cell = spreadsheetCell(column, instant, ctx).value as Date;
    expect(cell.toISOString().slice(0, 16).replace('T', ' ')).toBe(local);
  });

  test.prop([
    fc.constantFrom(
      ['2026-03-08T10:00:00Z', 'America/Los_Angeles'],
      ['2026-11-01T09:00:00Z', 'America/Los_Angeles'],
      ['2026-04-04T16:00:00Z', 'Australia/Sydney'],
      ['2026-10-03T16:00:00Z', 'Australia/Sydney'],
      ['2026-03-08T07:00:00Z', 'America/New_York'],
      ['2026-06-01T00:00:00Z', 'Asia/Kathmandu'],
    ),
    fc.integer({ min: -180, max: 180 }),
    fc.integer({ min: 0, max: 59_999 }),
  ])('is right on either side of a change of clocks, to the minute', ([change, zone], minutes, ms) => {
    const instant = new Date(Date.parse(change) + minutes * 60_000 + ms).toISOString();
    expect(csvCell({ key: 't', label: 'T', kind: 'datetime' }, instant, { currency: 'USD', currencySymbol: '$', timeZone: zone })).toBe(
      formatInTimeZone(new Date(instant), zone, 'yyyy-MM-dd HH:mm'),
    );
  });

  it('puts 23:30 in Los Angeles on its local day, not the UTC one', () => {
    // 2026-10-15 23:30 PDT is 2026-10-16 06:30 UTC.
    const instant = '2026-10-16T06:30:00.000Z';
    expect(csvCell({ key: 't', label: 'T', kind: 'datetime' }, instant, context)).toBe('2026-10-15 23:30');
    expect(localDate(instant, 'America/Los_Angeles').toISOString()).toBe('2026-10-15T23:30:00.000Z');
  });

  it('writes days as dates, percents as fractions, blanks as nothing', () => {
    expect(spreadsheetCell({ key: 'd', label: 'D', kind: 'day' }, '2026-10-15', context)).toEqual({ value: new Date('2026-10-15T00:00:00Z'), numFmt: 'yyyy-mm-dd' });
    expect(spreadsheetCell({ key: 'p', label: 'P', kind: 'percent' }, 12.5, context)).toEqual({ value: 0.125, numFmt: '0.0%' });
    expect(csvCell({ key: 'p', label: 'P', kind: 'percent' }, 12.5, context)).toBe('12.5');
    expect(csvCell({ key: 'h', label: 'H', kind: 'decimal' }, 7.5, context)).toBe('7.50');
    expect(csvCell({ key: 'm', label: 'M', kind: 'money' }, null, context)).toBe('');
    expect(spreadsheetCell({ key: 'm', label: 'M', kind: 'money' }, null, context)).toEqual({ value: null });
    expect(csvCell({ key: 's', label: 'S', kind: 'text' }, '=cmd', context)).toBe('=cmd');
  });
});

describe('export file names', () => {
  it('name the business, the report and the range', () => {
    expect(exportFileName({ business: 'Luxe Los Angeles', report: 'transactions', start: '2026-10-01', end: '2026-10-31', format: 'xlsx' })).toBe(
      'luxe-los-angeles_transactions_2026-10-01_2026-10-31.xlsx',
    );
    expect(exportFileName({ business: 'Café Olé', report: 'Sales by staff', start: '2026-10-05', end: '2026-10-05', format: 'csv' })).toBe('cafe-ole_sales-by-staff_2026-10-05.csv');
    expect(exportFileName({ business: null, report: 'setting-types', start: '2026-10-05', end: '2026-10-05', format: 'csv' })).toBe('salondesk_setting-types_2026-10-05.csv');
    expect(fileNamePart('東京サロン', 'business')).toBe('business');
  });

  test.prop([anyName, anyName, dayRange, fc.constantFrom('csv' as const, 'xlsx' as const)])('hold safe characters only, whatever the names', (business, report, range, format) => {
    const name = exportFileName({ business, report, ...range, format });
    expect(name).toMatch(SAFE_FILE_NAME);
    expect(name.length).toBeLessThanOrEqual(60 + 1 + 60 + 1 + 21 + 5);
    expect(name.endsWith(`.${format}`)).toBe(true);
    expect(name).toContain(range.start);
    expect(name).toContain(range.end);
  });

  test.prop([anyName])('a name part never starts or ends with a dash and is never empty', (name) => {
    const part = fileNamePart(name, 'x');
    expect(part).toMatch(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/);
  });
});
