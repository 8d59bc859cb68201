import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { boundedInt, count, text } from './input';
import { day, id, instant } from './ids';

/**
 * Customer segments (spec 001 §3 Customer segment, §5, §6, §7 Segments): a segment is a name, a
 * description and `query_parameters` — a tree of nested AND/OR/NONE groups of conditions over
 * a client's visits, spend, last visit, services and products bought, staff seen, loyalty
 * points, tags, birthday, location, … — with the locations it applies to (`businessList`), the
 * users who may edit it (`editors`) and its cache (`last_searched`). Core compiles a tree to
 * parameterised SQL and evaluates it in memory (`rules/segments.ts`); both read this model.
 */

/** How big a tree may be: nesting, conditions in all, children of one group, ids in one condition. */
export const SEGMENT_LIMITS = {
  /** Groups nested in groups: the root is depth 1. */
  depth: 5,
  conditions: 40,
  children: 20,
  ids: 100,
  /** "In the last N days": up to ten years. */
  days: 3650,
  /** "Birthday in the next N days": up to a year. */
  birthdayDays: 366,
  name: 100,
  description: 500,
  text: 100,
} as const;

/** How a number compares: at least, at most, exactly, from … to (both included). */
export const SEGMENT_OPS = ['gte', 'lte', 'eq', 'between'] as const;
export type SegmentOp = (typeof SEGMENT_OPS)[number];
export const SEGMENT_OP_LABEL: Record<SegmentOp, string> = { gte: 'at least', lte: 'at most', eq: 'exactly', between: 'between' };

/** How a group combines its children. */
export const SEGMENT_MATCHES = ['all', 'any', 'none'] as const;
export type SegmentMatch = (typeof SEGMENT_MATCHES)[number];
export const SEGMENT_MATCH_LABEL: Record<SegmentMatch, string> = { all: 'all of', any: 'any of', none: 'none of' };

/**
 * The inputs a condition takes, by shape:
 * - `count` / `money`: `op`, `value` (and `value2` for between); money in cents;
 * - `windowCount` / `windowMoney`: the same over the last `days` days;
 * - `days`: `days`; `dateRange`: `from`, `to`; `months`: `months` (1–12);
 * - `ids`: `ids` of the condition's `entity`; `idsDays`: `ids` and `days`;
 * - `flag`: nothing; `text`: `text`; `segment`: `segmentId` (another segment of the location).
 */
export const SEGMENT_SHAPES = ['count', 'money', 'windowCount', 'windowMoney', 'days', 'dateRange', 'months', 'ids', 'idsDays', 'flag', 'text', 'segment'] as const;
export type SegmentShape = (typeof SEGMENT_SHAPES)[number];

/** What the ids of an `ids` condition name. Services, products, categories and staff are a location's; tags the network's. */
export const SEGMENT_ENTITIES = ['service', 'product', 'category', 'staff', 'tag', 'location'] as const;
export type SegmentEntity = (typeof SEGMENT_ENTITIES)[number];

export const SEGMENT_CONDITION_GROUPS = ['Visits', 'Spend', 'Services and products', 'Staff', 'Loyalty', 'Tags', 'Birthday', 'Contact', 'Client'] as const;
export type SegmentConditionGroup = (typeof SEGMENT_CONDITION_GROUPS)[number];

interface ConditionDefinition {
  label: string;
  group: SegmentConditionGroup;
  shape: SegmentShape;
  entity?: SegmentEntity;
  /** One line saying exactly what is counted, shown beside the condition. */
  meaning: string;
}

const def = (group: SegmentConditionGroup, shape: SegmentShape, label: string, meaning: string, entity?: SegmentEntity): ConditionDefinition =>
  entity ? { group, shape, label, meaning, entity } : { group, shape, label, meaning };

/**
 * Every condition kind. A visit is a completed ticket (a live checkout) at the client's location,
 * dated on its checkout day, as the client list counts it (`customer_facts`); spend is its lines' totals (gross sales: after discounts,
 * tax included, tips and refunds not counted). "In the last N days" is today and the N days before.
 */
export const SEGMENT_CONDITIONS = {
  visits: def('Visits', 'count', 'Visits', 'Completed tickets, all time.'),
  visitsInLastDays: def('Visits', 'windowCount', 'Visits in the last days', 'Completed tickets dated in the last N days.'),
  lastVisitMoreThanDaysAgo: def('Visits', 'days', 'Last visit more than … days ago', 'Has visited, but not in the last N days.'),
  lastVisitWithinDays: def('Visits', 'days', 'Last visit in the last … days', 'Visited in the last N days.'),
  lastVisitBetween: def('Visits', 'dateRange', 'Last visit between', 'The last completed ticket is dated in the range.'),
  firstVisitWithinDays: def('Visits', 'days', 'First visit in the last … days', 'New clients: the first completed ticket is in the last N days.'),
  firstVisitBetween: def('Visits', 'dateRange', 'First visit between', 'The first completed ticket is dated in the range.'),
  visitedBetween: def('Visits', 'dateRange', 'Visited between', 'At least one completed ticket dated in the range.'),
  neverVisited: def('Visits', 'flag', 'Never visited', 'No completed ticket yet.'),
  spend: def('Spend', 'money', 'Total spend', 'Line totals of every completed ticket.'),
  spendInLastDays: def('Spend', 'windowMoney', 'Spend in the last days', 'Line totals of completed tickets of the last N days.'),
  averageTicket: def('Spend', 'money', 'Average ticket', 'Total spend divided by visits, rounded to the cent (clients who visited).'),
  serviceSpend: def('Spend', 'money', 'Service spend', 'Totals of service lines.'),
  productSpend: def('Spend', 'money', 'Retail spend', 'Totals of product lines.'),
  tips: def('Spend', 'money', 'Tips given', 'Tips on completed tickets.'),
  boughtService: def('Services and products', 'ids', 'Had any of these services', 'At least one of the services on a completed ticket.', 'service'),
  notBoughtService: def('Services and products', 'ids', 'Never had these services', 'None of the services on any completed ticket.', 'service'),
  boughtServiceInLastDays: def('Services and products', 'idsDays', 'Had any of these services in the last days', 'One of the services on a completed ticket of the last N days.', 'service'),
  boughtCategory: def('Services and products', 'ids', 'Bought from these categories', 'A service or product of one of the categories.', 'category'),
  boughtProduct: def('Services and products', 'ids', 'Bought any of these products', 'At least one of the products on a completed ticket.', 'product'),
  notBoughtProduct: def('Services and products', 'ids', 'Never bought these products', 'None of the products on any completed ticket.', 'product'),
  boughtProductInLastDays: def('Services and products', 'idsDays', 'Bought any of these products in the last days', 'One of the products on a completed ticket of the last N days.', 'product'),
  boughtRetail: def('Services and products', 'flag', 'Bought retail', 'At least one product line on a completed ticket.'),
  seenStaff: def('Staff', 'ids', 'Seen by any of', 'A line of a completed ticket credited to one of them.', 'staff'),
  notSeenStaff: def('Staff', 'ids', 'Never seen by', 'No line of any completed ticket credited to them.', 'staff'),
  seenStaffInLastDays: def('Staff', 'idsDays', 'Seen by any of in the last days', 'A line of a completed ticket of the last N days credited to one of them.', 'staff'),
  lastSeenBy: def('Staff', 'ids', 'Last visit with any of', 'Who served the last visit (else who checked it out) is one of them.', 'staff'),
  loyaltyPoints: def('Loyalty', 'count', 'Loyalty points', 'Points held now.'),
  hasAnyTag: def('Tags', 'ids', 'Tagged with any of', 'At least one of the tags.', 'tag'),
  hasAllTags: def('Tags', 'ids', 'Tagged with all of', 'Every one of the tags.', 'tag'),
  hasNoTag: def('Tags', 'ids', 'Not tagged with', 'None of the tags.', 'tag'),
  untagged: def('Tags', 'flag', 'No tags', 'No tag at all.'),
  birthdayMonth: def('Birthday', 'months', 'Birthday in', 'The month of the birthday.'),
  birthdayThisMonth: def('Birthday', 'flag', 'Birthday this month', 'The birthday falls in the current month.'),
  birthdayWithinDays: def('Birthday', 'days', 'Birthday in the next … days', 'The birthday falls today or in the next N days (29 February only in leap years).'),
  noBirthday: def('Birthday', 'flag', 'No birthday on file', 'The birthday is not known.'),
  hasEmail: def('Contact', 'flag', 'Has an email', 'An email address is on file.'),
  noEmail: def('Contact', 'flag', 'No email', 'No email address on file.'),
  hasMobile: def('Contact', 'flag', 'Has a mobile phone', 'The phone on file is a mobile (not a walk-in placeholder).'),
  nameContains: def('Contact', 'text', 'Name contains', 'First or last name contains the text, case ignored.'),
  emailContains: def('Contact', 'text', 'Email contains', 'The email contains the text, case ignored (a domain: @example.com).'),
  addedWithinDays: def('Client', 'days', 'Added in the last … days', 'The client was created in the last N days.'),
  location: def('Client', 'ids', 'Client of', 'The client belongs to one of these locations.', 'location'),
  inSegment: def('Client', 'segment', 'In segment', 'Matches another segment of this location.'),
  notInSegment: def('Client', 'segment', 'Not in segment', 'Does not match another segment of this location.'),
} as const satisfies Record<string, ConditionDefinition>;

export type SegmentConditionKind = keyof typeof SEGMENT_CONDITIONS;
export const SEGMENT_CONDITION_KINDS = Object.keys(SEGMENT_CONDITIONS) as [SegmentConditionKind, ...SegmentConditionKind[]];

/** One condition. Which fields it needs is its kind's shape (`SEGMENT_CONDITIONS[kind].shape`). */
export interface SegmentCondition {
  type: 'condition';
  kind: SegmentConditionKind;
  op?: SegmentOp;
  value?: number;
  value2?: number;
  days?: number;
  from?: string;
  to?: string;
  months?: number[];
  ids?: number[];
  text?: string;
  segmentId?: number;
}

export interface SegmentGroup {
  type: 'group';
  match: SegmentMatch;
  children: SegmentNode[];
}

export type SegmentNode = SegmentGroup | SegmentCondition;

const idList = z.array(id).check(z.maxLength(SEGMENT_LIMITS.ids, { error: `At most ${SEGMENT_LIMITS.ids} at once` }));

/** The fields a shape needs, each checked; `null` when all is well, else the message for the first one missing. */
function conditionProblem(c: SegmentCondition): { path: string; message: string } | null {
  const shape = SEGMENT_CONDITIONS[c.kind].shape;
  const needsNumber = shape === 'count' || shape === 'money' || shape === 'windowCount' || shape === 'windowMoney';
  if (needsNumber) {
    if (c.op === undefined) return { path: 'op', message: MESSAGES.segmentConditionIncomplete };
    if (c.value === undefined) return { path: 'value', message: MESSAGES.segmentConditionIncomplete };
    if (c.op === 'between' && (c.value2 === undefined || c.value2 < c.value)) return { path: 'value2', message: MESSAGES.segmentRangeBackwards };
  }
  if ((shape === 'windowCount' || shape === 'windowMoney' || shape === 'days' || shape === 'idsDays') && c.days === undefined) {
    return { path: 'days', message: MESSAGES.segmentConditionIncomplete };
  }
  if (c.kind === 'birthdayWithinDays' && (c.days ?? 0) > SEGMENT_LIMITS.birthdayDays) return { path: 'days', message: `At most ${SEGMENT_LIMITS.birthdayDays} days` };
  if (shape === 'dateRange') {
    if (c.from === undefined || c.to === undefined) return { path: c.from === undefined ? 'from' : 'to', message: MESSAGES.segmentConditionIncomplete };
    if (c.to < c.from) return { path: 'to', message: MESSAGES.segmentRangeBackwards };
  }
  if (shape === 'months' && (c.months === undefined || c.months.length === 0)) return { path: 'months', message: MESSAGES.segmentChooseOne };
  if ((shape === 'ids' || shape === 'idsDays') && (c.ids === undefined || c.ids.length === 0)) return { path: 'ids', message: MESSAGES.segmentChooseOne };
  if (shape === 'text' && (c.text === undefined || c.text.trim() === '')) return { path: 'text', message: MESSAGES.segmentConditionIncomplete };
  if (shape === 'segment' && c.segmentId === undefined) return { path: 'segmentId', message: MESSAGES.segmentChooseOne };
  return null;
}

export const segmentCondition = z
  .object({
    type: z.literal('condition'),
    kind: z.enum(SEGMENT_CONDITION_KINDS, { error: MESSAGES.segmentUnknownCondition }),
    op: z.optional(z.enum(SEGMENT_OPS)),
    value: z.optional(boundedInt(0, 2_000_000_000)),
    value2: z.optional(boundedInt(0, 2_000_000_000)),
    days: z.optional(boundedInt(1, SEGMENT_LIMITS.days)),
    from: z.optional(day),
    to: z.optional(day),
    months: z.optional(z.array(boundedInt(1, 12)).check(z.maxLength(12))),
    ids: z.optional(idList),
    text: z.optional(text(SEGMENT_LIMITS.text, { trim: true })),
    segmentId: z.optional(id),
  })
  .check(
    z.check((ctx) => {
      const problem = conditionProblem(ctx.value as SegmentCondition);
      if (problem) ctx.issues.push({ code: 'custom', message: problem.message, input: ctx.value, path: [problem.path] });
    }),
  );

export const segmentNode: z.ZodMiniType<SegmentNode> = z.lazy(() => z.discriminatedUnion('type', [segmentCondition, segmentGroupShape])) as unknown as z.ZodMiniType<SegmentNode>;

const segmentGroupShape = z.object({
  type: z.literal('group'),
  match: z.enum(SEGMENT_MATCHES),
  children: z.array(segmentNode).check(z.maxLength(SEGMENT_LIMITS.children, { error: MESSAGES.segmentGroupTooBig })),
});

/** Nesting (the root is 1) and the number of conditions of a tree. */
export function segmentTreeSize(node: SegmentNode): { depth: number; conditions: number } {
  if (node.type === 'condition') return { depth: 0, conditions: 1 };
  let depth = 0;
  let conditions = 0;
  for (const child of node.children) {
    const size = segmentTreeSize(child);
    depth = Math.max(depth, size.depth);
    conditions += size.conditions;
  }
  return { depth: depth + 1, conditions };
}

/**
 * A segment's query: its root group, within `SEGMENT_LIMITS`. A group with no condition in it places
 * none (its parent leaves it out): an empty root matches every client of its locations.
 */
export const segmentQuery = (segmentGroupShape as unknown as z.ZodMiniType<SegmentGroup>).check(
  z.check((ctx) => {
    const size = segmentTreeSize(ctx.value);
    if (size.depth > SEGMENT_LIMITS.depth) ctx.issues.push({ code: 'custom', message: MESSAGES.segmentTooDeep, input: ctx.value });
    else if (size.conditions > SEGMENT_LIMITS.conditions) ctx.issues.push({ code: 'custom', message: MESSAGES.segmentTooManyConditions, input: ctx.value });
  }),
);
export type SegmentQuery = SegmentGroup;

/** A tree that matches every client of the segment's locations. */
export const emptySegmentQuery = (): SegmentQuery => ({ type: 'group', match: 'all', children: [] });

/**
 * A segment's members as last counted over all its locations, and when (the server counts a
 * segment again in the background once the count is older than `SEGMENT_COUNT_FRESH_MINUTES`,
 * or its tree or locations changed).
 */
export const segmentCount = z.object({ count: count, at: instant });
export type SegmentCount = z.infer<typeof segmentCount>;

/** How long a segment's count is taken as current; an older one is shown with its age and counted again. */
export const SEGMENT_COUNT_FRESH_MINUTES = 10;

/** The cache of §5: the last count computed for one location of the segment, and when. */
export const segmentCache = z.object({ businessId: id, count: count, at: instant });
export type SegmentCache = z.infer<typeof segmentCache>;

export const segmentName = text(SEGMENT_LIMITS.name, { min: 1, trim: true, tooShort: MESSAGES.segmentNameRequired });
export const segmentDescription = text(SEGMENT_LIMITS.description, { trim: true });
/** The locations a segment takes its clients from: this location or others of its network. */
export const segmentBusinessList = z.array(id).check(z.minLength(1, { error: MESSAGES.segmentChooseLocation }), z.maxLength(500));

/** A segment as the server returns it. */
export const segment = z.object({
  id,
  businessId: id,
  name: z.string(),
  description: z.string(),
  query_parameters: segmentQuery,
  last_searched: z.nullable(segmentCache),
  businessList: z.array(id),
  /** User ids with the per-user edit right (spec 001 §6). */
  editors: z.array(id),
  /** Whether the user asking may change it: users with `customer`, and its editors. */
  canEdit: z.boolean(),
  updatedAt: instant,
  /** Its members as last counted (null: not counted since its tree or locations changed). */
  counted: z._default(z.nullable(segmentCount), null),
});
export type Segment = z.infer<typeof segment>;

export const segmentList = z.array(segment);

/** `customersegment/add`: a new segment of this location; `businessList` defaults to this location. */
export const segmentInput = z.object({
  name: segmentName,
  description: z._default(segmentDescription, ''),
  query_parameters: segmentQuery,
  businessList: z.optional(segmentBusinessList),
  editors: z._default(z.array(id).check(z.maxLength(500)), () => []),
});
export type SegmentInput = z.input<typeof segmentInput>;

/** `customersegment/{id}/update`: only what it names changes (editors have their own call). */
export const segmentChanges = z
  .object({
    name: z.optional(segmentName),
    description: z.optional(segmentDescription),
    query_parameters: z.optional(segmentQuery),
    businessList: z.optional(segmentBusinessList),
  })
  .check(z.refine((v) => Object.values(v).some((x) => x !== undefined), { error: MESSAGES.nothingToChange }));
export type SegmentChanges = z.input<typeof segmentChanges>;

/** `customersegment/copy`: copies of a segment in other locations of the network. */
export const segmentCopyInput = z.object({
  id,
  businessIds: z.array(id).check(z.minLength(1, { error: MESSAGES.segmentChooseLocation }), z.maxLength(500)),
});
export const segmentCopyResult = z.object({ copies: z.array(z.object({ businessId: id, segmentId: id })) });

/** `customersegment/permission/bulkupdate`: per-user edit rights of any segments of this location, at once. */
export const segmentPermissionChanges = z.object({
  changes: z
    .array(z.object({ segmentId: id, userId: id, canEdit: z.boolean() }))
    .check(z.minLength(1, { error: MESSAGES.nothingToChange }), z.maxLength(1000)),
});
export const segmentPermissionResult = z.object({ segments: z.array(z.object({ id, editors: z.array(id) })) });

/** A user who may be named an editor: they can see this location. */
export const segmentEditorCandidate = z.object({ id, fullname: z.string(), hasCustomer: z.boolean() });

/** The live count: a tree (being edited) over its locations. `segmentId` names the segment being edited, for its editors. */
export const segmentCountInput = z.object({
  query_parameters: segmentQuery,
  businessList: z.optional(segmentBusinessList),
  segmentId: z.optional(id),
});
export const segmentCountResult = z.object({ count: count, sample: z.array(z.object({ id, name: z.string() })) });

/** The cache update of §5: both ids and a value (the count the screen saw); the server stores its own count. */
export const segmentCacheUpdate = z.object({
  segmentId: id,
  businessId: id,
  value: count,
});
