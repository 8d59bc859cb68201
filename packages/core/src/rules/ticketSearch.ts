import { INT32_MAX } from '../models/inputProblems';
import { type PhoneCountry, phoneSearchSuffixes } from './phoneFormat';

/**
 * Searching tickets over a range (the transactions list): how a query is read, the sort orders,
 * and the keyset cursor of the result pages. The server applies the terms in SQL; a ticket
 * matches when every term matches it.
 *
 * - A query that is only digits and the signs phones are written with (`(555) 514-6808`,
 *   `+1 555 514 6808`, `555.514.6808`) is one number term.
 * - Otherwise each word is a term: `#123` is a ticket number, digits are a number term, and
 *   anything else is a name word.
 * - A number term matches the ticket with that number, or a customer whose phone's digits end
 *   with it (`phoneSearchSuffixes`: 4 digits at least; the country code and a trunk 0 may be
 *   typed or not).
 * - A name word matches, anywhere and in any case, the customer's first or last name, or the
 *   staff member who served the ticket: their display name or full name (so a surname finds them).
 */

export type SearchTerm =
  | { kind: 'ticket'; ticket: number }
  | { kind: 'number'; digits: string; ticket: number | null; phoneSuffixes: string[] }
  | { kind: 'word'; word: string };

/** The longest query the search reads. */
export const MAX_SEARCH_QUERY = 100;

const PHONE_LIKE = /^\+?[\d\s().\-\u00a0]+$/u;

const ticketNumber = (digits: string): number | null => {
  if (!/^\d{1,10}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 1 && n <= INT32_MAX ? n : null;
};

const numberTerm = (text: string, country: PhoneCountry): SearchTerm => {
  const digits = text.replace(/\D/g, '');
  return { kind: 'number', digits, ticket: text.trim().startsWith('+') ? null : ticketNumber(digits), phoneSuffixes: phoneSearchSuffixes(text, country) };
};

/** The terms of a query, in the order typed; none for an empty query (which matches every ticket). */
export function parseTicketQuery(query: string, country: PhoneCountry = 'US'): SearchTerm[] {
  const q = query.normalize('NFKC').trim().slice(0, MAX_SEARCH_QUERY);
  if (q === '') return [];
  if (PHONE_LIKE.test(q) && /\d/.test(q)) return [numberTerm(q, country)];
  const terms: SearchTerm[] = [];
  for (const word of q.split(/\s+/u)) {
    const ticket = /^#(\d+)$/.exec(word);
    if (ticket) {
      const n = ticketNumber(ticket[1] as string);
      // A ticket number no ticket can have matches nothing, as it should.
      terms.push(n === null ? { kind: 'word', word: word.toLowerCase() } : { kind: 'ticket', ticket: n });
    } else if (/^\+?\d[\d().\-]*$/.test(word)) {
      terms.push(numberTerm(word, country));
    } else {
      terms.push({ kind: 'word', word: word.toLowerCase() });
    }
  }
  return terms;
}

// ── Sorting and pages ────────────────────────────────────────────────────────────────────────

export const TICKET_SORT = { TIME: 'time', TOTAL: 'total', TICKET: 'ticket', CUSTOMER: 'customer' } as const;
export type TicketSort = (typeof TICKET_SORT)[keyof typeof TICKET_SORT];
export const TICKET_SORTS: readonly TicketSort[] = ['time', 'total', 'ticket', 'customer'];
export const TICKET_SORT_LABEL: Record<TicketSort, string> = { time: 'Day and time', total: 'Total', ticket: 'Ticket', customer: 'Customer' };

export type SortDirection = 'asc' | 'desc';
export const SORT_DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

/** The default order of a list: newest first. */
export const DEFAULT_TICKET_SORT: { sort: TicketSort; dir: SortDirection } = { sort: 'time', dir: 'desc' };

/** Rows per page, by default and at most. */
export const TICKET_PAGE_SIZE = 100;
export const MAX_TICKET_PAGE_SIZE = 500;

/**
 * Where a page ends: the sort, its direction, and the last row's sort value and ticket number
 * (the tie-break), so the next page starts after it whatever rows share its value.
 */
export interface TicketCursor {
  sort: TicketSort;
  dir: SortDirection;
  /** The last row's sort value as the server compares it: `YYYY-MM-DD|microseconds` (day and check-in), cents, a ticket number, or a name. */
  value: string;
  id: number;
}

const toBase64Url = (text: string): string => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): string | null => {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
};

/** What a cursor looks like on the wire (URL-safe base64). */
export const TICKET_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,400}$/;

/** A cursor as the wire carries it: opaque, URL-safe. */
export const encodeTicketCursor = (cursor: TicketCursor): string => toBase64Url(JSON.stringify([cursor.sort, cursor.dir, cursor.value, cursor.id]));

/** A cursor read back, or null when it is not one this server wrote. */
export function decodeTicketCursor(text: string): TicketCursor | null {
  if (!TICKET_CURSOR_PATTERN.test(text)) return null;
  const json = fromBase64Url(text);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [sort, dir, sortValue, id] = value as unknown[];
  if (!(TICKET_SORTS as readonly unknown[]).includes(sort) || !(SORT_DIRECTIONS as readonly unknown[]).includes(dir)) return null;
  if (typeof sortValue !== 'string' || sortValue.length > 200 || typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > INT32_MAX) return null;
  // The time sort carries the day and the check-in instant in microseconds; total and ticket an integer.
  if (sort === 'time' && !/^\d{4}-\d{2}-\d{2}\|-?\d{1,18}$/.test(sortValue)) return null;
  if ((sort === 'total' || sort === 'ticket') && !/^-?\d{1,18}$/.test(sortValue)) return null;
  return { sort: sort as TicketSort, dir: dir as SortDirection, value: sortValue, id };
}
