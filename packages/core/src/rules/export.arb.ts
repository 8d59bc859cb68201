import { fc } from '@fast-check/vitest';
import { COLUMN_KIND, type ColumnKind, type ExportContext } from './export';

/** A column index a spreadsheet export may use: 0 (`a`) to 51 (`az`). */
export const columnIndexArb = fc.integer({ min: 0, max: 51 });

/** Beyond `az`. */
export const tooWideIndex = fc.integer({ min: 52, max: 100_000 });

export const columnKind = fc.constantFrom<ColumnKind>(...Object.values(COLUMN_KIND));

/** Names people give businesses and reports: any text, accents, other scripts, punctuation, path tricks. */
export const anyName = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('Luxe Los Angeles', 'Café Olé', 'Lotus & Harbour', '../../etc/passwd', 'a/b\\c:d*e?f"g<h>i|j', '  ', '東京サロン', 'Ünïcödé Spa', 'CON', 'x'.repeat(200)),
);

const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
/** A range of days, start not after end. */
export const dayRange = fc.tuple(day, day).map(([a, b]) => (a <= b ? { start: a, end: b } : { start: b, end: a }));

/** Time zones the product's businesses use (and UTC). */
export const timeZone = fc.constantFrom('America/Los_Angeles', 'America/New_York', 'Asia/Kathmandu', 'Australia/Sydney', 'UTC');

/** An instant from 2000 to 2099, as the API writes it. */
export const instantArb = fc.date({ min: new Date('2000-01-02T00:00:00Z'), max: new Date('2099-12-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());

export const exportContext: fc.Arbitrary<ExportContext> = fc.record({
  currency: fc.constantFrom('USD', 'NPR', 'AUD', 'EUR'),
  currencySymbol: fc.constantFrom('$', 'Rs', 'A$', '€', 'say "hi"'),
  timeZone,
});

/** Money in cents, either side of zero. */
export const centsArb = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });
