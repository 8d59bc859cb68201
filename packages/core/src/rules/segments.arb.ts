import { fc } from '@fast-check/vitest';
import {
  SEGMENT_CONDITION_KINDS,
  SEGMENT_CONDITIONS,
  SEGMENT_MATCHES,
  SEGMENT_OPS,
  type SegmentCondition,
  type SegmentConditionKind,
  type SegmentEntity,
  type SegmentGroup,
  type SegmentNode,
} from '../models/segments';
import { LINE_KIND } from '../models/lineKind';
import { addDays } from './scheduleTime';
import type { SegmentClient, SegmentClientLine, SegmentClientTicket } from './segments';

/** What random trees and clients draw their ids from: a location's catalogue, staff, the network's tags and locations. */
export interface SegmentPools {
  services: readonly { id: number; categoryId: number }[];
  products: readonly { id: number; categoryId: number }[];
  staff: readonly number[];
  tags: readonly number[];
  locations: readonly number[];
  /** Other segments a tree may include (`inSegment`); none by default. */
  segments?: readonly number[];
}

export const TEST_TODAY = '2026-03-15';

/** A small fixed world for the in-memory tests. */
export const SMALL_POOLS: SegmentPools = {
  services: [
    { id: 1, categoryId: 101 },
    { id: 2, categoryId: 101 },
    { id: 3, categoryId: 102 },
  ],
  products: [
    { id: 11, categoryId: 103 },
    { id: 12, categoryId: 103 },
  ],
  staff: [21, 22, 23],
  tags: [31, 32, 33],
  locations: [1, 2],
};

/** A day from about 15 months before `today` to `today`. */
const dayArb = (today: string) => fc.integer({ min: 0, max: 460 }).map((n) => addDays(today, -n));

const idsOf = (entity: SegmentEntity, pools: SegmentPools): number[] => {
  switch (entity) {
    case 'service':
      return pools.services.map((s) => s.id);
    case 'product':
      return pools.products.map((p) => p.id);
    case 'category':
      return [...new Set([...pools.services, ...pools.products].map((x) => x.categoryId))];
    case 'staff':
      return [...pools.staff];
    case 'tag':
      return [...pools.tags];
    case 'location':
      return [...pools.locations];
  }
};

/** A complete condition of `kind`, with numbers near the values clients hold so both answers occur. */
export function conditionArb(kind: SegmentConditionKind, pools: SegmentPools, today = TEST_TODAY): fc.Arbitrary<SegmentCondition> {
  const definition = SEGMENT_CONDITIONS[kind];
  const base = { type: 'condition' as const, kind };
  const money = definition.shape === 'money' || definition.shape === 'windowMoney';
  const valueArb = money ? fc.integer({ min: 0, max: 40_000 }).map((v) => Math.round(v / 500) * 500) : fc.integer({ min: 0, max: 6 });
  const compare = fc.record({ op: fc.constantFrom(...SEGMENT_OPS), value: valueArb, spread: valueArb }).map(({ op, value, spread }) =>
    op === 'between' ? { op, value, value2: value + spread } : { op, value },
  );
  const days = fc.integer({ min: 1, max: kind === 'birthdayWithinDays' ? 120 : 420 });
  const ids = (entity: SegmentEntity) => {
    const pool = idsOf(entity, pools);
    return pool.length === 0 ? fc.constant<number[]>([1]) : fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: Math.min(3, pool.length) });
  };
  switch (definition.shape) {
    case 'count':
    case 'money':
      return compare.map((c) => ({ ...base, ...c }));
    case 'windowCount':
    case 'windowMoney':
      return fc.tuple(compare, days).map(([c, d]) => ({ ...base, ...c, days: d }));
    case 'days':
      return days.map((d) => ({ ...base, days: d }));
    case 'dateRange':
      return fc.tuple(dayArb(today), fc.integer({ min: 0, max: 200 })).map(([from, span]) => ({ ...base, from, to: addDays(from, span) > today ? today : addDays(from, span) }));
    case 'months':
      return fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }).map((months) => ({ ...base, months }));
    case 'ids':
      return ids(definition.entity as SegmentEntity).map((list) => ({ ...base, ids: list }));
    case 'idsDays':
      return fc.tuple(ids(definition.entity as SegmentEntity), days).map(([list, d]) => ({ ...base, ids: list, days: d }));
    case 'flag':
      return fc.constant(base);
    case 'text':
      return fc.constantFrom('an', 'Li', 'o', '@example.com', 'ZZ', "o'", '%', '_').map((text) => ({ ...base, text }));
    case 'segment':
      return pools.segments && pools.segments.length > 0 ? fc.constantFrom(...pools.segments).map((segmentId) => ({ ...base, segmentId })) : fc.constant({ ...base, kind: 'neverVisited' as const });
  }
}

/** Any condition the pools allow (segment references only when `pools.segments` names some). */
export const anyConditionArb = (pools: SegmentPools, today = TEST_TODAY): fc.Arbitrary<SegmentCondition> =>
  fc.constantFrom(...SEGMENT_CONDITION_KINDS.filter((k) => SEGMENT_CONDITIONS[k].shape !== 'segment' || (pools.segments?.length ?? 0) > 0)).chain((kind) => conditionArb(kind, pools, today));

/** A tree within the limits: groups nested up to `depth`, a few children each. */
export function segmentTreeArb(pools: SegmentPools, today = TEST_TODAY, depth = 3): fc.Arbitrary<SegmentGroup> {
  const { tree } = fc.letrec<{ tree: SegmentGroup; node: SegmentNode }>((tie) => ({
    tree: fc.record({ type: fc.constant('group' as const), match: fc.constantFrom(...SEGMENT_MATCHES), children: fc.array(tie('node'), { maxLength: 3 }) }),
    node: fc.oneof({ depthSize: 'small', maxDepth: depth - 1, withCrossShrink: true }, anyConditionArb(pools, today), tie('tree')),
  }));
  return tree;
}

const lineArb = (pools: SegmentPools): fc.Arbitrary<SegmentClientLine> => {
  const staffArb = fc.option(fc.constantFrom(...pools.staff), { nil: null, freq: 6 });
  const total = fc.integer({ min: 0, max: 12_000 }).map((v) => Math.round(v / 100) * 100);
  const service = fc.record({ item: fc.constantFrom(...pools.services), staffId: staffArb, total }).map(
    ({ item, staffId, total }): SegmentClientLine => ({ kind: LINE_KIND.SERVICE, serviceId: item.id, productId: null, categoryId: item.categoryId, staffId, total }),
  );
  const product = fc.record({ item: fc.constantFrom(...pools.products), staffId: staffArb, total }).map(
    ({ item, staffId, total }): SegmentClientLine => ({ kind: LINE_KIND.PRODUCT, serviceId: null, productId: item.id, categoryId: item.categoryId, staffId, total }),
  );
  return fc.oneof({ weight: 3, arbitrary: service }, { weight: 1, arbitrary: product });
};

const ticketArb = (pools: SegmentPools, today: string): fc.Arbitrary<SegmentClientTicket> =>
  fc.record({
    day: dayArb(today),
    tip: fc.constantFrom(0, 0, 500, 1000, 2000),
    servicedBy: fc.option(fc.constantFrom(...pools.staff), { nil: null, freq: 5 }),
    lines: fc.array(lineArb(pools), { maxLength: 3 }),
  });

const birthdayArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('1992-02-29', '1980-03-15', '1990-03-16', '1985-12-31', '2000-01-01', '1975-04-10') },
  { weight: 3, arbitrary: fc.record({ y: fc.integer({ min: 1950, max: 2005 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) }).map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`) },
);

/** Clients of the pools' locations with ids `1…n` (callers renumber them as the database does). */
export function segmentClientsArb(pools: SegmentPools, today = TEST_TODAY, maxClients = 25): fc.Arbitrary<SegmentClient[]> {
  const client = fc.record({
    businessId: fc.constantFrom(...pools.locations),
    /** One client in ten is erased or merged. */
    inactive: fc.integer({ min: 0, max: 9 }),
    firstname: fc.option(fc.constantFrom('Ana', 'Liam', 'Olivia', 'Noah', 'Mia', "O'Neil", 'Zoë', 'li'), { nil: null, freq: 8 }),
    lastname: fc.option(fc.constantFrom('Li', 'Moreno', 'Khan', 'Smith', 'Anders', '100%_real'), { nil: null, freq: 8 }),
    email: fc.oneof(fc.constant(null), fc.constant(''), fc.constantFrom('ana@example.com', 'liam@mail.test', 'o.k@EXAMPLE.com', 'zz@zz.zz')),
    phoneType: fc.constantFrom('MOBILE', 'MOBILE', 'TEMP', 'HOME'),
    birthday: birthdayArb,
    loyaltyPoints: fc.integer({ min: 0, max: 8 }),
    createdDay: dayArb(today),
    tagIds: pools.tags.length === 0 ? fc.constant<number[]>([]) : fc.uniqueArray(fc.constantFrom(...pools.tags), { maxLength: pools.tags.length }),
    tickets: fc.array(ticketArb(pools, today), { maxLength: 6 }),
  });
  return fc.array(client, { maxLength: maxClients }).map((rows) =>
    rows.map(({ inactive, ...row }, i) => ({ ...row, id: i + 1, active: inactive !== 0 })),
  );
}
