import {
  clientName,
  aclManagesSegments,
  canEditSegment,
  canSeeBusiness,
  inlineSegmentReferences,
  mapSegmentIds,
  MESSAGES,
  operations,
  type Segment,
  SegmentReferenceError,
  type SegmentEntity,
  type SegmentQuery,
  segmentCopyMissingIn,
  segmentIdsByEntity,
  seesAllSegments,
  compileSegment,
  segmentCountIsStale,
} from '@salondesk/core';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AuthState } from '../auth/authState';
import type { BusinessRow } from '../businesses/queries';
import { readTogether, type Executor } from '../db/executor';
import { categories, products, services } from '../catalogue/schema';
import { businesses, userBusinesses, userNetworks, users } from '../db/schema';
import { staff } from '../staff/schema';
import { HttpError, invalidRequest } from '../http/errors';
import { type HandlerContext, businessOf, authOf } from '../http/registry';
import { implementOperation } from '../proxy/registry';
import { isUniqueViolation, rosterDisplayNames } from '../staff/queries';
import { segmentContext, segmentMemberCount, compiledSql } from './members';
import { queueSegmentRecount } from './recount';
import { customerSegmentEditors, customerSegments } from './schema';
import { customers } from '../customers/schema';

/**
 * The customer segment operations (spec 001 §7 Segments) behind the proxy request. Reading: users
 * with `customer` or campaign viewers see all of a location's segments, anyone else the ones
 * they edit. Changing a segment: `customer` or being one of its editors (§6); adding, copying and
 * editors: `customer` (the operation's permission). A refused request changes nothing.
 */

type SegmentRow = typeof customerSegments.$inferSelect;


const segmentNotFound = () => new HttpError(404, MESSAGES.segmentNotFound);
const notEditor = () => new HttpError(403, MESSAGES.segmentNotEditor);

async function editorsOf(db: Executor, segmentIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(segmentIds.map((id) => [id, []]));
  if (segmentIds.length === 0) return out;
  const rows = await db
    .select()
    .from(customerSegmentEditors)
    .where(inArray(customerSegmentEditors.segment_id, [...segmentIds]))
    .orderBy(asc(customerSegmentEditors.user_id));
  for (const row of rows) out.get(row.segment_id)?.push(row.user_id);
  return out;
}

const toSegment = (row: SegmentRow, editors: number[], auth: AuthState): Segment => ({
  id: row.id,
  businessId: row.business_id,
  name: row.name,
  description: row.description,
  query_parameters: row.query_parameters,
  last_searched: row.last_searched ?? null,
  businessList: row.business_list,
  editors,
  canEdit: canEditSegment(auth.user, { editors }),
  updatedAt: row.updated_at.toISOString(),
  counted: row.member_count === null || row.counted_at === null ? null : { count: row.member_count, at: row.counted_at.toISOString() },
});

/**
 * The location's segments the user may read, by name (`customersegment/getall` and its export):
 * all of them for users with `customer` or `operation.view-campaigns`, else those they edit.
 */
export async function visibleSegments(db: Executor, business: BusinessRow, auth: AuthState): Promise<Segment[]> {
  const rows = await db
    .select()
    .from(customerSegments)
    .where(eq(customerSegments.business_id, business.id))
    .orderBy(asc(sql`lower(${customerSegments.name})`), asc(customerSegments.id));
  const editors = await editorsOf(db, rows.map((r) => r.id));
  const all = seesAllSegments(auth.user);
  return rows.filter((r) => all || (editors.get(r.id) ?? []).includes(auth.user.id)).map((r) => toSegment(r, editors.get(r.id) ?? [], auth));
}

/** A segment of this location the user may read (else 404, as for one that does not exist), with its editors. */
async function readable(db: Executor, business: BusinessRow, auth: AuthState, segmentId: number, forUpdate = false) {
  const query = db
    .select()
    .from(customerSegments)
    .where(and(eq(customerSegments.id, segmentId), eq(customerSegments.business_id, business.id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw segmentNotFound();
  const editors = (await editorsOf(db, [row.id])).get(row.id) ?? [];
  if (!seesAllSegments(auth.user) && !editors.includes(auth.user.id)) throw segmentNotFound();
  return { row, editors };
}

/** The segment's locations: each of this network and visible to the user, else a 400 naming `businessList`. */
async function checkedLocations(db: Executor, business: BusinessRow, auth: AuthState, list: readonly number[] | undefined): Promise<number[]> {
  const wanted = [...new Set(list ?? [business.id])].sort((a, b) => a - b);
  const rows = await db.select().from(businesses).where(inArray(businesses.id, wanted));
  const allowed = rows.filter(
    (b) => (b.id === business.id || (business.network_id !== null && b.network_id === business.network_id)) && canSeeBusiness(auth.user, auth.grants, b),
  );
  if (allowed.length !== wanted.length) throw invalidRequest([{ path: ['businessList'], message: MESSAGES.segmentLocationNotAllowed }]);
  return wanted;
}

/** Ids of what a tree names that do not belong to its locations (services, products, categories, staff) or network (locations). */
async function unknownItems(db: Executor, business: BusinessRow, tree: SegmentQuery, locations: readonly number[]): Promise<boolean> {
  const ids = segmentIdsByEntity(tree);
  const count = async (entity: SegmentEntity, found: () => Promise<number>) => (ids[entity].length === 0 ? true : (await found()) === ids[entity].length);
  const within = (table: typeof services | typeof products | typeof categories | typeof staff, entity: SegmentEntity) => async () => {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, ids[entity]), inArray(table.business_id, [...locations])));
    return rows.length;
  };
  const checks = await readTogether(db, [
    () => count('service', within(services, 'service')),
    () => count('product', within(products, 'product')),
    () => count('category', within(categories, 'category')),
    () => count('staff', within(staff, 'staff')),
    () =>
      count('location', async () => {
        const rows = await db
          .select({ id: businesses.id })
          .from(businesses)
          .where(and(inArray(businesses.id, ids.location), business.network_id === null ? eq(businesses.id, business.id) : eq(businesses.network_id, business.network_id)));
        return rows.length;
      }),
  ]);
  return checks.some((ok) => !ok);
}

/** A tree refused as a 400 naming `query_parameters` when it names what is not the location's, or a segment missing or itself. */
async function checkTree(db: Executor, business: BusinessRow, tree: SegmentQuery, locations: readonly number[], now: Date, self?: number): Promise<void> {
  if (await unknownItems(db, business, tree, locations)) throw invalidRequest([{ path: ['query_parameters'], message: MESSAGES.segmentUnknownItem }]);
  try {
    compileSegment(tree, await segmentContext(db, business.id, locations, now), self);
  } catch (error) {
    if (error instanceof SegmentReferenceError) {
      throw invalidRequest([{ path: ['query_parameters'], message: error.reason === 'cycle' ? MESSAGES.segmentReferenceCycle : MESSAGES.segmentReferenceMissing }]);
    }
    throw error;
  }
}

/** Users (not disabled) who can see this location: granted it or its network. Admins are left out: they edit everything. */
async function candidates(db: Executor, business: BusinessRow) {
  const rows = await db
    .selectDistinct({ id: users.id, fullname: users.fullname, role: users.role, acl: users.acl })
    .from(users)
    .leftJoin(userBusinesses, eq(userBusinesses.user_id, users.id))
    .leftJoin(userNetworks, eq(userNetworks.user_id, users.id))
    .where(
      and(
        isNull(users.disabled_at),
        ne(users.role, 'ADMIN'),
        or(eq(userBusinesses.business_id, business.id), business.network_id === null ? sql`false` : eq(userNetworks.network_id, business.network_id)),
      ),
    )
    .orderBy(asc(users.fullname), asc(users.id));
  return rows.map((r) => ({ id: r.id, fullname: r.fullname, hasCustomer: aclManagesSegments(r.role, r.acl) }));
}

async function checkEditors(db: Executor, business: BusinessRow, editors: readonly number[], path: (string | number)[]): Promise<void> {
  if (editors.length === 0) return;
  const allowed = new Set((await candidates(db, business)).map((c) => c.id));
  if (editors.some((id) => !allowed.has(id))) throw invalidRequest([{ path, message: MESSAGES.segmentLocationNotAllowed }]);
}

const nameTaken = () => new HttpError(409, MESSAGES.segmentNameTaken);

/** A value as JSON with every object's keys in order (PostgreSQL's `jsonb` keeps its own order). */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));

/** The segments whose tree includes segment `segmentId` (`inSegment`, `notInSegment`). */
const includes = (segmentId: number) =>
  sql`jsonb_path_exists(${customerSegments.query_parameters}, '$.** ? (@.segmentId == $id)', jsonb_build_object('id', ${segmentId}::int))`;

/** Queues a location's recount (`segment.recount`); a queue that refuses it fails nothing (the next list read asks again). */
async function queueRecount(ctx: HandlerContext, businessId: number, reason: 'list' | 'saved'): Promise<void> {
  try {
    await queueSegmentRecount(ctx.request.server.jobs, businessId, reason);
  } catch (error) {
    ctx.request.log.warn({ err: error, businessId }, 'Segment recount not queued');
  }
}

async function withSegments(db: Executor, business: BusinessRow, auth: AuthState, ids: readonly number[]): Promise<Segment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(customerSegments)
    .where(and(eq(customerSegments.business_id, business.id), inArray(customerSegments.id, [...ids])));
  const editors = await editorsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toSegment(r, editors.get(r.id) ?? [], auth));
}

/** A name free in `businessId`: the name itself, else "name (2)", "name (3)", … */
async function freeName(db: Executor, businessId: number, name: string): Promise<string> {
  const rows = await db
    .select({ name: customerSegments.name })
    .from(customerSegments)
    .where(eq(customerSegments.business_id, businessId));
  const taken = new Set(rows.map((r) => r.name.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, 90)} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** Maps a location's ids (services, products, categories, staff) to another's, by name. */
async function idMaps(db: Executor, from: number, to: number) {
  const byName = async (table: typeof services | typeof products | typeof categories) => {
    const rows = await db
      .select({ id: table.id, name: table.name, business: table.business_id })
      .from(table)
      .where(inArray(table.business_id, [from, to]));
    const target = new Map(rows.filter((r) => r.business === to).map((r) => [r.name.trim().toLowerCase(), r.id]));
    const names = new Map(rows.filter((r) => r.business === from).map((r) => [r.id, r.name]));
    const map = new Map<number, number>();
    for (const [id, name] of names) {
      const mapped = target.get(name.trim().toLowerCase());
      if (mapped !== undefined) map.set(id, mapped);
    }
    return { map, names };
  };
  const staffNames = async () => {
    const [source, target] = await readTogether(db, [() => rosterDisplayNames(db, from), () => rosterDisplayNames(db, to)]);
    const byName = new Map([...target].map(([id, name]) => [name.toLowerCase(), id]));
    const map = new Map<number, number>();
    for (const [id, name] of source) {
      const mapped = byName.get(name.toLowerCase());
      if (mapped !== undefined) map.set(id, mapped);
    }
    return { map, names: source };
  };
  const [service, product, category, member] = await readTogether(db, [() => byName(services), () => byName(products), () => byName(categories), staffNames]);
  return { service, product, category, staff: member };
}

export function segmentOperationHandlers() {
  const o = operations.segments;
  return [
    implementOperation(o.getall, async (_request, ctx) => {
      const business = businessOf(ctx);
      const segments = await visibleSegments(ctx.db, business, authOf(ctx));
      // Counts missing or stale are counted again in the background; the list shows them with their age meanwhile.
      if (segments.some((s) => segmentCountIsStale(s.counted, ctx.now()))) await queueRecount(ctx, business.id, 'list');
      return segments;
    }),

    implementOperation(o.get, async ({ query }, ctx) => {
      const auth = authOf(ctx);
      const { row, editors } = await readable(ctx.db, businessOf(ctx), auth, query.id);
      return toSegment(row, editors, auth);
    }),

    implementOperation(o.add, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const auth = authOf(ctx);
      const locations = await checkedLocations(ctx.db, business, auth, body.businessList);
      await checkTree(ctx.db, business, body.query_parameters, locations, ctx.now());
      const editors = [...new Set(body.editors)];
      await checkEditors(ctx.db, business, editors, ['editors']);
      try {
        const created = await ctx.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(customerSegments)
            .values({
              business_id: business.id,
              network_id: business.network_id,
              name: body.name,
              description: body.description,
              query_parameters: body.query_parameters,
              business_list: locations,
              created_by: auth.user.id,
              created_at: ctx.now(),
              updated_at: ctx.now(),
            })
            .returning();
          if (!row) throw new Error('Segment insert returned nothing');
          if (editors.length > 0) await tx.insert(customerSegmentEditors).values(editors.map((user_id) => ({ segment_id: row.id, user_id })));
          return toSegment(row, editors.sort((a, b) => a - b), auth);
        });
        await queueRecount(ctx, business.id, 'saved');
        return created;
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    }),

    implementOperation(o.update, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const auth = authOf(ctx);
      try {
        const { segment, recount } = await ctx.db.transaction(async (tx) => {
          const { row, editors } = await readable(tx, business, auth, params.segmentId, true);
          if (!canEditSegment(auth.user, { editors })) throw notEditor();
          const locations = body.businessList === undefined ? row.business_list : await checkedLocations(tx, business, auth, body.businessList);
          const tree = body.query_parameters ?? row.query_parameters;
          if (body.query_parameters !== undefined || body.businessList !== undefined) await checkTree(tx, business, tree, locations, ctx.now(), row.id);
          // A new tree or new locations: the count kept is of the old ones, and so are those of the segments that include it.
          const members = canonicalJson(tree) !== canonicalJson(row.query_parameters) || locations.join() !== row.business_list.join();
          const [updated] = await tx
            .update(customerSegments)
            .set({
              ...(body.name === undefined ? {} : { name: body.name }),
              ...(body.description === undefined ? {} : { description: body.description }),
              query_parameters: tree,
              business_list: locations,
              ...(members ? { member_count: null, counted_at: null } : {}),
              updated_at: ctx.now(),
            })
            .where(eq(customerSegments.id, row.id))
            .returning();
          if (!updated) throw segmentNotFound();
          if (members) {
            await tx
              .update(customerSegments)
              .set({ member_count: null, counted_at: null })
              .where(and(eq(customerSegments.business_id, business.id), ne(customerSegments.id, row.id), includes(row.id)));
          }
          return { segment: toSegment(updated, editors, auth), recount: members };
        });
        if (recount) await queueRecount(ctx, business.id, 'saved');
        return segment;
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    }),

    implementOperation(o.delete, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const auth = authOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const { row, editors } = await readable(tx, business, auth, body.id, true);
        if (!canEditSegment(auth.user, { editors })) throw notEditor();
        const others = await tx
          .select({ id: customerSegments.id })
          .from(customerSegments)
          .where(
            and(
              eq(customerSegments.business_id, business.id),
              ne(customerSegments.id, row.id),
              includes(row.id),
            ),
          )
          .limit(1);
        if (others.length > 0) throw new HttpError(409, MESSAGES.segmentInUse);
        await tx.delete(customerSegments).where(eq(customerSegments.id, row.id));
        return { id: row.id };
      });
    }),

    implementOperation(o.copy, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const auth = authOf(ctx);
      const targets = [...new Set(body.businessIds)].filter((id) => id !== business.id);
      if (targets.length === 0) throw invalidRequest([{ path: ['businessIds'], message: MESSAGES.segmentChooseLocation }]);
      await checkedLocations(ctx.db, business, auth, targets).catch(() => {
        throw invalidRequest([{ path: ['businessIds'], message: MESSAGES.segmentLocationNotAllowed }]);
      });
      const result = await ctx.db.transaction(async (tx) => {
        const { row } = await readable(tx, business, auth, body.id);
        const context = await segmentContext(tx, business.id, [business.id], ctx.now());
        const standalone = inlineSegmentReferences(row.query_parameters, (id) => context.resolve?.(id) ?? null, [row.id]);
        const names = await tx.select({ id: businesses.id, name: businesses.name }).from(businesses).where(inArray(businesses.id, targets));
        const locationName = new Map(names.map((n) => [n.id, n.name]));
        const copies: { businessId: number; segmentId: number }[] = [];
        for (const target of targets) {
          const maps = await idMaps(tx, business.id, target);
          const mapped = mapSegmentIds(standalone, { service: maps.service.map, product: maps.product.map, category: maps.category.map, staff: maps.staff.map });
          if (mapped.missing.length > 0) {
            const items = [...new Set(mapped.missing.map((m) => maps[m.entity as 'service' | 'product' | 'category' | 'staff'].names.get(m.id) ?? `#${m.id}`))];
            throw invalidRequest([{ path: ['businessIds'], message: segmentCopyMissingIn(locationName.get(target) ?? `#${target}`, items) }]);
          }
          const [copy] = await tx
            .insert(customerSegments)
            .values({
              business_id: target,
              network_id: business.network_id,
              name: await freeName(tx, target, row.name),
              description: row.description,
              query_parameters: mapped.tree,
              business_list: [target],
              created_by: auth.user.id,
              created_at: ctx.now(),
              updated_at: ctx.now(),
            })
            .returning({ id: customerSegments.id });
          if (!copy) throw new Error('Segment copy insert returned nothing');
          copies.push({ businessId: target, segmentId: copy.id });
        }
        return { copies };
      });
      for (const target of targets) await queueRecount(ctx, target, 'saved');
      return result;
    }),

    implementOperation(o.permissionBulkUpdate, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const auth = authOf(ctx);
      const segmentIds = [...new Set(body.changes.map((c) => c.segmentId))];
      const owned = await ctx.db
        .select({ id: customerSegments.id })
        .from(customerSegments)
        .where(and(eq(customerSegments.business_id, business.id), inArray(customerSegments.id, segmentIds)));
      if (owned.length !== segmentIds.length) throw segmentNotFound();
      await checkEditors(
        ctx.db,
        business,
        body.changes.filter((c) => c.canEdit).map((c) => c.userId),
        ['changes'],
      );
      await ctx.db.transaction(async (tx) => {
        // The last word for one segment and user wins, as in the order given.
        const last = new Map(body.changes.map((c) => [`${c.segmentId}:${c.userId}`, c]));
        const grant = [...last.values()].filter((c) => c.canEdit);
        const revoke = [...last.values()].filter((c) => !c.canEdit);
        if (grant.length > 0) {
          await tx
            .insert(customerSegmentEditors)
            .values(grant.map((c) => ({ segment_id: c.segmentId, user_id: c.userId })))
            .onConflictDoNothing();
        }
        for (const c of revoke) {
          await tx.delete(customerSegmentEditors).where(and(eq(customerSegmentEditors.segment_id, c.segmentId), eq(customerSegmentEditors.user_id, c.userId)));
        }
        await tx.update(customerSegments).set({ updated_at: ctx.now() }).where(inArray(customerSegments.id, segmentIds));
      });
      const editors = await editorsOf(ctx.db, segmentIds);
      return { segments: segmentIds.map((id) => ({ id, editors: editors.get(id) ?? [] })) };
    }),

    implementOperation(o.count, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const auth = authOf(ctx);
      if (body.segmentId !== undefined) await readable(ctx.db, business, auth, body.segmentId);
      else if (!seesAllSegments(auth.user)) throw new HttpError(403, MESSAGES.noBusinessPermission);
      const locations = await checkedLocations(ctx.db, business, auth, body.businessList);
      await checkTree(ctx.db, business, body.query_parameters, locations, ctx.now(), body.segmentId);
      const context = await segmentContext(ctx.db, business.id, locations, ctx.now());
      const statement = compiledSql(compileSegment(body.query_parameters, context, body.segmentId));
      return ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set transaction read only`);
        const counted = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (${statement}) m`);
        const sample = await tx
          .select({ id: customers.id, firstname: customers.firstname, lastname: customers.lastname, phone: customers.phone, phone_type: customers.phone_type })
          .from(customers)
          .where(sql`${customers.id} in (select id from (${statement}) m)`)
          .orderBy(asc(customers.lastname), asc(customers.firstname), asc(customers.id))
          .limit(5);
        return {
          count: counted.rows[0]?.n ?? 0,
          sample: sample.map((c) => ({ id: c.id, name: clientName(c) })),
        };
      });
    }),

    implementOperation(o.updateCache, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const auth = authOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const { row, editors } = await readable(tx, business, auth, body.segmentId, true);
        if (!row.business_list.includes(body.businessId)) throw invalidRequest([{ path: ['businessId'], message: MESSAGES.segmentCacheMismatch }]);
        // The value is what the screen saw; the cache keeps the server's own count of that location now.
        const count = await segmentMemberCount(tx, business.id, row.query_parameters, { now: ctx.now(), businessList: [body.businessId] });
        const [updated] = await tx
          .update(customerSegments)
          .set({ last_searched: { businessId: body.businessId, count, at: ctx.now().toISOString() } })
          .where(eq(customerSegments.id, row.id))
          .returning();
        if (!updated) throw segmentNotFound();
        return toSegment(updated, editors, auth);
      });
    }),

    implementOperation(o.editorCandidates, async (_request, ctx) => candidates(ctx.db, businessOf(ctx))),
  ];
}

