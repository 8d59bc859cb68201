import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { existingOrders, hexColour, recordingRandom } from './staff.arb';
import { nextStaffOrder, parseStaffProperty, sortStaff, staffMatchesFilter, staffPropertyMessages } from './staff';

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
