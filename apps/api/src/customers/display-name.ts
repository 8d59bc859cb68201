import { ERASED_CLIENT_NAME, GUEST_NAME, NAME_TRIM_CHARACTERS, NO_NAME, PHONE_TYPE, WALK_IN_NAME } from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Core's `clientName` as one SQL expression: the one SQL form of a client's display name on the
 * server (issue 27), for every query that names a client in SQL (ticket sorts, the client list's
 * order, waivers, prepaid cards, campaign deliveries). `display-name.test.ts` holds it equal to
 * core's function on PostgreSQL for arbitrary names (empty, white space, any Unicode, nulls).
 *
 * Each part is trimmed of exactly core's `NAME_TRIM_CHARACTERS` (`btrim(s, chars)`, spelled as an
 * escaped literal, so it means the same under any locale and can sit in `sql.raw` text).
 */

/** `NAME_TRIM_CHARACTERS` as a PostgreSQL escape-string literal (`E'\u0009…'`). */
const TRIM_LITERAL = `E'${[...NAME_TRIM_CHARACTERS].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}'`;

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** The columns a client's name is read from (each a column or an expression of the query). */
export interface ClientNameColumns {
  firstname: string;
  lastname: string;
  phone: string;
  /** Null when there is no client (a ticket's left-joined customer): a walk-in. */
  phoneType: string;
  /** When given, an erased client shows as `Erased client`. */
  erasedAt?: string;
}

/** The full name alone (first and last, trimmed, one space between), null when both are blank: core's `fullName`. */
export const fullNameText = (c: Pick<ClientNameColumns, 'firstname' | 'lastname'>): string =>
  `nullif(concat_ws(' ', nullif(btrim(${c.firstname}, ${TRIM_LITERAL}), ''), nullif(btrim(${c.lastname}, ${TRIM_LITERAL}), '')), '')`;

/** Core's `clientName` as SQL text (for queries written as `sql.raw` text). */
export function clientNameText(columns: ClientNameColumns | string, options: { erased?: boolean } = {}): string {
  const c: ClientNameColumns =
    typeof columns === 'string'
      ? { firstname: `${columns}.firstname`, lastname: `${columns}.lastname`, phone: `${columns}.phone`, phoneType: `${columns}.phone_type`, ...(options.erased ? { erasedAt: `${columns}.erased_at` } : {}) }
      : columns;
  const byPhone = `case when ${c.phoneType} is null or ${c.phoneType} = ${quote(PHONE_TYPE.TEMP)} then ${quote(WALK_IN_NAME)}
                        when ${c.phoneType} = ${quote(PHONE_TYPE.GUEST)} then ${quote(GUEST_NAME)}
                        else coalesce(nullif(btrim(${c.phone}, ${TRIM_LITERAL}), ''), ${quote(NO_NAME)}) end`;
  const named = `coalesce(${fullNameText(c)}, ${byPhone})`;
  return c.erasedAt ? `(case when ${c.erasedAt} is not null then ${quote(ERASED_CLIENT_NAME)} else ${named} end)` : `(${named})`;
}

/**
 * Core's `clientName` as a drizzle fragment: `clientNameSql('c')` reads `c.firstname`,
 * `c.lastname`, `c.phone`, `c.phone_type` (null: no client, a walk-in); `{ erased: true }` also
 * `c.erased_at`. Or name the columns: `clientNameSql({ firstname: 'r.first', … })`.
 */
export const clientNameSql = (columns: ClientNameColumns | string, options: { erased?: boolean } = {}): SQL => sql.raw(clientNameText(columns, options));
