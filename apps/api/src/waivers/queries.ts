import { createHash } from 'node:crypto';
import { type Waiver, type WaiverDue, waiverNeedsSigning, type WaiverSignature } from '@salondesk/core';
import { sql, type SQL } from 'drizzle-orm';
import type { BusinessRow } from '../businesses/queries';
import type { Database } from '../db/client';
import { instantsOf } from '../db/instants';
import { clientNameSql } from '../customers/display-name';

type Executor = Pick<Database, 'execute'>;

/** SHA-256 (hex) of a text's UTF-8 bytes: what a version and a signature keep of the exact text. */
export const sha256Text = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();

interface WaiverRow extends Record<string, unknown> {
  id: number;
  business_id: number;
  name: string;
  version: number;
  version_id: number;
  template: string;
  sha256: string;
  published_at: Date | string;
  services: number[] | null;
  categories: number[] | null;
  signatures: number | string;
  created_at: Date | string;
}

/** The live (not deleted) waivers of a business with their current version, by name; or one of them. */
export async function waiversOf(db: Executor, businessId: number, waiverId?: number): Promise<Waiver[]> {
  const only = waiverId === undefined ? sql`` : sql`and w.id = ${waiverId}`;
  const result = await db.execute<WaiverRow>(sql`
    select w.id, w.business_id, w.name, w.created_at,
           v.version, v.id as version_id, v.template, v.sha256, v.published_at,
           (select coalesce(array_agg(s.service_id order by s.service_id), '{}') from waiver_services s where s.waiver_id = w.id) as services,
           (select coalesce(array_agg(c.category_id order by c.category_id), '{}') from waiver_categories c where c.waiver_id = w.id) as categories,
           (select count(*) from waiver_signatures g where g.waiver_id = w.id) as signatures
      from waivers w
      join lateral (select * from waiver_versions v where v.waiver_id = w.id order by v.version desc limit 1) v on true
     where w.business_id = ${businessId} and w.deleted_at is null ${only}
     order by lower(w.name), w.id`);
  return result.rows.map((r) => ({
    id: r.id,
    business_id: r.business_id,
    name: r.name,
    version: r.version,
    version_id: r.version_id,
    template: r.template,
    sha256: r.sha256,
    published_at: iso(r.published_at),
    services: r.services ?? [],
    categories: r.categories ?? [],
    signatures: Number(r.signatures),
    created_at: iso(r.created_at),
  }));
}

interface SignatureRow extends Record<string, unknown> {
  id: number;
  waiver_id: number;
  waiver_name: string;
  version_id: number;
  version: number;
  current_version: number;
  customer_id: number | null;
  customer_name: string;
  signed_name: string;
  signed_at: Date | string;
  sha256: string;
  ip: string;
  user_agent: string;
}

/** The columns of a signature as lists show it (`g` the signature, `v` its version, `w` its waiver). */
const SIGNATURE_COLUMNS = sql`
  g.id, g.waiver_id, w.name as waiver_name, g.version_id, v.version,
  (select max(c.version) from waiver_versions c where c.waiver_id = g.waiver_id) as current_version,
  g.customer_id, g.customer_name, g.signed_name, g.signed_at, g.sha256, g.ip, g.user_agent`;

export const toSignature = (r: SignatureRow): WaiverSignature => ({
  id: r.id,
  waiver_id: r.waiver_id,
  waiver_name: r.waiver_name,
  version_id: r.version_id,
  version: r.version,
  current_version: r.current_version,
  customer_id: r.customer_id,
  customer_name: r.customer_name,
  signed_name: r.signed_name,
  signed_at: iso(r.signed_at),
  sha256: r.sha256,
  ip: r.ip,
  user_agent: r.user_agent,
});

/** Signatures of a business matching `where` (over `g`, `v`, `w`), newest first. */
export async function signaturesWhere(db: Executor, businessId: number, where: SQL, page?: { limit: number; offset: number }) {
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const result = await db.execute<SignatureRow>(sql`
    select ${SIGNATURE_COLUMNS}
      from waiver_signatures g
      join waiver_versions v on v.id = g.version_id
      join waivers w on w.id = g.waiver_id
     where g.business_id = ${businessId} and ${where}
     order by g.signed_at desc, g.id desc ${paging}`);
  return result.rows.map(toSignature);
}

/** The signatures of a range of the business's days (of one waiver): over `g`, for `signaturesWhere`. */
export function signaturesFilter(business: Pick<BusinessRow, 'timezone'>, query: { start: string; end: string; waiver_id?: number | undefined }): SQL {
  const { from, to } = instantsOf(query, business.timezone);
  return sql`g.signed_at >= ${from.toISOString()} and g.signed_at <= ${to.toISOString()} ${query.waiver_id === undefined ? sql`` : sql`and g.waiver_id = ${query.waiver_id}`}`;
}

/** Signatures after `lastId` in the lists' order (newest first), for reading them a page at a time. */
export const signaturesAfter = (lastId: number): SQL =>
  sql`(g.signed_at, g.id) < (select s.signed_at, s.id from waiver_signatures s where s.id = ${lastId})`;

export async function countSignaturesWhere(db: Executor, businessId: number, where: SQL): Promise<number> {
  const result = await db.execute<{ n: string | number }>(sql`
    select count(*) as n from waiver_signatures g join waivers w on w.id = g.waiver_id
     where g.business_id = ${businessId} and ${where}`);
  return Number(result.rows[0]?.n ?? 0);
}

/** One signature with the drawn strokes and the exact text of the version signed. */
export async function signatureDetail(db: Executor, businessId: number, signatureId: number) {
  const result = await db.execute<SignatureRow & { template: string; strokes: unknown; consent: boolean }>(sql`
    select ${SIGNATURE_COLUMNS}, v.template, g.strokes, g.consent
      from waiver_signatures g
      join waiver_versions v on v.id = g.version_id
      join waivers w on w.id = g.waiver_id
     where g.business_id = ${businessId} and g.id = ${signatureId}`);
  const row = result.rows[0];
  if (!row) return null;
  return { ...toSignature(row), template: row.template, strokes: row.strokes, consent: row.consent, verified: sha256Text(row.template) === row.sha256 };
}

/**
 * The moments of a range in which the report looks for appointments that still need a signature:
 * from now (or the range's start, when later) to its end; none when the range is over or the
 * business has waivers off.
 */
export function dueWindow(business: Pick<BusinessRow, 'timezone' | 'waivers_enabled'>, range: { start: string; end: string }, now: Date): { from: Date; to: Date } | null {
  const { from, to } = instantsOf(range, business.timezone);
  if (!business.waivers_enabled || to <= now) return null;
  return { from: from > now ? from : now, to };
}

/** Where a page of `duePage` stopped: its last appointment and waiver. */
export interface DueCursor {
  appointment_id: number;
  waiver_id: number;
}

/**
 * Who must still sign before an appointment of the window (core's `waiverNeedsSigning`): booked
 * appointments whose service (or its category) needs a live waiver, by start, a page of `limit`
 * appointment-waiver pairs after `after`. `next` is where the following page starts, null after
 * the last; a page may hold fewer rows than it read (those already signed are left out).
 */
export async function duePage(
  db: Executor,
  business: Pick<BusinessRow, 'id' | 'timezone'>,
  window: { from: Date; to: Date },
  page: { limit: number; after: DueCursor | null },
): Promise<{ rows: WaiverDue[]; next: DueCursor | null }> {
  const after = page.after
    ? sql`and (n.starts_at, n.appointment_id, n.waiver_id) > ((select a.starts_at from appointments a where a.id = ${page.after.appointment_id}), ${page.after.appointment_id}, ${page.after.waiver_id})`
    : sql``;
  const result = await db.execute<Omit<WaiverDue, 'starts_at'> & { starts_at: Date | string }>(sql`
    with needed as (
      select a.id as appointment_id, a.starts_at, a.customer_id, s.id as service_id, s.name as service_name, w.id as waiver_id, w.name as waiver_name
        from appointments a
        join services s on s.id = a.service_id
        join waivers w on w.business_id = a.business_id and w.deleted_at is null
       where a.business_id = ${business.id} and a.status = 'BOOKED' and a.customer_id is not null
         and a.starts_at >= ${window.from.toISOString()} and a.starts_at <= ${window.to.toISOString()}
         and (exists (select 1 from waiver_services ws where ws.waiver_id = w.id and ws.service_id = s.id)
              or exists (select 1 from waiver_categories wc where wc.waiver_id = w.id and wc.category_id = s.category_id))
    )
    select n.appointment_id, n.starts_at, to_char(n.starts_at at time zone ${business.timezone}, 'YYYY-MM-DD') as day,
           n.customer_id, ${clientNameSql('c', { erased: true })} as customer_name, n.service_id, n.service_name, n.waiver_id, n.waiver_name,
           (select max(v.version) from waiver_versions v where v.waiver_id = n.waiver_id) as version,
           (select max(v.version) from waiver_signatures g join waiver_versions v on v.id = g.version_id
             where g.waiver_id = n.waiver_id and g.customer_id = n.customer_id) as signed_version
      from needed n join customers c on c.id = n.customer_id
     where true ${after}
     order by n.starts_at, n.appointment_id, n.waiver_id
     limit ${page.limit}`);
  const last = result.rows.at(-1);
  return {
    rows: result.rows
      .filter((r) => waiverNeedsSigning(r.signed_version, r.version))
      .map((r) => ({ ...r, starts_at: iso(r.starts_at) })),
    next: last && result.rows.length === page.limit ? { appointment_id: last.appointment_id, waiver_id: last.waiver_id } : null,
  };
}
