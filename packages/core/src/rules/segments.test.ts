import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { SEGMENT_CONDITION_KINDS, SEGMENT_CONDITIONS, SEGMENT_LIMITS, segmentQuery, type SegmentGroup, type SegmentNode, type SegmentQuery } from '../models/segments';
import { userCan } from './acl';
import { anyConditionArb, conditionArb, SMALL_POOLS, segmentClientsArb, segmentTreeArb, TEST_TODAY } from './segments.arb';
import {
  birthdayDays,
  canEditSegment,
  compileSegment,
  evaluateSegment,
  inlineSegmentReferences,
  isEmptySegmentGroup,
  mapSegmentIds,
  type SegmentContext,
  SegmentReferenceError,
  segmentReferences,
} from './segments';

const ctx: SegmentContext = { businessIds: [1, 2], today: TEST_TODAY, timeZone: 'America/Los_Angeles' };
const group = (match: SegmentGroup['match'], children: SegmentNode[]): SegmentGroup => ({ type: 'group', match, children });

describe('segment trees', () => {
  it('offers at least 30 condition kinds, each labelled and explained', () => {
    expect(SEGMENT_CONDITION_KINDS.length).toBeGreaterThanOrEqual(30);
    for (const kind of SEGMENT_CONDITION_KINDS) {
      expect(SEGMENT_CONDITIONS[kind].label.length, kind).toBeGreaterThan(0);
      expect(SEGMENT_CONDITIONS[kind].meaning.length, kind).toBeGreaterThan(0);
    }
  });

  test.prop([segmentTreeArb(SMALL_POOLS)])('a generated tree within the limits is accepted as it is', (tree) => {
    const parsed = z.safeParse(segmentQuery, tree);
    expect(parsed.success).toBe(true);
  });

  test.prop([fc.constantFrom(...SEGMENT_CONDITION_KINDS).filter((k) => SEGMENT_CONDITIONS[k].shape !== 'flag')])(
    'a condition without its inputs is refused with the field to complete',
    (kind) => {
      const parsed = z.safeParse(segmentQuery, group('all', [{ type: 'condition', kind }]));
      expect(parsed.success).toBe(false);
      const messages = parsed.error?.issues.map((i) => i.message) ?? [];
      expect(messages.some((m) => m === MESSAGES.segmentConditionIncomplete || m === MESSAGES.segmentChooseOne)).toBe(true);
    },
  );

  it('refuses a tree nested too deep or with too many conditions, and a backwards range', () => {
    let deep: SegmentGroup = group('all', [{ type: 'condition', kind: 'hasEmail' }]);
    for (let i = 0; i < SEGMENT_LIMITS.depth; i++) deep = group('any', [deep]);
    expect(z.safeParse(segmentQuery, deep).error?.issues[0]?.message).toBe(MESSAGES.segmentTooDeep);
    const wide = group('all', Array.from({ length: 3 }, () => group('any', Array.from({ length: 15 }, () => ({ type: 'condition' as const, kind: 'hasEmail' as const })))));
    expect(z.safeParse(segmentQuery, wide).error?.issues[0]?.message).toBe(MESSAGES.segmentTooManyConditions);
    const backwards = group('all', [{ type: 'condition', kind: 'visits', op: 'between', value: 5, value2: 2 }]);
    expect(z.safeParse(segmentQuery, backwards).error?.issues[0]?.message).toBe(MESSAGES.segmentRangeBackwards);
  });
});

describe('compiling a tree to SQL', () => {
  test.prop([segmentTreeArb(SMALL_POOLS)])('never writes a value into the text: every number, day, list and text is a numbered parameter', (tree) => {
    const { text, values } = compileSegment(tree, ctx);
    const used = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    expect(new Set(used)).toEqual(new Set(values.map((_, i) => i + 1)));
    // Only the module's own words: no quote but those of its fixed literals.
    const literals = [...text.matchAll(/'([^']*)'/g)].map((m) => m[1]);
    expect(new Set(literals)).toSatisfy((set: Set<string>) => [...set].every((l) => ['CHECKOUT', 'service', 'product', 'MOBILE', '', ' ', 'MM-DD'].includes(l as string)));
  });

  test.prop([fc.constantFrom("o'; drop table customers; --", 'x$9y', '%_', 'Robert"); --')])('text typed by a person only ever travels as a parameter', (text) => {
    const { text: sql, values } = compileSegment(group('any', [{ type: 'condition', kind: 'nameContains', text }, { type: 'condition', kind: 'emailContains', text }]), ctx);
    expect(sql).not.toContain(text);
    expect(values).toContain(text);
  });

  it('takes the locations as the first parameter', () => {
    const { values } = compileSegment(group('all', []), { ...ctx, businessIds: [2, 1, 2] });
    expect(values[0]).toEqual([2, 1]);
  });
});

describe('evaluating a tree in memory', () => {
  test.prop([segmentTreeArb(SMALL_POOLS), segmentClientsArb(SMALL_POOLS)])('"none of" is the complement of "any of" among the active clients of the locations', (tree, clients) => {
    fc.pre(!isEmptySegmentGroup(tree));
    const anyOf = evaluateSegment(group('any', tree.children), clients, ctx);
    const noneOf = evaluateSegment(group('none', tree.children), clients, ctx);
    const everyone = evaluateSegment(group('all', []), clients, ctx);
    expect([...anyOf, ...noneOf].sort((a, b) => a - b)).toEqual(everyone);
  });

  test.prop([segmentTreeArb(SMALL_POOLS), fc.constantFrom<SegmentGroup['match']>('all', 'any', 'none'), fc.nat(3), segmentClientsArb(SMALL_POOLS)])(
    'a group with no condition in it changes nothing, wherever it is put (a group just added does not empty the segment)',
    (tree, match, at, clients) => {
      const empty = group(match, at % 2 === 0 ? [] : [group('any', [])]);
      const withEmpty = group(tree.match, [...tree.children.slice(0, at), empty, ...tree.children.slice(at)]);
      expect(isEmptySegmentGroup(empty)).toBe(true);
      expect(evaluateSegment(withEmpty, clients, ctx)).toEqual(evaluateSegment(tree, clients, ctx));
      expect(compileSegment(withEmpty, ctx)).toEqual(compileSegment(tree, ctx));
    },
  );

  it('an empty group, or a root of empty groups, matches every client; an empty segment included by reference too', () => {
    const clients = fc.sample(segmentClientsArb(SMALL_POOLS), { numRuns: 1, seed: 7 })[0] ?? [];
    const everyone = evaluateSegment(group('all', []), clients, ctx);
    for (const match of ['all', 'any', 'none'] as const) expect(evaluateSegment(group(match, [group('any', [])]), clients, ctx)).toEqual(everyone);
    const resolve = (id: number) => (id === 7 ? group('any', []) : null);
    const inSeg = group('any', [{ type: 'condition', kind: 'inSegment', segmentId: 7 }, { type: 'condition', kind: 'neverVisited' }]);
    const notInSeg = group('all', [{ type: 'condition', kind: 'notInSegment', segmentId: 7 }]);
    expect(evaluateSegment(inSeg, clients, { ...ctx, resolve })).toEqual(everyone);
    expect(evaluateSegment(notInSeg, clients, { ...ctx, resolve })).toEqual([]);
    // Written in place (a copy to another location), it holds the same clients.
    expect(evaluateSegment(inlineSegmentReferences(inSeg, resolve), clients, ctx)).toEqual(everyone);
    expect(evaluateSegment(inlineSegmentReferences(notInSeg, resolve), clients, ctx)).toEqual([]);
  });

  test.prop([segmentTreeArb(SMALL_POOLS), segmentTreeArb(SMALL_POOLS), segmentClientsArb(SMALL_POOLS)])('all of two trees is the clients both hold', (a, b, clients) => {
    const both = evaluateSegment(group('all', [a, b]), clients, ctx);
    const inB = new Set(evaluateSegment(b, clients, ctx));
    expect(both).toEqual(evaluateSegment(a, clients, ctx).filter((id) => inB.has(id)));
  });

  test.prop([segmentClientsArb(SMALL_POOLS)])('an erased or merged client, or one of another location, is in no segment', (clients) => {
    const ids = evaluateSegment(group('all', []), clients, { ...ctx, businessIds: [1] });
    expect(ids).toEqual(clients.filter((c) => c.active && c.businessId === 1).map((c) => c.id));
  });

  test.prop([anyConditionArb(SMALL_POOLS), segmentClientsArb(SMALL_POOLS)])('a segment included by reference holds the same clients as its tree written in place', (condition, clients) => {
    const referenced: SegmentQuery = group('any', [condition]);
    const resolve = (id: number) => (id === 7 ? referenced : null);
    const withRef = group('all', [{ type: 'condition', kind: 'notInSegment', segmentId: 7 }]);
    const inlined = inlineSegmentReferences(withRef, resolve);
    expect(segmentReferences(inlined)).toEqual([]);
    expect(evaluateSegment(inlined, clients, ctx)).toEqual(evaluateSegment(withRef, clients, { ...ctx, resolve }));
    expect(evaluateSegment(inlined, clients, ctx)).toEqual(evaluateSegment(group('none', [referenced]), clients, ctx));
  });

  it('refuses a segment that includes itself, directly or through another', () => {
    const a = group('all', [{ type: 'condition', kind: 'inSegment', segmentId: 2 }]);
    const b = group('all', [{ type: 'condition', kind: 'inSegment', segmentId: 1 }]);
    const resolve = (id: number) => (id === 1 ? a : id === 2 ? b : null);
    expect(() => compileSegment(a, { ...ctx, resolve }, 1)).toThrow(SegmentReferenceError);
    expect(() => evaluateSegment(a, [], { ...ctx, resolve }, 1)).not.toThrow(); // no client, nothing evaluated
    expect(() => compileSegment(group('all', [{ type: 'condition', kind: 'inSegment', segmentId: 9 }]), { ...ctx, resolve })).toThrow(/does not exist/);
  });

  test.prop([segmentTreeArb(SMALL_POOLS), segmentClientsArb(SMALL_POOLS)])('mapping ids through the identity changes nothing', (tree, clients) => {
    const identity = (ids: number[]) => new Map(ids.map((i) => [i, i]));
    const mapped = mapSegmentIds(tree, {
      service: identity(SMALL_POOLS.services.map((s) => s.id)),
      product: identity(SMALL_POOLS.products.map((p) => p.id)),
      category: identity([101, 102, 103]),
      staff: identity([...SMALL_POOLS.staff]),
    });
    expect(mapped.missing).toEqual([]);
    expect(evaluateSegment(mapped.tree, clients, ctx)).toEqual(evaluateSegment(tree, clients, ctx));
  });

  it('reports what has no counterpart in the other location', () => {
    const tree = group('all', [{ type: 'condition', kind: 'boughtService', ids: [1, 2] }]);
    expect(mapSegmentIds(tree, { service: new Map([[1, 5]]) })).toEqual({
      tree: group('all', [{ type: 'condition', kind: 'boughtService', ids: [5, 2] }]),
      missing: [{ entity: 'service', id: 2 }],
    });
  });

  it('counts a 29 February birthday only in a leap year', () => {
    expect(birthdayDays('2028-02-27', 3)).toContain('02-29');
    expect(birthdayDays('2027-02-27', 3)).not.toContain('02-29');
    expect(birthdayDays('2026-12-30', 3)).toEqual(['12-30', '12-31', '01-01', '01-02']);
  });

  it('lapsed 90 days: visited, but not since the window opened', () => {
    const lapsed = group('all', [{ type: 'condition', kind: 'lastVisitMoreThanDaysAgo', days: 90 }]);
    const client = (id: number, days: string[]) => ({
      id, businessId: 1, active: true, firstname: null, lastname: null, email: null, phoneType: 'MOBILE', birthday: null, loyaltyPoints: 0, createdDay: '2025-01-01', tagIds: [],
      tickets: days.map((day) => ({ day, tip: 0, servicedBy: null, lines: [] })),
    });
    const clients = [client(1, ['2025-12-14']), client(2, ['2025-12-15']), client(3, []), client(4, ['2025-01-01', '2026-03-01'])];
    expect(evaluateSegment(lapsed, clients, ctx)).toEqual([1]);
  });
});

describe('who may change a segment', () => {
  const user = (id: number, blocks: string[]) => ({ id, role: 'STAFF', acl: { blocks, units: {}, restrictions: [], multiLocation: false, custom: [] } });
  test.prop([fc.integer({ min: 1, max: 20 }), fc.uniqueArray(fc.integer({ min: 1, max: 20 })), fc.boolean()])('only its editors and users with customer', (id, editors, withCustomer) => {
    const u = user(id, withCustomer ? ['customer'] : []);
    expect(canEditSegment(u, { editors })).toBe(userCan(u, 'customer') || editors.includes(id));
  });
  it('admins may change any', () => {
    expect(canEditSegment({ id: 1, role: 'ADMIN', acl: user(1, []).acl }, { editors: [] })).toBe(true);
  });
});

// Kinds exercised by the arbitraries (a new kind without an arbitrary would go untested).
it('every condition kind has an arbitrary', () => {
  for (const kind of SEGMENT_CONDITION_KINDS) {
    expect(() => fc.sample(conditionArb(kind, { ...SMALL_POOLS, segments: [1] }), 1), kind).not.toThrow();
  }
});
