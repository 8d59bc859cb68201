import { randomBytes } from 'node:crypto';
import {
  canSeeBusiness,
  endpoints,
  fillPath,
  MESSAGES,
  operations,
  publishVersion,
  rangeProblem,
  WAIVER_LINK_DAYS,
  WAIVER_RANGE_MAX_DAYS,
  WAIVER_REPORT_MAX_ROWS,
  WAIVER_SIGNING_PATH,
} from '@salondesk/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { hashToken } from '../auth/sessions';
import { type BusinessRow, findBusiness } from '../businesses/queries';
import { categories, services } from '../catalogue/schema';
import { customers } from '../customers/schema';
import { clientNameSql } from '../customers/display-name';
import type { Database } from '../db/client';
import { businesses } from '../db/schema';
import { HttpError, invalidRequest, noPermission } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { implementOperation } from '../proxy/registry';
import { countSignaturesWhere, duePage, dueWindow, sha256Text, signatureDetail, signaturesFilter, signaturesWhere, waiversOf } from './queries';
import { waiverCategories, waiverLinks, waivers, waiverServices, waiverSignatures, waiverVersions } from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const waiverNotFound = () => new HttpError(404, MESSAGES.waiverNotFound);
const conflict = (message: string) => new HttpError(409, message);
const USER_AGENT_MAX = 512;

export function checkRange(range: { start: string; end: string }) {
  const problem = rangeProblem(range.start, range.end, WAIVER_RANGE_MAX_DAYS);
  if (problem) throw invalidRequest([{ path: ['query', 'end'], message: problem }]);
}

/**
 * The signatures `waiver/get-info` (and its export) lists: the range checked, the waiver (when
 * one is named) the business's own, else a 404.
 */
export async function checkedSignaturesFilter(ctx: HandlerContext, business: BusinessRow, query: { start: string; end: string; waiver_id?: number | undefined }) {
  checkRange(query);
  if (query.waiver_id !== undefined) {
    const [row] = await ctx.db
      .select({ id: waivers.id })
      .from(waivers)
      .where(and(eq(waivers.id, query.waiver_id), eq(waivers.business_id, business.id)));
    if (!row) throw waiverNotFound();
  }
  return signaturesFilter(business, query);
}

/** A live waiver of the business, locked for the rest of the transaction. */
async function lockWaiver(tx: Tx, businessId: number, waiverId: number) {
  const [row] = await tx
    .select({ id: waivers.id, name: waivers.name })
    .from(waivers)
    .where(and(eq(waivers.id, waiverId), eq(waivers.business_id, businessId), isNull(waivers.deleted_at)))
    .for('update');
  if (!row) throw waiverNotFound();
  return row;
}

async function oneWaiver(db: Pick<Database, 'execute'>, businessId: number, waiverId: number) {
  const [found] = await waiversOf(db, businessId, waiverId);
  if (!found) throw waiverNotFound();
  return found;
}

/** Every id of `ids` names a live row of the business, else 400 naming `field`. */
async function checkOwned(tx: Tx, kind: 'services' | 'categories' | 'waivers', businessId: number, ids: readonly number[], field: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const table = kind === 'services' ? services : kind === 'categories' ? categories : waivers;
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, unique), eq(table.business_id, businessId), isNull(table.deleted_at)));
  if (rows.length !== unique.length) {
    const message = kind === 'services' ? MESSAGES.waiverUnknownService : kind === 'categories' ? MESSAGES.waiverUnknownCategory : MESSAGES.waiverUnknownWaiver;
    throw invalidRequest([{ path: field, message }]);
  }
  return unique;
}

async function publish(tx: Tx, businessId: number, waiverId: number, template: string, by: string | null) {
  const [row] = await tx
    .insert(waiverVersions)
    .values({
      business_id: businessId,
      waiver_id: waiverId,
      version: sql`(select coalesce(max(version), 0) + 1 from waiver_versions where waiver_id = ${waiverId})`,
      template,
      sha256: sha256Text(template),
      published_by: by,
    })
    .returning({ id: waiverVersions.id, version: waiverVersions.version });
  return row as { id: number; version: number };
}

async function createWaiver(tx: Tx, businessId: number, input: { name: string; template: string; services?: number[]; categories?: number[] }, by: string | null) {
  const serviceIds = await checkOwned(tx, 'services', businessId, input.services ?? [], ['services']);
  const categoryIds = await checkOwned(tx, 'categories', businessId, input.categories ?? [], ['categories']);
  const [row] = await tx.insert(waivers).values({ business_id: businessId, name: input.name }).returning({ id: waivers.id });
  const waiverId = (row as { id: number }).id;
  await publish(tx, businessId, waiverId, input.template, by);
  if (serviceIds.length > 0) await tx.insert(waiverServices).values(serviceIds.map((service_id) => ({ business_id: businessId, waiver_id: waiverId, service_id })));
  if (categoryIds.length > 0) await tx.insert(waiverCategories).values(categoryIds.map((category_id) => ({ business_id: businessId, waiver_id: waiverId, category_id })));
  return waiverId;
}

/** The waivers a service needs directly, or a category. */
async function assignedTo(db: Pick<Database, 'execute'>, kind: 'service' | 'category', businessId: number, targetId: number): Promise<number[]> {
  const table = kind === 'service' ? sql`waiver_services` : sql`waiver_categories`;
  const column = kind === 'service' ? sql`service_id` : sql`category_id`;
  const result = await db.execute<{ waiver_id: number }>(sql`
    select a.waiver_id from ${table} a join waivers w on w.id = a.waiver_id and w.deleted_at is null
     where a.business_id = ${businessId} and a.${column} = ${targetId} order by a.waiver_id`);
  return result.rows.map((r) => r.waiver_id);
}

/** Where a waiver is assigned: a service (`waiver_services`) or a category (`waiver_categories`). */
const ASSIGNMENT = {
  service: { target: services, links: waiverServices, column: waiverServices.service_id, key: 'service_id', missing: MESSAGES.waiverUnknownService },
  category: { target: categories, links: waiverCategories, column: waiverCategories.category_id, key: 'category_id', missing: MESSAGES.waiverUnknownCategory },
} as const;

/** The live waivers a service or category of the business needs (404 for another business's). */
async function readAssignment(ctx: HandlerContext, kind: 'service' | 'category', targetId: number) {
  const business = businessOf(ctx);
  const { target, missing } = ASSIGNMENT[kind];
  const [row] = await ctx.db.select({ id: target.id }).from(target).where(and(eq(target.id, targetId), eq(target.business_id, business.id)));
  if (!row) throw new HttpError(404, missing);
  return assignedTo(ctx.db, kind, business.id, targetId);
}

/** Replaces the waivers a service or category needs; each must be a live waiver of the business. */
async function writeAssignment(ctx: HandlerContext, kind: 'service' | 'category', targetId: number, waiverIds: readonly number[]) {
  const business = businessOf(ctx);
  const { target, links, column, key, missing } = ASSIGNMENT[kind];
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: target.id })
      .from(target)
      .where(and(eq(target.id, targetId), eq(target.business_id, business.id), isNull(target.deleted_at)))
      .for('update');
    if (!row) throw new HttpError(404, missing);
    const ids = await checkOwned(tx, 'waivers', business.id, waiverIds, ['waiver_ids']);
    await tx.delete(links).where(eq(column, targetId));
    if (ids.length > 0) await tx.insert(links).values(ids.map((waiver_id) => ({ business_id: business.id, waiver_id, [key]: targetId }) as typeof links.$inferInsert));
  });
  return assignedTo(ctx.db, kind, business.id, targetId);
}

/** The client's display name, or 404 when the client is not the business's. */
async function customerOf(db: Pick<Database, 'select'>, businessId: number, customerId: number) {
  const [row] = await db
    .select({ id: customers.id, name: sql<string>`${clientNameSql('customers', { erased: true })}` })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.business_id, businessId)));
  return row ?? null;
}

/** The waiver operations of the proxy request (core's `operations.waivers`). */
export function waiverOperationHandlers() {
  const o = operations.waivers;
  return [
    implementOperation(o.list, async (_request, ctx) => {
      const business = businessOf(ctx);
      return { waiversEnabled: business.waivers_enabled, waivers: await waiversOf(ctx.db, business.id) };
    }),

    implementOperation(o.create, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const waiverId = await ctx.db.transaction((tx) => createWaiver(tx, business.id, body, ctx.auth?.user.fullname ?? null));
      return oneWaiver(ctx.db, business.id, waiverId);
    }),

    implementOperation(o.update, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.transaction(async (tx) => {
        await lockWaiver(tx, business.id, params.waiverId);
        await tx.update(waivers).set({ name: body.name, updated_at: sql`now()` }).where(eq(waivers.id, params.waiverId));
      });
      return oneWaiver(ctx.db, business.id, params.waiverId);
    }),

    implementOperation(o.remove, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.transaction(async (tx) => {
        await lockWaiver(tx, business.id, params.waiverId);
        await tx.delete(waiverServices).where(eq(waiverServices.waiver_id, params.waiverId));
        await tx.delete(waiverCategories).where(eq(waiverCategories.waiver_id, params.waiverId));
        await tx.update(waivers).set({ deleted_at: sql`now()`, updated_at: sql`now()` }).where(eq(waivers.id, params.waiverId));
      });
      return { id: params.waiverId, deleted: true as const };
    }),

    implementOperation(o.copy, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const auth = ctx.auth;
      if (!auth) throw noPermission();
      const source = await oneWaiver(ctx.db, business.id, params.waiverId);
      const targets = [...new Set(body.business_ids)];
      for (const targetId of targets) {
        const target = await findBusiness(ctx.db, targetId);
        const sameNetwork = target && (target.id === business.id || (target.network_id !== null && target.network_id === business.network_id));
        if (!target || !sameNetwork || !canSeeBusiness(auth.user, auth.grants, target)) {
          throw new HttpError(403, MESSAGES.waiverCopyNotAllowed, { issues: [{ path: ['business_ids'], message: MESSAGES.waiverCopyNotAllowed }] });
        }
      }
      const copies = await ctx.db.transaction(async (tx) => {
        const made: { business_id: number; waiver_id: number }[] = [];
        for (const targetId of targets) {
          const name = targetId === business.id ? `Copy of ${source.name}`.slice(0, 120) : source.name;
          const waiverId = await createWaiver(tx, targetId, { name, template: source.template }, auth.user.fullname);
          made.push({ business_id: targetId, waiver_id: waiverId });
        }
        return made;
      });
      return { copies };
    }),

    implementOperation(o.updateTemplate, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.transaction(async (tx) => {
        await lockWaiver(tx, business.id, params.waiverId);
        const versions = await tx
          .select({ id: waiverVersions.id, version: waiverVersions.version, template: waiverVersions.template })
          .from(waiverVersions)
          .where(eq(waiverVersions.waiver_id, params.waiverId))
          .orderBy(waiverVersions.version);
        // Core's rule decides; the database refuses any change to the rows already there.
        const { outcome } = publishVersion(versions, body.template, body.base_version_id, 0);
        if (outcome.kind === 'stale') throw conflict(MESSAGES.waiverVersionChanged);
        if (outcome.kind === 'unchanged') throw conflict(MESSAGES.waiverTextUnchanged);
        await publish(tx, business.id, params.waiverId, body.template, ctx.auth?.user.fullname ?? null);
        await tx.update(waivers).set({ updated_at: sql`now()` }).where(eq(waivers.id, params.waiverId));
      });
      return oneWaiver(ctx.db, business.id, params.waiverId);
    }),

    implementOperation(o.versions, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const [row] = await ctx.db
        .select({ name: waivers.name })
        .from(waivers)
        .where(and(eq(waivers.id, params.waiverId), eq(waivers.business_id, business.id)));
      if (!row) throw waiverNotFound();
      const result = await ctx.db.execute<{ id: number; version: number; template: string; sha256: string; published_at: Date | string; published_by: string | null; signatures: string }>(sql`
        select v.id, v.version, v.template, v.sha256, v.published_at, v.published_by,
               (select count(*) from waiver_signatures g where g.version_id = v.id) as signatures
          from waiver_versions v where v.waiver_id = ${params.waiverId} order by v.version desc`);
      return {
        waiver_id: params.waiverId,
        name: row.name,
        versions: result.rows.map((v) => ({
          ...v,
          waiver_id: params.waiverId,
          published_at: new Date(v.published_at).toISOString(),
          signatures: Number(v.signatures),
        })),
      };
    }),

    implementOperation(o.report, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      checkRange(query);
      const inRange = signaturesFilter(business, query);
      const signed = await signaturesWhere(ctx.db, business.id, inRange, { limit: WAIVER_REPORT_MAX_ROWS + 1, offset: 0 });
      const summary = await ctx.db.execute<{ waiver_id: number; waiver_name: string; version: number; signatures: string }>(sql`
        select g.waiver_id, w.name as waiver_name, v.version, count(*) as signatures
          from waiver_signatures g join waiver_versions v on v.id = g.version_id join waivers w on w.id = g.waiver_id
         where g.business_id = ${business.id} and ${inRange}
         group by g.waiver_id, w.name, v.version order by lower(w.name), g.waiver_id, v.version desc`);
      const window = dueWindow(business, query, ctx.now());
      const due = window ? (await duePage(ctx.db, business, window, { limit: WAIVER_REPORT_MAX_ROWS * 4, after: null })).rows : [];
      return {
        start: query.start,
        end: query.end,
        summary: summary.rows.map((r) => ({ ...r, signatures: Number(r.signatures) })),
        signed: signed.slice(0, WAIVER_REPORT_MAX_ROWS),
        due: due.slice(0, WAIVER_REPORT_MAX_ROWS),
        truncated: signed.length > WAIVER_REPORT_MAX_ROWS || due.length > WAIVER_REPORT_MAX_ROWS,
      };
    }),

    implementOperation(o.info, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const where = await checkedSignaturesFilter(ctx, business, query);
      const total = await countSignaturesWhere(ctx.db, business.id, where);
      const rows = await signaturesWhere(ctx.db, business.id, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
      return { rows, total, page: query.page, limit: query.limit };
    }),

    implementOperation(o.signature, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const detail = await signatureDetail(ctx.db, business.id, params.signatureId);
      if (!detail) throw new HttpError(404, MESSAGES.waiverSignatureNotFound);
      return detail as never;
    }),

    implementOperation(o.signaturesOfCustomer, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      if (!(await customerOf(ctx.db, business.id, params.customerId))) throw new HttpError(404, MESSAGES.waiverCustomerNotFound);
      return { customer_id: params.customerId, signatures: await signaturesWhere(ctx.db, business.id, sql`g.customer_id = ${params.customerId}`) };
    }),

    implementOperation(o.serviceGet, async ({ params }, ctx) => ({ service_id: params.serviceId, waiver_ids: await readAssignment(ctx, 'service', params.serviceId) })),
    implementOperation(o.serviceUpdate, async ({ params, body }, ctx) => ({
      service_id: params.serviceId,
      waiver_ids: await writeAssignment(ctx, 'service', params.serviceId, body.waiver_ids),
    })),
    implementOperation(o.categoryGet, async ({ params }, ctx) => ({ category_id: params.categoryId, waiver_ids: await readAssignment(ctx, 'category', params.categoryId) })),
    implementOperation(o.categoryUpdate, async ({ params, body }, ctx) => ({
      category_id: params.categoryId,
      waiver_ids: await writeAssignment(ctx, 'category', params.categoryId, body.waiver_ids),
    })),

    implementOperation(o.settingsUpdate, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.update(businesses).set({ waivers_enabled: body.waiversEnabled }).where(eq(businesses.id, business.id));
      return { waiversEnabled: body.waiversEnabled };
    }),

    implementOperation(o.link, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      if (!business.waivers_enabled) throw conflict(MESSAGES.waiversDisabled);
      await oneWaiver(ctx.db, business.id, params.waiverId);
      if (!(await customerOf(ctx.db, business.id, body.customer_id))) {
        throw invalidRequest([{ path: ['customer_id'], message: MESSAGES.waiverCustomerNotFound }]);
      }
      const token = randomBytes(32).toString('base64url');
      const expires = new Date(ctx.now().getTime() + WAIVER_LINK_DAYS * 86_400_000);
      await ctx.db.insert(waiverLinks).values({
        business_id: business.id,
        waiver_id: params.waiverId,
        customer_id: body.customer_id,
        token_hash: hashToken(token),
        expires_at: expires,
      });
      return { token, path: fillPath(WAIVER_SIGNING_PATH, { token }), expires_at: expires.toISOString() };
    }),
  ];
}

interface LinkRow {
  id: number;
  business_id: number;
  waiver_id: number;
  customer_id: number;
  expires_at: Date;
  business_name: string;
  waivers_enabled: boolean;
  waiver_name: string;
  deleted: boolean;
}

/** The link a token opens (any state), locked for the rest of the transaction, or 404. */
async function linkOf(db: Database | Tx, token: string): Promise<LinkRow> {
  const [row] = await db
    .select({
      id: waiverLinks.id,
      business_id: waiverLinks.business_id,
      waiver_id: waiverLinks.waiver_id,
      customer_id: waiverLinks.customer_id,
      expires_at: waiverLinks.expires_at,
      business_name: businesses.name,
      waivers_enabled: businesses.waivers_enabled,
      waiver_name: waivers.name,
      deleted: sql<boolean>`${waivers.deleted_at} is not null`,
    })
    .from(waiverLinks)
    .innerJoin(businesses, eq(businesses.id, waiverLinks.business_id))
    .innerJoin(waivers, eq(waivers.id, waiverLinks.waiver_id))
    .where(eq(waiverLinks.token_hash, hashToken(token)))
    .for('update', { of: waiverLinks });
  if (!row || row.deleted) throw new HttpError(404, MESSAGES.waiverLinkNotValid);
  return row;
}

async function signatureOfLink(db: Database | Tx, linkId: number) {
  const [row] = await db
    .select({ signature_id: waiverSignatures.id, version: waiverVersions.version, signed_at: waiverSignatures.signed_at, signed_name: waiverSignatures.signed_name })
    .from(waiverSignatures)
    .innerJoin(waiverVersions, eq(waiverVersions.id, waiverSignatures.version_id))
    .where(eq(waiverSignatures.link_id, linkId));
  return row ? { ...row, signed_at: row.signed_at.toISOString() } : null;
}

async function currentVersion(db: Database | Tx, waiverId: number) {
  const [row] = await db
    .select({ id: waiverVersions.id, version: waiverVersions.version, template: waiverVersions.template, sha256: waiverVersions.sha256 })
    .from(waiverVersions)
    .where(eq(waiverVersions.waiver_id, waiverId))
    .orderBy(sql`${waiverVersions.version} desc`)
    .limit(1);
  return row as { id: number; version: number; template: string; sha256: string };
}

/** The public signing page's two calls: no account; the token is the key, kept only as its hash. */
export function waiverSigningHandlers() {
  const e = endpoints.waiverSigning;
  return [
    implement(e.get, async ({ params }, ctx) => {
      return ctx.db.transaction(async (tx) => {
        const link = await linkOf(tx, params.token);
        const signed = await signatureOfLink(tx, link.id);
        if (!signed) {
          if (!link.waivers_enabled) throw conflict(MESSAGES.waiversDisabled);
          if (link.expires_at <= ctx.now()) throw new HttpError(410, MESSAGES.waiverLinkExpired);
        }
        const customer = await customerOf(tx, link.business_id, link.customer_id);
        // Once signed, the page shows the version signed; before, the current one.
        const version = signed
          ? ((await tx
              .select({ id: waiverVersions.id, version: waiverVersions.version, template: waiverVersions.template, sha256: waiverVersions.sha256 })
              .from(waiverSignatures)
              .innerJoin(waiverVersions, eq(waiverVersions.id, waiverSignatures.version_id))
              .where(eq(waiverSignatures.id, signed.signature_id)))[0] as { id: number; version: number; template: string; sha256: string })
          : await currentVersion(tx, link.waiver_id);
        return {
          business_name: link.business_name,
          waiver_name: link.waiver_name,
          customer_name: customer?.name ?? '',
          version_id: version.id,
          version: version.version,
          template: version.template,
          sha256: version.sha256,
          expires_at: link.expires_at.toISOString(),
          signed,
        };
      });
    }),

    implement(e.sign, async ({ params, body }, ctx) => {
      return ctx.db.transaction(async (tx) => {
        const link = await linkOf(tx, params.token);
        if (await signatureOfLink(tx, link.id)) throw conflict(MESSAGES.waiverAlreadySigned);
        if (!link.waivers_enabled) throw conflict(MESSAGES.waiversDisabled);
        if (link.expires_at <= ctx.now()) throw new HttpError(410, MESSAGES.waiverLinkExpired);
        // Lock the waiver so no version is published between this check and the insert.
        await tx.select({ id: waivers.id }).from(waivers).where(eq(waivers.id, link.waiver_id)).for('share');
        const version = await currentVersion(tx, link.waiver_id);
        if (version.id !== body.version_id) throw conflict(MESSAGES.waiverSigningChanged);
        const customer = await customerOf(tx, link.business_id, link.customer_id);
        const userAgent = String(ctx.request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
        const [row] = await tx
          .insert(waiverSignatures)
          .values({
            business_id: link.business_id,
            waiver_id: link.waiver_id,
            version_id: version.id,
            customer_id: link.customer_id,
            link_id: link.id,
            customer_name: customer?.name ?? '',
            signed_name: body.signed_name,
            strokes: body.strokes,
            consent: body.consent,
            // The hash of the exact text, computed again from the version row being signed.
            sha256: sha256Text(version.template),
            signed_at: ctx.now(),
            ip: ctx.request.ip,
            user_agent: userAgent,
          })
          .returning({ id: waiverSignatures.id, signed_at: waiverSignatures.signed_at, sha256: waiverSignatures.sha256 });
        const inserted = row as { id: number; signed_at: Date; sha256: string };
        return { signature_id: inserted.id, version: version.version, signed_at: inserted.signed_at.toISOString(), sha256: inserted.sha256 };
      });
    }),
  ];
}
