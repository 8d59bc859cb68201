import { isAdmin, type User } from '../models/user';
import {
  SEGMENT_CONDITIONS,
  SEGMENT_LIMITS,
  type SegmentCondition,
  type SegmentEntity,
  type SegmentGroup,
  type SegmentNode,
  type SegmentOp,
  type SegmentQuery,
} from '../models/segments';
import { can, userCan } from './acl';
import type { Acl } from '../models/user';
import { LINE_KIND, type LineKind } from '../models/lineKind';
import { addDays } from './scheduleTime';

/**
 * Customer segment rules (spec 001 §3, §6, §7 Segments): a condition tree compiled to one
 * parameterised SQL query, and the same tree evaluated in memory over clients; property tests
 * hold the two equal over random trees and clients (`apps/api/src/segments/compile.test.ts`).
 *
 * The SQL never holds a value from the tree: every number, day, id list and text is a `$n`
 * parameter, and the only words written into the text are this module's own. Every condition
 * is a boolean that is never NULL (`coalesce(…, false)`), so "none of" negates exactly as the
 * evaluator does. Ticket conditions read the completed tickets of the segment's locations once
 * (`c.id in (select …)`, a hashed subplan), never a subquery per client.
 */

// ── In-memory clients ───────────────────────────────────────────────────────────────────

/** One line of a completed ticket, as segments read it. */
export interface SegmentClientLine {
  kind: LineKind;
  serviceId: number | null;
  productId: number | null;
  /** The category of its service or product. */
  categoryId: number | null;
  staffId: number | null;
  /** Line total in cents (after discount, tax included). */
  total: number;
}

/** A completed ticket (a live checkout), dated on its checkout day; `servicedBy` the staff member who served it (else who checked it out). */
export interface SegmentClientTicket {
  day: string;
  tip: number;
  servicedBy: number | null;
  lines: SegmentClientLine[];
}

/** A client as the evaluator reads it: the customer row, its tags and its completed tickets. */
export interface SegmentClient {
  id: number;
  businessId: number;
  /** False once erased or merged into another client: such a row is in no segment. */
  active: boolean;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phoneType: string;
  /** `YYYY-MM-DD` or null. */
  birthday: string | null;
  loyaltyPoints: number;
  /** The day the client was added, in the location's time zone. */
  createdDay: string;
  tagIds: number[];
  tickets: SegmentClientTicket[];
}

/** What a compiled or evaluated segment depends on besides its tree. */
export interface SegmentContext {
  /** The locations whose clients are considered (the segment's `businessList`, as allowed). */
  businessIds: readonly number[];
  /** Today in the segment's location's time zone: "the last N days" and "this month" count from it. */
  today: string;
  /** The location's time zone, for the day a client was added. */
  timeZone: string;
  /** The tree of another segment of the location (`inSegment`), or null when it does not exist. */
  resolve?: (segmentId: number) => SegmentQuery | null;
}

export class SegmentReferenceError extends Error {
  constructor(
    readonly reason: 'cycle' | 'missing',
    readonly segmentId: number,
  ) {
    super(reason === 'cycle' ? `Segment ${segmentId} includes itself` : `Segment ${segmentId} does not exist`);
    this.name = 'SegmentReferenceError';
  }
}

/** The first day of "the last `days` days": today and the `days` days before it. */
export const windowStart = (today: string, days: number): string => addDays(today, -days);

/** `MM-DD` of today and the next `days` days (a 29 February only when it occurs). */
export function birthdayDays(today: string, days: number): string[] {
  const out = new Set<string>();
  for (let k = 0; k <= Math.min(days, SEGMENT_LIMITS.birthdayDays); k++) out.add(addDays(today, k).slice(5));
  return [...out];
}

const compare = (x: number, op: SegmentOp, value: number, value2 = value): boolean =>
  op === 'gte' ? x >= value : op === 'lte' ? x <= value : op === 'eq' ? x === value : x >= value && x <= value2;

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

function resolveReference(ctx: SegmentContext, segmentId: number, stack: readonly number[]): SegmentQuery {
  if (stack.includes(segmentId)) throw new SegmentReferenceError('cycle', segmentId);
  const tree = ctx.resolve?.(segmentId) ?? null;
  if (!tree) throw new SegmentReferenceError('missing', segmentId);
  return tree;
}

// ── Empty groups ───────────────────────────────────────────────────────────────────────

/**
 * A group with no condition in it (no children, or only such groups). It places no condition:
 * its parent leaves it out, and as the root it matches every client of the locations — whether
 * it matches all, any or none of its (absent) children. So a group just added to a tree changes
 * nothing until a condition is put in it (an empty "any of" no longer empties the segment).
 */
export const isEmptySegmentGroup = (node: SegmentNode): boolean => node.type === 'group' && node.children.every(isEmptySegmentGroup);

// ── Evaluation ─────────────────────────────────────────────────────────────────────────

function evaluateCondition(c: SegmentCondition, client: SegmentClient, ctx: SegmentContext, stack: readonly number[]): boolean {
  const t = client.tickets;
  const since = c.days === undefined ? '' : windowStart(ctx.today, c.days);
  const recent = t.filter((x) => x.day >= since);
  const lines = t.flatMap((x) => x.lines);
  const recentLines = recent.flatMap((x) => x.lines);
  const days = t.map((x) => x.day).sort();
  const first = days[0];
  const last = days[days.length - 1];
  const ids = new Set(c.ids ?? []);
  const cmp = (x: number) => compare(x, c.op as SegmentOp, c.value as number, c.value2);
  const between = (d: string | undefined) => d !== undefined && d >= (c.from as string) && d <= (c.to as string);
  const name = `${client.firstname ?? ''} ${client.lastname ?? ''}`.toLowerCase();
  switch (c.kind) {
    case 'visits':
      return cmp(t.length);
    case 'visitsInLastDays':
      return cmp(recent.length);
    case 'lastVisitMoreThanDaysAgo':
      return last !== undefined && last < since;
    case 'lastVisitWithinDays':
      return last !== undefined && last >= since;
    case 'lastVisitBetween':
      return between(last);
    case 'firstVisitWithinDays':
      return first !== undefined && first >= since;
    case 'firstVisitBetween':
      return between(first);
    case 'visitedBetween':
      return t.some((x) => between(x.day));
    case 'neverVisited':
      return t.length === 0;
    case 'spend':
      return cmp(sum(lines.map((l) => l.total)));
    case 'spendInLastDays':
      return cmp(sum(recentLines.map((l) => l.total)));
    case 'averageTicket':
      return t.length > 0 && cmp(Math.round(sum(lines.map((l) => l.total)) / t.length));
    case 'serviceSpend':
      return cmp(sum(lines.filter((l) => l.kind === LINE_KIND.SERVICE).map((l) => l.total)));
    case 'productSpend':
      return cmp(sum(lines.filter((l) => l.kind === LINE_KIND.PRODUCT).map((l) => l.total)));
    case 'tips':
      return cmp(sum(t.map((x) => x.tip)));
    case 'boughtService':
      return lines.some((l) => l.serviceId !== null && ids.has(l.serviceId));
    case 'notBoughtService':
      return !lines.some((l) => l.serviceId !== null && ids.has(l.serviceId));
    case 'boughtServiceInLastDays':
      return recentLines.some((l) => l.serviceId !== null && ids.has(l.serviceId));
    case 'boughtCategory':
      return lines.some((l) => l.categoryId !== null && ids.has(l.categoryId));
    case 'boughtProduct':
      return lines.some((l) => l.productId !== null && ids.has(l.productId));
    case 'notBoughtProduct':
      return !lines.some((l) => l.productId !== null && ids.has(l.productId));
    case 'boughtProductInLastDays':
      return recentLines.some((l) => l.productId !== null && ids.has(l.productId));
    case 'boughtRetail':
      return lines.some((l) => l.kind === LINE_KIND.PRODUCT);
    case 'seenStaff':
      return lines.some((l) => l.staffId !== null && ids.has(l.staffId));
    case 'notSeenStaff':
      return !lines.some((l) => l.staffId !== null && ids.has(l.staffId));
    case 'seenStaffInLastDays':
      return recentLines.some((l) => l.staffId !== null && ids.has(l.staffId));
    case 'lastSeenBy': {
      // The latest visit: the last day, and of that day's tickets the one written last.
      const latest = t.reduce<SegmentClientTicket | undefined>((best, x) => (best === undefined || x.day >= best.day ? x : best), undefined);
      return latest?.servicedBy != null && ids.has(latest.servicedBy);
    }
    case 'loyaltyPoints':
      return cmp(client.loyaltyPoints);
    case 'hasAnyTag':
      return client.tagIds.some((tag) => ids.has(tag));
    case 'hasAllTags':
      return [...ids].every((tag) => client.tagIds.includes(tag));
    case 'hasNoTag':
      return !client.tagIds.some((tag) => ids.has(tag));
    case 'untagged':
      return client.tagIds.length === 0;
    case 'birthdayMonth':
      return client.birthday !== null && (c.months ?? []).includes(Number(client.birthday.slice(5, 7)));
    case 'birthdayThisMonth':
      return client.birthday !== null && client.birthday.slice(5, 7) === ctx.today.slice(5, 7);
    case 'birthdayWithinDays':
      return client.birthday !== null && birthdayDays(ctx.today, c.days as number).includes(client.birthday.slice(5));
    case 'noBirthday':
      return client.birthday === null;
    case 'hasEmail':
      return (client.email ?? '') !== '';
    case 'noEmail':
      return (client.email ?? '') === '';
    case 'hasMobile':
      return client.phoneType === 'MOBILE';
    case 'nameContains':
      return name.includes((c.text as string).toLowerCase());
    case 'emailContains':
      return (client.email ?? '').toLowerCase().includes((c.text as string).toLowerCase());
    case 'addedWithinDays':
      return client.createdDay >= since;
    case 'location':
      return ids.has(client.businessId);
    case 'inSegment':
    case 'notInSegment': {
      const id = c.segmentId as number;
      const inside = evaluateNode(resolveReference(ctx, id, stack), client, ctx, [...stack, id]);
      return c.kind === 'inSegment' ? inside : !inside;
    }
  }
}

function evaluateNode(node: SegmentNode, client: SegmentClient, ctx: SegmentContext, stack: readonly number[]): boolean {
  if (node.type === 'condition') return evaluateCondition(node, client, ctx, stack);
  const results = node.children.filter((child) => !isEmptySegmentGroup(child)).map((child) => evaluateNode(child, client, ctx, stack));
  if (results.length === 0) return true;
  if (node.match === 'all') return results.every(Boolean);
  if (node.match === 'any') return results.some(Boolean);
  return !results.some(Boolean);
}

/**
 * The ids of the clients a tree matches, ascending: active clients of `ctx.businessIds` for
 * whom the tree holds. `self` names the segment being evaluated, so a tree that includes it is
 * refused (`SegmentReferenceError`).
 */
export function evaluateSegment(tree: SegmentQuery, clients: readonly SegmentClient[], ctx: SegmentContext, self?: number): number[] {
  const locations = new Set(ctx.businessIds);
  const stack = self === undefined ? [] : [self];
  return clients
    .filter((client) => client.active && locations.has(client.businessId) && evaluateNode(tree, client, ctx, stack))
    .map((client) => client.id)
    .sort((a, b) => a - b);
}

// ── Compilation ────────────────────────────────────────────────────────────────────────

/** A parameterised statement: `text` with `$1…$n`, and their `values`. */
export interface CompiledSegment {
  text: string;
  values: unknown[];
}

type Cast = 'int' | 'bigint' | 'date' | 'text' | 'int[]' | 'text[]';

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast: Cast): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

/** Completed tickets (a live checkout, as `customer_facts` counts visits) of the segment's locations (`$1`), one row per ticket. */
const TICKETS = `from queue q join checkouts k on k.queue_id = q.id and k.voided_at is null
 where q.business_id = any($1::int[]) and q.customer_id is not null`;
/** The same with their live lines. */
const LINES = `from queue q join checkouts k on k.queue_id = q.id and k.voided_at is null
 join saleslogs s on s.checkout_id = k.id and not s.voided
 where q.business_id = any($1::int[]) and q.customer_id is not null`;


function sqlCompare(expr: string, c: SegmentCondition, p: Params): string {
  const value = p.add(c.value, 'bigint');
  switch (c.op as SegmentOp) {
    case 'gte':
      return `${expr} >= ${value}`;
    case 'lte':
      return `${expr} <= ${value}`;
    case 'eq':
      return `${expr} = ${value}`;
    case 'between':
      return `${expr} between ${value} and ${p.add(c.value2, 'bigint')}`;
  }
}

/**
 * A condition on a per-client total over some rows: the clients with rows whose total holds,
 * or — when a total of 0 holds too (at most 3 visits) — every client but those with rows whose
 * total does not, so clients without any row are counted as 0.
 */
function aggregate(c: SegmentCondition, p: Params, from: string, total: string, extraWhere = ''): string {
  const zeroHolds = compare(0, c.op as SegmentOp, c.value as number, c.value2);
  const test = sqlCompare(total, c, p);
  return zeroHolds
    ? `c.id not in (select q.customer_id ${from}${extraWhere} group by q.customer_id having not (${test}))`
    : `c.id in (select q.customer_id ${from}${extraWhere} group by q.customer_id having ${test})`;
}

function compileCondition(c: SegmentCondition, p: Params, ctx: SegmentContext, stack: readonly number[]): string {
  const since = () => p.add(windowStart(ctx.today, c.days as number), 'date');
  const ids = () => p.add([...new Set(c.ids ?? [])], 'int[]');
  const lineIn = (column: string, window = false) => `c.id in (select q.customer_id ${LINES} and ${column} = any(${ids()})${window ? ` and k.checkout_day >= ${since()}` : ''})`;
  const range = () => `between ${p.add(c.from, 'date')} and ${p.add(c.to, 'date')}`;
  switch (c.kind) {
    case 'visits':
      return sqlCompare('f.visits', c, p);
    case 'visitsInLastDays':
      return aggregate(c, p, TICKETS, 'count(*)', ` and k.checkout_day >= ${since()}`);
    case 'lastVisitMoreThanDaysAgo':
      return `f.last_visit < ${since()}`;
    case 'lastVisitWithinDays':
      return `f.last_visit >= ${since()}`;
    case 'lastVisitBetween':
      return `f.last_visit ${range()}`;
    case 'firstVisitWithinDays':
      return `f.first_visit >= ${since()}`;
    case 'firstVisitBetween':
      return `f.first_visit ${range()}`;
    case 'visitedBetween':
      return `c.id in (select q.customer_id ${TICKETS} and k.checkout_day ${range()})`;
    case 'neverVisited':
      return 'f.visits = 0';
    case 'spend':
      return sqlCompare('f.spend', c, p);
    case 'spendInLastDays':
      return aggregate(c, p, LINES, 'sum(s.total)', ` and k.checkout_day >= ${since()}`);
    case 'averageTicket':
      return `f.visits > 0 and ${sqlCompare('f.average_spend', c, p)}`;
    case 'serviceSpend':
      return aggregate(c, p, LINES, 'sum(s.total)', ` and s.kind = '${LINE_KIND.SERVICE}'`);
    case 'productSpend':
      return aggregate(c, p, LINES, 'sum(s.total)', ` and s.kind = '${LINE_KIND.PRODUCT}'`);
    case 'tips':
      return sqlCompare('f.tips', c, p);
    case 'boughtService':
      return lineIn('s.service_id');
    case 'notBoughtService':
      return `not ${lineIn('s.service_id')}`;
    case 'boughtServiceInLastDays':
      return lineIn('s.service_id', true);
    case 'boughtCategory':
      return `c.id in (select q.customer_id ${LINES.replace(' where ', ' left join services sv on sv.id = s.service_id left join products pr on pr.id = s.product_id where ')} and coalesce(sv.category_id, pr.category_id) = any(${ids()}))`;
    case 'boughtProduct':
      return lineIn('s.product_id');
    case 'notBoughtProduct':
      return `not ${lineIn('s.product_id')}`;
    case 'boughtProductInLastDays':
      return lineIn('s.product_id', true);
    case 'boughtRetail':
      return `c.id in (select q.customer_id ${LINES} and s.kind = '${LINE_KIND.PRODUCT}')`;
    case 'seenStaff':
      return lineIn('s.employee_id');
    case 'notSeenStaff':
      return `not ${lineIn('s.employee_id')}`;
    case 'seenStaffInLastDays':
      return lineIn('s.employee_id', true);
    case 'lastSeenBy':
      return `f.last_staff_id = any(${ids()})`;
    case 'loyaltyPoints':
      return sqlCompare('c.loyalty_points', c, p);
    case 'hasAnyTag':
      return `c.id in (select l.customer_id from customer_tag_links l where l.tag_id = any(${ids()}))`;
    case 'hasAllTags': {
      const wanted = [...new Set(c.ids ?? [])];
      return `c.id in (select l.customer_id from customer_tag_links l where l.tag_id = any(${p.add(wanted, 'int[]')}) group by l.customer_id having count(distinct l.tag_id) = ${p.add(wanted.length, 'int')})`;
    }
    case 'hasNoTag':
      return `c.id not in (select l.customer_id from customer_tag_links l where l.tag_id = any(${ids()}))`;
    case 'untagged':
      return 'c.id not in (select l.customer_id from customer_tag_links l)';
    case 'birthdayMonth':
      return `extract(month from c.birthday)::int = any(${p.add([...new Set(c.months ?? [])], 'int[]')})`;
    case 'birthdayThisMonth':
      return `extract(month from c.birthday)::int = ${p.add(Number(ctx.today.slice(5, 7)), 'int')}`;
    case 'birthdayWithinDays':
      return `to_char(c.birthday, 'MM-DD') = any(${p.add(birthdayDays(ctx.today, c.days as number), 'text[]')})`;
    case 'noBirthday':
      return 'c.birthday is null';
    case 'hasEmail':
      return `coalesce(c.email, '') <> ''`;
    case 'noEmail':
      return `coalesce(c.email, '') = ''`;
    case 'hasMobile':
      return `c.phone_type = 'MOBILE'`;
    case 'nameContains':
      return `strpos(lower(coalesce(c.firstname, '') || ' ' || coalesce(c.lastname, '')), lower(${p.add(c.text, 'text')})) > 0`;
    case 'emailContains':
      return `strpos(lower(coalesce(c.email, '')), lower(${p.add(c.text, 'text')})) > 0`;
    case 'addedWithinDays':
      return `(c.created_at at time zone ${p.add(ctx.timeZone, 'text')})::date >= ${since()}`;
    case 'location':
      return `c.business_id = any(${ids()})`;
    case 'inSegment':
    case 'notInSegment': {
      const id = c.segmentId as number;
      const inside = compileNode(resolveReference(ctx, id, stack), p, ctx, [...stack, id]);
      return c.kind === 'inSegment' ? inside : `not ${inside}`;
    }
  }
}

function compileNode(node: SegmentNode, p: Params, ctx: SegmentContext, stack: readonly number[]): string {
  if (node.type === 'condition') return `coalesce((${compileCondition(node, p, ctx, stack)}), false)`;
  const parts = node.children.filter((child) => !isEmptySegmentGroup(child)).map((child) => compileNode(child, p, ctx, stack));
  if (parts.length === 0) return 'true';
  if (node.match === 'all') return `(${parts.join(' and ')})`;
  const any = `(${parts.join(' or ')})`;
  return node.match === 'any' ? any : `(not ${any})`;
}

/**
 * The ids of the clients a tree matches, as one parameterised query: active clients of
 * `ctx.businessIds` (`$1`) for whom the tree holds, ascending. Evaluates exactly as
 * `evaluateSegment` does.
 */
export function compileSegment(tree: SegmentQuery, ctx: SegmentContext, self?: number): CompiledSegment {
  const p = new Params();
  p.add([...new Set(ctx.businessIds)], 'int[]');
  const predicate = compileNode(tree, p, ctx, self === undefined ? [] : [self]);
  // The facts are joined only when a condition reads them (they aggregate the locations' tickets once).
  const facts = /\bf\./.test(predicate) ? ' join customer_facts f on f.customer_id = c.id and f.business_id = any($1::int[])' : '';
  return {
    text: `select c.id from customers c${facts} where c.business_id = any($1::int[]) and c.erased_at is null and c.merged_into_id is null and ${predicate} order by c.id`,
    values: p.values,
  };
}

// ── Trees ──────────────────────────────────────────────────────────────────────────────

/** Every condition of a tree, depth first. */
export function segmentConditions(node: SegmentNode): SegmentCondition[] {
  return node.type === 'condition' ? [node] : node.children.flatMap(segmentConditions);
}

/** The ids of the other segments a tree includes (`inSegment`, `notInSegment`). */
export const segmentReferences = (tree: SegmentNode): number[] => [
  ...new Set(segmentConditions(tree).flatMap((c) => (c.segmentId !== undefined && SEGMENT_CONDITIONS[c.kind].shape === 'segment' ? [c.segmentId] : []))),
];

/** The ids a tree names, by entity (services, products, categories, staff, tags, locations). */
export function segmentIdsByEntity(tree: SegmentNode): Record<SegmentEntity, number[]> {
  const out: Record<SegmentEntity, Set<number>> = { service: new Set(), product: new Set(), category: new Set(), staff: new Set(), tag: new Set(), location: new Set() };
  for (const c of segmentConditions(tree)) {
    const entity = SEGMENT_CONDITIONS[c.kind].entity;
    if (entity) for (const value of c.ids ?? []) out[entity].add(value);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort((a, b) => a - b)])) as Record<SegmentEntity, number[]>;
}

/** A condition every client meets ("visits: at least 0"). */
const EVERY_CLIENT: SegmentCondition = { type: 'condition', kind: 'visits', op: 'gte', value: 0 };

/**
 * The tree with the segments it includes written in place (a group of theirs for `inSegment`,
 * a "none of" group for `notInSegment`), so it stands on its own in another location.
 */
export function inlineSegmentReferences(tree: SegmentGroup, resolve: (segmentId: number) => SegmentQuery | null, stack: readonly number[] = []): SegmentGroup {
  const inline = (node: SegmentNode): SegmentNode => {
    if (node.type === 'group') return { ...node, children: node.children.map(inline) };
    if (node.segmentId === undefined || SEGMENT_CONDITIONS[node.kind].shape !== 'segment') return node;
    const id = node.segmentId;
    if (stack.includes(id)) throw new SegmentReferenceError('cycle', id);
    const referenced = resolve(id);
    if (!referenced) throw new SegmentReferenceError('missing', id);
    const written = inlineSegmentReferences(referenced, resolve, [...stack, id]);
    // An empty segment holds every client; written in place as an empty group it would place no condition instead.
    const inner: SegmentNode = isEmptySegmentGroup(written) ? { type: 'group', match: 'all', children: [EVERY_CLIENT] } : written;
    return node.kind === 'inSegment' ? inner : { type: 'group', match: 'none', children: [inner] };
  };
  return inline(tree) as SegmentGroup;
}

/**
 * The tree with the ids of a location's own things (services, products, categories, staff)
 * replaced through `maps` (by name, in the target location); `missing` lists those with no
 * counterpart there (the copy is then refused). Tags (network-wide) and locations stay.
 */
export function mapSegmentIds(
  tree: SegmentGroup,
  maps: Partial<Record<SegmentEntity, ReadonlyMap<number, number>>>,
): { tree: SegmentGroup; missing: { entity: SegmentEntity; id: number }[] } {
  const missing: { entity: SegmentEntity; id: number }[] = [];
  const map = (node: SegmentNode): SegmentNode => {
    if (node.type === 'group') return { ...node, children: node.children.map(map) };
    const entity = SEGMENT_CONDITIONS[node.kind].entity;
    const table = entity ? maps[entity] : undefined;
    if (!entity || !table || !node.ids) return node;
    const ids = node.ids.map((value) => {
      const mapped = table.get(value);
      if (mapped === undefined) missing.push({ entity, id: value });
      return mapped ?? value;
    });
    return { ...node, ids };
  };
  return { tree: map(tree) as SegmentGroup, missing };
}

// ── Who may do what (spec 001 §6) ────────────────────────────────────────────────────

/** Users with `customer` see and change every segment of the locations they see. */
export const managesSegments = (user: Pick<User, 'role' | 'acl'>): boolean => userCan(user, 'customer');

/** Who reads a location's segments: `customer`, campaign viewers, and a segment's own editors (theirs only). */
export const seesAllSegments = (user: Pick<User, 'role' | 'acl'>): boolean => managesSegments(user) || userCan(user, 'operation.view-campaigns');

/** Only editors and users with `customer` change a segment. */
export const canEditSegment = (user: Pick<User, 'id' | 'role' | 'acl'>, segment: { editors: readonly number[] }): boolean =>
  managesSegments(user) || segment.editors.includes(user.id);

/** Whether an acl (of a user who might be named an editor) grants `customer` already. */
export const aclManagesSegments = (role: string, acl: Acl): boolean => isAdmin({ role }) || can(acl, 'customer');
