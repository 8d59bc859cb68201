import { type PhoneCountry, phoneSearchSuffixes } from './phoneFormat';

/**
 * Clients (issue 18): how the client list reads a search, its sort orders (the name a client is
 * shown by is `clientName.ts`), and the facts of a client computed from their tickets — the same computation as the
 * `customer_facts` view (`CLIENT_FIGURES` names each figure), so segments can evaluate a
 * condition in memory exactly as PostgreSQL does.
 */

/** The longest search the client list reads. */
export const CLIENT_QUERY_MAX = 100;
/** Limits of a client's fields (the columns' checks say the same). */
export const CLIENT_NAME_MAX = 100;
export const CLIENT_EMAIL_MAX = 254;
export const CLIENT_PHONE_MAX = 40;
export const CLIENT_NOTES_MAX = 5000;
export const TAG_NAME_MAX = 40;
/** The most tags one client carries, and the most tags one list filter names. */
export const CLIENT_TAGS_MAX = 50;
/** The most duplicates merged into a client at once. */
export const MERGE_MAX = 20;
export const CLIENT_PAGE_SIZE = 50;
export const CLIENT_PAGE_SIZE_MAX = 200;

/**
 * What a client search looks for. A query that is only digits and the signs phones are written
 * with (`(555) 514-6808`, `+1 555 514 6808`, `555.514.6808`) is a phone: it matches the clients
 * whose phone's digits end with it (4 digits at least, with or without the country code or a
 * trunk 0). Otherwise every word must match the client's first or last name or email, anywhere
 * and in any case.
 */
export type ClientQuery = { kind: 'all' } | { kind: 'phone'; suffixes: string[] } | { kind: 'words'; words: string[] };

const PHONE_LIKE = /^\+?[\d\s().\-\u00a0]+$/u;

export function parseClientQuery(query: string, country: PhoneCountry = 'US'): ClientQuery {
  const q = query.normalize('NFKC').trim().slice(0, CLIENT_QUERY_MAX);
  if (q === '') return { kind: 'all' };
  if (PHONE_LIKE.test(q) && /\d/.test(q)) return { kind: 'phone', suffixes: phoneSearchSuffixes(q, country) };
  return { kind: 'words', words: q.toLowerCase().split(/\s+/u).filter(Boolean) };
}

/** `LIKE` pattern of a word, anywhere (`%`, `_` and `\` taken literally). */
export const likeAnywhere = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Does a client match a parsed query? (the server applies the same test in SQL) */
export function clientMatches(
  client: { firstname: string | null; lastname: string | null; email: string | null; phone: string },
  query: ClientQuery,
): boolean {
  if (query.kind === 'all') return true;
  if (query.kind === 'phone') {
    const digits = client.phone.replace(/\D/g, '');
    return query.suffixes.some((s) => digits.endsWith(s));
  }
  const name = `${client.firstname ?? ''} ${client.lastname ?? ''}`.toLowerCase();
  const email = (client.email ?? '').toLowerCase();
  return query.words.every((w) => name.includes(w) || email.includes(w));
}

/** A phone as a person may type it for a client: 7 to 15 digits, with the usual signs. */
export const CLIENT_PHONE_PATTERN = /^\+?[\d\s().\-]{7,40}$/;
export const clientPhoneProblem = (phone: string): string | null => {
  const digits = phone.replace(/\D/g, '').length;
  return CLIENT_PHONE_PATTERN.test(phone) && digits >= 7 && digits <= 15 ? null : 'Enter a phone number of 7 to 15 digits, like (555) 514-6808.';
};

/** A tag colour, `#rrggbb` in lower case. */
export const TAG_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
export const TAG_COLORS = ['#64748b', '#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#8b5cf6', '#ec4899'] as const;

// ── Facts ────────────────────────────────────────────────────────────────────────────────

/** A ticket of a client as the facts read it. */
export interface ClientTicket {
  id: number;
  /** Null while the ticket has no live checkout (not completed, or deleted after checkout). */
  checkout: null | {
    day: string;
    /** When it was checked out (ISO); orders two tickets of one day. */
    at: string;
    tips: number;
    /** Who checked it out. */
    employee_id: number | null;
  };
  /** Who served it. */
  serviced_by: number | null;
  /** Its sales lines: `total` is price × quantity − discount + tax. */
  lines: { total: number; voided: boolean }[];
  /** Its refunds, whatever their day. */
  refunds: number[];
}

/** What a client did, as `customer_facts` has it (money in cents; days `YYYY-MM-DD`). */
export interface CustomerFacts {
  visits: number;
  spend: number;
  refunds: number;
  tips: number;
  average_spend: number;
  first_visit: string | null;
  last_visit: string | null;
  last_ticket_id: number | null;
  last_staff_id: number | null;
}

/** PostgreSQL's `round(numeric)`: halves away from zero. */
const roundHalfAway = (n: number): number => Math.sign(n) * Math.round(Math.abs(n));

/** The facts of one client from their tickets (`customer_facts`, in memory). */
export function customerFacts(tickets: readonly ClientTicket[]): CustomerFacts {
  const completed = tickets.filter((t) => t.checkout !== null);
  const spend = completed.reduce((sum, t) => sum + t.lines.filter((l) => !l.voided).reduce((s, l) => s + l.total, 0), 0);
  const latest = [...completed].sort((a, b) => {
    const ca = a.checkout as NonNullable<ClientTicket['checkout']>;
    const cb = b.checkout as NonNullable<ClientTicket['checkout']>;
    return cb.day.localeCompare(ca.day) || Date.parse(cb.at) - Date.parse(ca.at) || b.id - a.id;
  })[0];
  const days = completed.map((t) => (t.checkout as NonNullable<ClientTicket['checkout']>).day).sort();
  return {
    visits: completed.length,
    spend,
    refunds: tickets.reduce((sum, t) => sum + t.refunds.reduce((s, r) => s + r, 0), 0),
    tips: completed.reduce((sum, t) => sum + (t.checkout?.tips ?? 0), 0),
    average_spend: completed.length === 0 ? 0 : roundHalfAway(spend / completed.length),
    first_visit: days[0] ?? null,
    last_visit: days.at(-1) ?? null,
    last_ticket_id: latest?.id ?? null,
    last_staff_id: latest ? (latest.serviced_by ?? latest.checkout?.employee_id ?? null) : null,
  };
}
