/**
 * The name a client (a ticket's customer) is shown by — the one definition (issue 27): the
 * client list and profile (`clientName`), tickets and receipts (`customerOf`), and on the server
 * one SQL form of it (apps/api `customers/display-name.ts`, property-tested equal to this one on
 * PostgreSQL).
 */

/** A phone's type on a ticket (spec 001 §3): a number the till made up, a guest's, or a real one (any other). */
export const PHONE_TYPE = { TEMP: 'TEMP', GUEST: 'GUEST', MOBILE: 'MOBILE' } as const;
export type PhoneType = string;

/** The name an erased client is shown by. */
export const ERASED_CLIENT_NAME = 'Erased client';
/** A ticket with no customer, or the till's made-up number with no name. */
export const WALK_IN_NAME = 'Walk-in';
/** A guest with no name. */
export const GUEST_NAME = 'Guest';
/** A client with neither name nor phone. */
export const NO_NAME = 'Customer';

/**
 * What is trimmed off each part of a name: ECMAScript's white space and line terminators (what
 * `String.prototype.trim` removes), spelled out, so the SQL form trims exactly the same characters
 * (PostgreSQL's `btrim(s, chars)`) whatever the database's locale.
 */
export const NAME_TRIM_CHARACTERS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

const TRIMMED = new Set(NAME_TRIM_CHARACTERS);

/** A part of a name without the white space around it. */
export function trimNamePart(part: string | null | undefined): string {
  if (!part) return '';
  const chars = [...part];
  let start = 0;
  let end = chars.length;
  while (start < end && TRIMMED.has(chars[start]!)) start++;
  while (end > start && TRIMMED.has(chars[end - 1]!)) end--;
  return chars.slice(start, end).join('');
}

/** First and last name, each trimmed, joined by one space; '' when both are blank. */
export const fullName = (client: { firstname?: string | null; lastname?: string | null }): string =>
  [trimNamePart(client.firstname), trimNamePart(client.lastname)].filter((s) => s !== '').join(' ');

export interface NamedClient {
  firstname?: string | null;
  lastname?: string | null;
  /** The client's phone; null or '' when none. */
  phone?: string | null;
  /** The phone's type (`PHONE_TYPE`); null when the ticket has no customer at all. */
  phone_type?: string | null;
  /** When the client was erased (then nothing of them is shown). */
  erased_at?: string | Date | null;
}

/**
 * The name a client is shown by: `Erased client` once erased; else their full name (first and
 * last, trimmed); else, with no name, by what the phone says: no customer or a number made up at
 * the till (TEMP) `Walk-in`, a guest `Guest` (spec 001 §3), anyone else their phone (trimmed as a
 * name part is), else `Customer`. Never blank.
 */
export function clientName(client: NamedClient | null | undefined): string {
  if (!client) return WALK_IN_NAME;
  if (client.erased_at) return ERASED_CLIENT_NAME;
  const name = fullName(client);
  if (name) return name;
  if (client.phone_type == null || client.phone_type === PHONE_TYPE.TEMP) return WALK_IN_NAME;
  if (client.phone_type === PHONE_TYPE.GUEST) return GUEST_NAME;
  return trimNamePart(client.phone) || NO_NAME;
}
