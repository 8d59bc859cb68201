import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { INT32_MAX } from '../models/inputProblems';
import { phoneMatches } from './phoneFormat';
import { decodeTicketCursor, encodeTicketCursor, parseTicketQuery, SORT_DIRECTIONS, TICKET_CURSOR_PATTERN, TICKET_SORTS, type TicketCursor } from './ticketSearch';

const cursorArb: fc.Arbitrary<TicketCursor> = fc
  .record({ sort: fc.constantFrom(...TICKET_SORTS), dir: fc.constantFrom(...SORT_DIRECTIONS), id: fc.integer({ min: 1, max: INT32_MAX }), n: fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), name: fc.string({ maxLength: 60, unit: 'grapheme' }) })
  .map(({ sort, dir, id, n, name }) => ({ sort, dir, id, value: sort === 'customer' ? name : sort === 'time' ? `2025-03-0${(id % 9) + 1}|${n}` : String(n) }));

describe('ticket search queries', () => {
  it('reads a phone typed in any common format as one number', () => {
    for (const q of ['(555) 514-6808', '555-514-6808', '+1 555 514 6808', '5555146808', '555.514.6808']) {
      const terms = parseTicketQuery(q, 'US');
      expect(terms, q).toHaveLength(1);
      const [term] = terms;
      if (term?.kind !== 'number') throw new Error(`${q} is not a number term`);
      expect(phoneMatches('5555146808', term.phoneSuffixes), q).toBe(true);
    }
    expect(parseTicketQuery('+1 555 514 6808')[0]).toMatchObject({ kind: 'number', ticket: null });
  });

  it('reads ticket numbers, digits and name words', () => {
    expect(parseTicketQuery('#1234')).toEqual([{ kind: 'ticket', ticket: 1234 }]);
    expect(parseTicketQuery('1234')).toEqual([{ kind: 'number', digits: '1234', ticket: 1234, phoneSuffixes: ['1234'] }]);
    expect(parseTicketQuery('42')).toEqual([{ kind: 'number', digits: '42', ticket: 42, phoneSuffixes: [] }]);
    expect(parseTicketQuery('  Ava   PATEL ')).toEqual([
      { kind: 'word', word: 'ava' },
      { kind: 'word', word: 'patel' },
    ]);
    expect(parseTicketQuery('maya 6808').map((t) => t.kind)).toEqual(['word', 'number']);
    expect(parseTicketQuery('#99999999999')).toEqual([{ kind: 'word', word: '#99999999999' }]);
    expect(parseTicketQuery('   ')).toEqual([]);
  });

  test.prop([fc.string({ maxLength: 300 })])('any text reads as terms the server can apply', (q) => {
    for (const term of parseTicketQuery(q)) {
      if (term.kind === 'word') expect(term.word).not.toMatch(/\s/u);
      if (term.kind === 'word') expect(term.word.length).toBeGreaterThan(0);
      if (term.kind === 'ticket') expect(term.ticket).toBeLessThanOrEqual(INT32_MAX);
      if (term.kind === 'number') for (const s of term.phoneSuffixes) expect(s).toMatch(/^\d{4,}$/);
    }
  });
});

describe('ticket cursors', () => {
  test.prop([cursorArb])('a cursor reads back as written and is URL-safe', (cursor) => {
    const text = encodeTicketCursor(cursor);
    expect(text).toMatch(TICKET_CURSOR_PATTERN);
    expect(decodeTicketCursor(text)).toEqual(cursor);
  });

  test.prop([fc.string({ maxLength: 80 })])('anything else is refused, never thrown on', (text) => {
    const decoded = decodeTicketCursor(text);
    if (decoded !== null) expect(encodeTicketCursor(decoded)).toBeTruthy();
  });

  it('refuses cursors a client made up', () => {
    const forge = (v: unknown) => btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeTicketCursor(forge(['time', 'desc', '2025-03-01|1700000000000000', 5]))).not.toBeNull();
    expect(decodeTicketCursor(forge(['time', 'desc', '1700000000000000', 5]))).toBeNull();
    expect(decodeTicketCursor(forge(['total', 'desc', '1 or 1=1', 5]))).toBeNull();
    expect(decodeTicketCursor(forge(['price', 'desc', '1', 5]))).toBeNull();
    expect(decodeTicketCursor(forge(['total', 'up', '1', 5]))).toBeNull();
    expect(decodeTicketCursor(forge(['total', 'asc', '1', 0]))).toBeNull();
    expect(decodeTicketCursor(forge(['total', 'asc', '1', 5, 6]))).toBeNull();
  });
});
