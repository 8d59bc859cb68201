import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { newStaffMember } from '../api/staff';
import { MESSAGES } from '../messages';
import { problemsByField } from '../models/inputProblems';
import { existingOrders, hexColour, recordingRandom, roster, unrelatedMember } from './staff.arb';
import { nextStaffOrder, parseStaffProperty, sameNameMembers, sortStaff, staffDisplayNames, staffMatchesFilter, staffNameKey, staffPropertyMessages } from './staff';

describe('new staff order (spec 000 §9)', () => {
  test.prop([existingOrders, recordingRandom])('is the highest order plus one plus a random number from 0 to 100', (orders, { random, calls }) => {
    const highest = Math.max(0, ...orders);
    const order = nextStaffOrder(orders, random);
    expect(calls).toEqual([[0, 100]]);
    expect(order).toBeGreaterThanOrEqual(highest + 1);
    expect(order).toBeLessThanOrEqual(highest + 101);
    expect(orders.every((o) => o < order)).toBe(true);
  });

  test.prop([existingOrders, fc.integer({ min: 0, max: 100 })])('adds exactly what the random source gave', (orders, jitter) => {
    expect(nextStaffOrder(orders, () => jitter)).toBe(Math.max(0, ...orders) + 1 + jitter);
  });

  it('starts from 1 in an empty business', () => {
    expect(nextStaffOrder([], () => 0)).toBe(1);
    expect(nextStaffOrder([], () => 100)).toBe(101);
  });

  test.prop([existingOrders, fc.oneof(fc.integer({ min: 101, max: 1000 }), fc.integer({ min: -100, max: -1 }), fc.constant(0.5))])(
    'refuses a random source that answers outside 0–100',
    (orders, bad) => {
      expect(() => nextStaffOrder(orders, () => bad)).toThrow(RangeError);
    },
  );
});

describe('staff property values', () => {
  test.prop([hexColour])('a #RRGGBB colour is stored uppercased', (colour) => {
    expect(parseStaffProperty('schedulerColor', colour)).toEqual({ ok: true, key: 'schedulerColor', value: colour.toUpperCase() });
  });

  test.prop([fc.string().filter((s) => !/^#[0-9A-Fa-f]{6}$/.test(s))])('anything else is not a colour', (text) => {
    expect(parseStaffProperty('schedulerColor', text)).toEqual({ ok: false, message: MESSAGES.invalidSchedulerColor });
  });

  it('checks each key with its own rule', () => {
    expect(parseStaffProperty('username', ' jo.smith ')).toMatchObject({ ok: true, value: 'jo.smith' });
    expect(parseStaffProperty('username', 'a b')).toEqual({ ok: false, message: MESSAGES.invalidStaffUsername });
    expect(parseStaffProperty('name', '   ')).toEqual({ ok: false, message: MESSAGES.staffNameRequired });
    expect(parseStaffProperty('nickname', '  ')).toMatchObject({ ok: true, value: null });
    expect(parseStaffProperty('status', 'INACTIVE')).toMatchObject({ ok: true, value: 'INACTIVE' });
    expect(parseStaffProperty('status', 'GONE')).toEqual({ ok: false, message: MESSAGES.invalidStaffStatus });
    expect(parseStaffProperty('visible_in_appointment', 'false')).toMatchObject({ ok: true, value: false });
    expect(parseStaffProperty('visible_in_appointment', 'maybe')).toEqual({ ok: false, message: MESSAGES.mustBeTrueOrFalse });
    expect(parseStaffProperty('name', 42)).toEqual({ ok: false, message: MESSAGES.mustBeText });
    expect(parseStaffProperty('order', 3)).toEqual({ ok: false, message: MESSAGES.unknownStaffProperty });
    expect(parseStaffProperty('__proto__', 3)).toEqual({ ok: false, message: MESSAGES.unknownStaffProperty });
  });

  it('names the toasts of each key (spec 000 §8)', () => {
    expect(staffPropertyMessages('username')).toEqual({ success: MESSAGES.usernameUpdated, error: MESSAGES.failedToUpdateUsername });
    expect(staffPropertyMessages('visible_in_appointment').error).toBe(MESSAGES.failedToUpdateAppointmentVisibility);
    expect(staffPropertyMessages('schedulerColor').success).toBe(MESSAGES.staffColorAssigned);
    expect(staffPropertyMessages('name')).toEqual({ success: MESSAGES.employeeUpdated, error: MESSAGES.failedToUpdateEmployee });
  });
});

describe('staff list filters', () => {
  const member = fc.record({ status: fc.constantFrom('ACTIVE', 'INACTIVE'), deleted: fc.boolean() });
  test.prop([member])('every member is under exactly one filter', (m) => {
    const under = (['active', 'inactive', 'deleted'] as const).filter((f) => staffMatchesFilter(m, f));
    expect(under).toEqual([m.deleted ? 'deleted' : m.status === 'ACTIVE' ? 'active' : 'inactive']);
  });

  test.prop([fc.array(fc.record({ id: fc.integer({ min: 1 }), order: fc.integer(), name: fc.string() }))])('sorts by order, never losing a member', (list) => {
    const sorted = sortStaff(list);
    expect(sorted).toHaveLength(list.length);
    for (let i = 1; i < sorted.length; i++) expect((sorted[i - 1]?.order ?? 0) <= (sorted[i]?.order ?? 0)).toBe(true);
  });
});

describe('display names (unique within a business)', () => {
  const member = (id: number, full_name: string, name = full_name.split(' ')[0] ?? full_name, nickname: string | null = null) => ({ id, name, nickname, full_name });
  const namesOf = (list: Parameters<typeof staffDisplayNames>[0]) => Object.fromEntries(staffDisplayNames(list));

  it('is the full name; namesakes are told apart by nickname (or first name) and surname initial, then by id', () => {
    expect(namesOf([member(1, 'Maya Patel'), member(2, 'Maya Khan'), member(3, 'Ava Bennett')])).toEqual({ 1: 'Maya Patel', 2: 'Maya Khan', 3: 'Ava Bennett' });
    expect(namesOf([member(1, 'Maya Patel', 'Maya', 'Mo'), member(2, 'Maya  patel', 'Maya'), member(3, 'Ava Bennett')])).toEqual({ 1: 'Mo P.', 2: 'Maya P.', 3: 'Ava Bennett' });
    expect(namesOf([member(4, 'Maya Patel'), member(9, 'Maya Patel')])).toEqual({ 4: 'Maya Patel #4', 9: 'Maya Patel #9' });
    // Someone is already called what the second step would give: the id decides.
    expect(namesOf([member(1, 'Maya Patel'), member(2, 'Maya Patel'), member(3, 'Maya P.')])).toEqual({ 1: 'Maya Patel #1', 2: 'Maya Patel #2', 3: 'Maya P.' });
    // ...and what the third step would give.
    expect(namesOf([member(1, 'Maya Patel'), member(2, 'Maya Patel'), member(3, 'Maya Patel #1')])).toEqual({ 1: 'Maya Patel #1 #1', 2: 'Maya Patel #2', 3: 'Maya Patel #1' });
  });

  it('keeps a member\'s name when a namesake of somebody else joins', () => {
    const before = namesOf([member(1, 'Maya Patel'), member(2, 'Ava Bennett')]);
    const after = namesOf([member(1, 'Maya Patel'), member(2, 'Ava Bennett'), member(3, 'Ava Bennett', 'Ava', 'Avi')]);
    expect(after[1]).toBe(before[1]);
    expect([after[2], after[3]]).toEqual(['Ava B.', 'Avi B.']);
  });

  test.prop([roster()])('every member has a name, and no two members have the same (by spacing, case or width)', (list) => {
    const names = staffDisplayNames(list);
    expect([...names.keys()].sort((a, b) => a - b)).toEqual(list.map((m) => m.id).sort((a, b) => a - b));
    const keys = [...names.values()].map(staffNameKey);
    expect(keys.every((k) => k !== '')).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test.prop([roster().chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })))])(
    'does not depend on the roster\'s order',
    ([list, shuffled]) => {
      expect(staffDisplayNames(shuffled)).toEqual(staffDisplayNames(list));
    },
  );

  test.prop([roster(), unrelatedMember])('adding or removing a member whose names collide with none leaves every other name as it was', (list, newcomer) => {
    const before = staffDisplayNames(list);
    const after = staffDisplayNames([...list, newcomer]);
    for (const m of list) expect(after.get(m.id)).toBe(before.get(m.id));
  });

  test.prop([roster(), unrelatedMember, unrelatedMember])('renaming a member to a name that collides with none leaves every other name as it was', (list, first, renamed) => {
    const before = staffDisplayNames([...list, first]);
    const after = staffDisplayNames([...list, { ...renamed, id: first.id }]);
    for (const m of list) expect(after.get(m.id)).toBe(before.get(m.id));
  });

  // A member without a full name is shown first by their first name, so that name counts too:
  // a "Maya P." with no full name and a "MAYA P." by full name collide (seed -1936562331). One with
  // neither is shown first by their nickname: " SAM " and a full name "Sam" collide (seed 847037752).
  test.prop([roster()])('a member whose full name no one else has (as a full name, or as the first name or nickname shown for want of one) is shown by it', (list) => {
    const names = staffDisplayNames(list);
    const firstChoice = (o: (typeof list)[number]) => staffNameKey(o.full_name) || staffNameKey(o.name) || staffNameKey(o.nickname ?? '');
    for (const m of list) {
      const full = m.full_name.replace(/\s+/gu, ' ').trim();
      if (full !== '' && list.every((o) => o.id === m.id || firstChoice(o) !== staffNameKey(full))) expect(names.get(m.id)).toBe(full);
    }
  });

  it('a full name that is another member\'s first name, shown for want of a full name, is told apart', () => {
    const names = staffDisplayNames([
      { id: 127, name: 'Maya', nickname: null, full_name: ' MAYA P. ' },
      { id: 457, name: 'Maya P.', nickname: null, full_name: '' },
    ]);
    expect(new Set([...names.values()].map(staffNameKey)).size).toBe(2);
  });
});

describe('same-name warning when adding a member', () => {
  const staff = [
    { id: 1, name: 'Maya', full_name: 'Maya Patel' },
    { id: 2, name: 'Ava', full_name: 'Ava Bennett' },
  ];
  it('finds members with the same first name or the same full name, ignoring case and spacing', () => {
    expect(sameNameMembers(staff, { name: ' maya ', full_name: 'Maya Khan' }).map((m) => m.id)).toEqual([1]);
    expect(sameNameMembers(staff, { name: 'Avi', full_name: 'ava  bennett' }).map((m) => m.id)).toEqual([2]);
    expect(sameNameMembers(staff, { name: 'Noah', full_name: 'Noah Diaz' })).toEqual([]);
  });
});

describe('the add-staff form checks itself with the request schema', () => {
  it('names the first problem of each field, as the server would', () => {
    const parsed = newStaffMember.safeParse({ name: '  ', full_name: 'x'.repeat(121), username: 'a b', schedulerColor: '#60A5FA' });
    expect(parsed.success).toBe(false);
    expect(problemsByField(parsed.error?.issues ?? [])).toEqual({ name: MESSAGES.staffNameRequired, full_name: MESSAGES.staffNameTooLong, username: MESSAGES.invalidStaffUsername });
    expect(newStaffMember.safeParse({ name: 'Maya', full_name: 'Maya Khan', username: null }).success).toBe(true);
  });

  test.prop([fc.array(fc.record({ path: fc.array(fc.constantFrom('name', 'full_name', 0), { maxLength: 2 }), message: fc.string() }))])('keeps the first message of each field', (problems) => {
    const byField = problemsByField(problems);
    for (const problem of problems) expect(Object.hasOwn(byField, String(problem.path[0] ?? ''))).toBe(true);
    for (const [field, message] of Object.entries(byField)) expect(problems.find((p) => String(p.path[0] ?? '') === field)?.message).toBe(message);
  });
});
