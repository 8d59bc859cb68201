import {
  compileSegment,
  type CompiledSegment,
  type SegmentContext,
  type SegmentQuery,
  todayIn,
} from '@salondesk/core';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { businesses } from '../db/schema';
import type { Executor } from '../db/executor';
import { customerSegments } from './schema';

/**
 * The clients of a segment (spec 001 §3 Customer segment), for the segments screens, the client
 * list's segment filter and campaigns: core compiles the tree (`compileSegment`) to one
 * parameterised statement, run here. A segment takes its clients from its `business_list`,
 * kept to the locations of its own network; a tree given directly, from the location alone.
 */

export class SegmentNotFoundError extends Error {
  constructor(readonly segmentId: number) {
    super(`Segment ${segmentId} not found`);
    this.name = 'SegmentNotFoundError';
  }
}

/** A compiled statement as a Drizzle `SQL`: the text's `$n` become bound parameters (arrays stay one parameter). */
export function compiledSql({ text, values }: CompiledSegment): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
  return sql.join(chunks, sql.raw(''));
}

/** The locations of `businessId`'s network among `wanted` (always `businessId` itself when it is wanted). */
export async function networkLocations(tx: Executor, businessId: number, wanted: readonly number[]): Promise<number[]> {
  if (wanted.length === 0) return [];
  const [home] = await tx.select({ network: businesses.network_id }).from(businesses).where(eq(businesses.id, businessId));
  if (!home) return [];
  const rows = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(inArray(businesses.id, [...wanted]), home.network === null ? eq(businesses.id, businessId) : eq(businesses.network_id, home.network)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * What a tree of `businessId` is compiled with: its locations (of its network), today and the
 * time zone of the location, and the other segments of the location for `inSegment`.
 */
export async function segmentContext(tx: Executor, businessId: number, businessList: readonly number[], now: Date): Promise<SegmentContext> {
  const [business] = await tx.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  const timeZone = business?.timezone ?? 'America/Los_Angeles';
  const trees = await tx
    .select({ id: customerSegments.id, tree: customerSegments.query_parameters })
    .from(customerSegments)
    .where(eq(customerSegments.business_id, businessId));
  const byId = new Map(trees.map((t) => [t.id, t.tree]));
  return {
    businessIds: await networkLocations(tx, businessId, businessList),
    today: todayIn(timeZone, now),
    timeZone,
    resolve: (id) => byId.get(id) ?? null,
  };
}

/** The statement of a segment's members (`select c.id … order by c.id`), to run or to use as a subquery. */
export async function segmentMembersSql(
  tx: Executor,
  businessId: number,
  segmentIdOrTree: number | SegmentQuery,
  options: { now?: Date; businessList?: readonly number[] } = {},
): Promise<SQL> {
  const now = options.now ?? new Date();
  let tree: SegmentQuery;
  let list: readonly number[];
  let self: number | undefined;
  if (typeof segmentIdOrTree === 'number') {
    const [row] = await tx
      .select({ tree: customerSegments.query_parameters, list: customerSegments.business_list })
      .from(customerSegments)
      .where(and(eq(customerSegments.id, segmentIdOrTree), eq(customerSegments.business_id, businessId)));
    if (!row) throw new SegmentNotFoundError(segmentIdOrTree);
    tree = row.tree;
    list = row.list;
    self = segmentIdOrTree;
  } else {
    tree = segmentIdOrTree;
    list = options.businessList ?? [businessId];
  }
  const ctx = await segmentContext(tx, businessId, list, now);
  return compiledSql(compileSegment(tree, ctx, self));
}

/**
 * The customer ids (ascending) of a segment of `businessId` (by id), or of a tree over the
 * location's own clients. Throws `SegmentNotFoundError` for a segment of no such id in this
 * location, and core's `SegmentReferenceError` for a tree that includes a missing segment or itself.
 */
export async function segmentMembers(
  tx: Executor,
  businessId: number,
  segmentIdOrTree: number | SegmentQuery,
  options: { now?: Date; businessList?: readonly number[] } = {},
): Promise<number[]> {
  const statement = await segmentMembersSql(tx, businessId, segmentIdOrTree, options);
  const result = await tx.execute<{ id: number }>(statement);
  return result.rows.map((r) => r.id);
}

/** How many clients a segment (or a tree) holds, without reading them all. */
export async function segmentMemberCount(
  tx: Executor,
  businessId: number,
  segmentIdOrTree: number | SegmentQuery,
  options: { now?: Date; businessList?: readonly number[] } = {},
): Promise<number> {
  const statement = await segmentMembersSql(tx, businessId, segmentIdOrTree, options);
  const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (${statement}) m`);
  return result.rows[0]?.n ?? 0;
}
