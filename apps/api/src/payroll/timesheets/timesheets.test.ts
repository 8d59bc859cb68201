import { type ApiError, entryInstants, MESSAGES, type SalondeskClient, TIMESHEET_RANGE_MAX_DAYS, timesheetClosedPeriod, timesheetOtherDay } from '@salondesk/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../../test/harness';
import { payrollSettingsTable, timesheetActivity, timesheets } from '../schema';

/**
 * The timesheet calls over real HTTP (spec 001 §7 Timesheets), on days of 2031 that the demo
 * leaves alone, with the server's clock set to 2031-03-10 20:00 UTC so "the future" is fixed.
 */
const LA = 1;
const NY = 2;
const ZONE = 'America/Los_Angeles';
const clock = { now: new Date('2031-03-10T20:00:00Z') };
/** A wall-clock time of Los Angeles, `2031-03-03T09:02:00`, as an instant. */
const at = (wall: string) => entryInstants(wall.slice(0, 10), wall.slice(11, 16), wall.slice(11, 16), ZONE).start.toISOString();
const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as ApiError);

let server: TestServer;
let owner: SalondeskClient;
let manager: SalondeskClient;
let la: number[];
let nyStaff: number;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock.now });
  owner = (await signedIn(server, 'owner')).client;
  manager = (await signedIn(server, 'manager')).client;
  const ids = async (business: number) =>
    (await server.database.db.execute<{ id: number }>(sql`select id from staff where business_id = ${business} and status = 'ACTIVE' and deleted_at is null order by id`)).rows.map((r) => r.id);
  // The demo's slots are clocked in up to the real today, some still open; this file's clock is in 2031, where they would be open for years.
  await server.database.db.delete(timesheets).where(sql`${timesheets.business_id} in (${LA}, ${NY})`);
  // The demo's payroll settings (a break rule, a closed period) are set per test here instead.
  await server.database.db.delete(payrollSettingsTable).where(sql`${payrollSettingsTable.business_id} in (${LA}, ${NY})`);
  la = await ids(LA);
  nyStaff = (await ids(NY))[0] as number;
});
afterAll(() => server.close());

/** Everything of a day that a refused request must leave as it was: its slots and the activity. */
async function stateOf(business: number, day: string) {
  const db = server.database.db;
  const slots = await db.select().from(timesheets).where(and(eq(timesheets.business_id, business), eq(timesheets.day, day))).orderBy(timesheets.id);
  const [activity] = await db.select({ n: sql<number>`count(*)::int` }).from(timesheetActivity).where(eq(timesheetActivity.business_id, business));
  return { slots, activity: activity?.n };
}

describe('timesheets (a range)', () => {
  it('needs the Payroll permission and a range of at most 62 days in order', async () => {
    await expect(manager.timesheets.list(LA, '2031-03-01', '2031-03-07')).rejects.toMatchObject({ status: 403, message: MESSAGES.noBusinessPermission });
    await expect(owner.timesheets.list(NY + 10, '2031-03-01', '2031-03-07')).rejects.toMatchObject({ status: 403 });
    await expect(owner.timesheets.list(LA, '2031-03-07', '2031-03-01')).rejects.toMatchObject({ status: 400 });
    await expect(owner.timesheets.list(LA, '2031-01-01', '2031-03-05')).rejects.toMatchObject({ status: 400, message: `A report covers at most ${TIMESHEET_RANGE_MAX_DAYS} days.` });
    expect((await rawRequest(server, `/protected/business/${LA}/timesheets?start=2031-03-01&end=2031-03-02`)).status).toBe(401);
  });

  it('lists the slots of the range by their business-zone day, with hours computed and staff by display name', async () => {
    const employee = la[0] as number;
    await owner.timesheets.updateAll(LA, '2031-02-03', {
      reason: 'Paper timesheet entered',
      slots: [
        { employee_id: employee, clockin_at: at('2031-02-03T09:00:00'), clockout_at: at('2031-02-03T13:30:00') },
        { employee_id: employee, clockin_at: at('2031-02-03T14:00:00'), clockout_at: at('2031-02-03T23:15:00') },
      ],
    });
    const range = await owner.timesheets.list(LA, '2031-02-01', '2031-02-07');
    expect(range).toMatchObject({ start: '2031-02-01', end: '2031-02-07', today: '2031-03-10', timezone: ZONE, lastPayoutStartDate: null });
    expect(range.breakSettings).toEqual({ breakMinutes: null, breakThresholdHours: null });
    const names = await server.database.db.execute<{ name: string }>(sql`select name from staff where id = ${employee}`);
    expect(range.slots.map((s) => [s.day, s.hours, s.original_hours, s.payroll_hours, s.is_modified, s.status, s.source])).toEqual([
      ['2031-02-03', 4.5, 4.5, 4.5, false, 'OUT', 'manager'],
      ['2031-02-03', 9.25, 9.25, 9.25, false, 'OUT', 'manager'],
    ]);
    expect(range.slots[0]?.employee_name.startsWith(names.rows[0]?.name ?? '?')).toBe(true);
    expect(range.staff.some((s) => s.id === employee && s.name === range.slots[0]?.employee_name && s.active)).toBe(true);
  });

  it('counts a slot across the autumn change in Los Angeles by the real hours', async () => {
    const employee = la[1] as number;
    await owner.timesheets.updateAll(LA, '2030-11-02', {
      reason: 'Inventory night',
      slots: [{ employee_id: employee, clockin_at: at('2030-11-02T20:00:00'), clockout_at: at('2030-11-03T06:00:00') }],
    });
    const range = await owner.timesheets.list(LA, '2030-11-02', '2030-11-03');
    expect(range.slots.map((s) => [s.day, s.hours])).toEqual([['2030-11-02', 11]]);
  });
});

describe('ts/updateall/{date}', () => {
  const day = '2031-03-03';

  it('adds, corrects and removes a day’s slots at once, keeping the originals and writing the activity', async () => {
    const [a, b] = la as [number, number];
    const added = await owner.timesheets.updateAll(LA, day, {
      reason: 'Clock was offline',
      slots: [
        { employee_id: a, clockin_at: at(`${day}T09:02:00`), clockout_at: null },
        { employee_id: b, clockin_at: at(`${day}T10:00:00`), clockout_at: at(`${day}T18:00:00`) },
      ],
    });
    expect(added).toMatchObject({ day, added: 2, changed: 0, removed: 0 });
    const [open, closed] = added.slots as [(typeof added.slots)[number], (typeof added.slots)[number]];
    expect(open.status).toBe('IN');

    // The forgotten clock-out is corrected, the other slot removed; both times and reason recorded.
    const corrected = await owner.timesheets.updateAll(LA, day, {
      reason: 'Forgot to clock out; left at 5:30 PM',
      slots: [{ id: open.id, employee_id: a, clockin_at: open.clockin_at, clockout_at: at(`${day}T17:30:00`), updated_at: open.updated_at }],
      remove: [closed.id],
    });
    expect(corrected).toMatchObject({ added: 0, changed: 1, removed: 1 });
    expect(corrected.slots).toHaveLength(1);
    expect(corrected.slots[0]).toMatchObject({
      id: open.id,
      status: 'OUT',
      clockin_at: at(`${day}T09:02:00`),
      clockout_at: at(`${day}T17:30:00`),
      original_clockin: at(`${day}T09:02:00`),
      original_clockout: null,
      is_modified: true,
      hours: 8.47,
      payroll_hours: 8.47,
    });
    const activity = await owner.timesheets.activity(LA, { start: day, end: day });
    expect(activity.rows.map((r) => [r.action, r.reason, r.user_name, r.before?.clockout_at ?? null, r.after?.clockout_at ?? null])).toEqual([
      // Newest first; the edit and the removal of one request come in the order they were made.
      ['edit', 'Forgot to clock out; left at 5:30 PM', 'Olivia Laurent', null, at(`${day}T17:30:00`)],
      ['delete', 'Forgot to clock out; left at 5:30 PM', 'Olivia Laurent', at(`${day}T18:00:00`), null],
      ['add', 'Clock was offline', 'Olivia Laurent', null, at(`${day}T18:00:00`)],
      ['add', 'Clock was offline', 'Olivia Laurent', null, null],
    ]);

    // Moving the time back to what was recorded is no longer a correction.
    const back = await owner.timesheets.updateAll(LA, day, {
      reason: 'Restore the clock-in',
      slots: [{ id: open.id, employee_id: a, clockin_at: at(`${day}T09:02:00`), clockout_at: at(`${day}T17:30:00`) }],
    });
    expect(back.changed).toBe(0);
  });

  it('refuses bad input with a clear message, changing nothing', async () => {
    const [a, b] = la as [number, number];
    const d = '2031-03-04';
    const saved = await owner.timesheets.updateAll(LA, d, { reason: 'Setup', slots: [{ employee_id: a, clockin_at: at(`${d}T09:00:00`), clockout_at: at(`${d}T17:00:00`) }] });
    const slot = saved.slots[0] as (typeof saved.slots)[number];
    const before = await stateOf(LA, d);
    const keep = { id: slot.id, employee_id: a, clockin_at: slot.clockin_at, clockout_at: slot.clockout_at };
    const cases: [string, Parameters<SalondeskClient['timesheets']['updateAll']>[2], number, string][] = [
      ['clock-out before clock-in', { reason: 'x', slots: [keep, { employee_id: b, clockin_at: at(`${d}T12:00:00`), clockout_at: at(`${d}T11:00:00`) }] }, 400, MESSAGES.timesheetClockoutBeforeClockin],
      ['a future clock-out', { reason: 'x', slots: [keep, { employee_id: b, clockin_at: at(`${d}T12:00:00`), clockout_at: '2031-03-11T00:00:00Z' }] }, 400, MESSAGES.timesheetFutureTime],
      ['a slot of another day', { reason: 'x', slots: [keep, { employee_id: b, clockin_at: at('2031-03-05T09:00:00'), clockout_at: at('2031-03-05T10:00:00') }] }, 400, timesheetOtherDay(d)],
      ['an overlap', { reason: 'x', slots: [keep, { employee_id: a, clockin_at: at(`${d}T16:00:00`), clockout_at: at(`${d}T18:00:00`) }] }, 400, MESSAGES.timesheetOverlap],
      ['more than 24 hours', { reason: 'x', slots: [{ ...keep, clockout_at: at('2031-03-05T10:00:00') }] }, 400, MESSAGES.timesheetTooLong],
      ['a staff member of another business', { reason: 'x', slots: [keep, { employee_id: nyStaff, clockin_at: at(`${d}T09:00:00`), clockout_at: at(`${d}T10:00:00`) }] }, 400, MESSAGES.staffNotInBusiness],
      ['a slot moved to another person', { reason: 'x', slots: [{ ...keep, employee_id: b }] }, 400, MESSAGES.timesheetSlotPerson],
      ['a slot of the day left out', { reason: 'x', slots: [] }, 409, MESSAGES.timesheetChangedSinceOpened],
      ['a slot changed since it was read', { reason: 'x', slots: [{ ...keep, updated_at: '2031-01-01T00:00:00Z' }] }, 409, MESSAGES.timesheetChangedSinceOpened],
      ['a slot listed and removed', { reason: 'x', slots: [keep], remove: [slot.id] }, 400, MESSAGES.timesheetSlotTwice],
    ];
    for (const [what, body, status, message] of cases) {
      const error = await failure(owner.timesheets.updateAll(LA, d, body));
      expect({ what, status: error?.status, message: error?.message }).toEqual({ what, status, message });
    }
    // Without a reason: refused by the request's own schema.
    await expect(owner.timesheets.updateAll(LA, d, { reason: '  ', slots: [{ ...keep, clockout_at: at(`${d}T17:30:00`) }] })).rejects.toMatchObject({ status: 400 });
    expect(await stateOf(LA, d)).toEqual(before);
  });

  it('refuses a slot of another business or another day by its id', async () => {
    const [a] = la as [number];
    const ny = await owner.timesheets.updateAll(NY, '2031-03-04', { reason: 'x', slots: [{ employee_id: nyStaff, clockin_at: '2031-03-04T14:00:00Z', clockout_at: '2031-03-04T15:00:00Z' }] });
    const nySlot = ny.slots[0] as (typeof ny.slots)[number];
    const before = await stateOf(LA, '2031-03-06');
    await expect(
      owner.timesheets.updateAll(LA, '2031-03-06', { reason: 'x', slots: [{ id: nySlot.id, employee_id: a, clockin_at: at('2031-03-06T09:00:00'), clockout_at: null }] }),
    ).rejects.toMatchObject({ status: 404, message: MESSAGES.timesheetSlotNotFound, issues: [{ path: ['slots', 0, 'id'] }] });
    await expect(owner.timesheets.updateAll(LA, '2031-03-06', { reason: 'x', slots: [], remove: [nySlot.id] })).rejects.toMatchObject({ status: 404 });
    const other = (await owner.timesheets.list(LA, '2031-03-04', '2031-03-04')).slots[0] as { id: number };
    await expect(owner.timesheets.updateAll(LA, '2031-03-06', { reason: 'x', slots: [], remove: [other.id] })).rejects.toMatchObject({ status: 404 });
    expect(await stateOf(LA, '2031-03-06')).toEqual(before);
    // The manager of Los Angeles has no Payroll permission.
    await expect(manager.timesheets.updateAll(LA, '2031-03-06', { reason: 'x', slots: [] })).rejects.toMatchObject({ status: 403 });
  });

  it('refuses days of a closed pay period, naming it and how to reopen it; the open period changes', async () => {
    const [a] = la as [number];
    const closed = '2031-02-10';
    await owner.timesheets.updateAll(LA, closed, { reason: 'Before closing', slots: [{ employee_id: a, clockin_at: at(`${closed}T09:00:00`), clockout_at: at(`${closed}T12:00:00`) }] });
    const slot = (await owner.timesheets.list(LA, closed, closed)).slots[0] as { id: number; clockin_at: string; updated_at: string };
    await server.database.db.insert(payrollSettingsTable).values({ business_id: LA, last_payout_start_date: '2031-02-15' }).onConflictDoUpdate({ target: payrollSettingsTable.business_id, set: { last_payout_start_date: '2031-02-15' } });
    try {
      const before = await stateOf(LA, closed);
      await expect(
        owner.timesheets.updateAll(LA, closed, { reason: 'Late fix', slots: [{ id: slot.id, employee_id: a, clockin_at: slot.clockin_at, clockout_at: at(`${closed}T13:00:00`) }] }),
      ).rejects.toMatchObject({ status: 409, message: timesheetClosedPeriod(closed, '2031-02-15') });
      expect(await stateOf(LA, closed)).toEqual(before);
      expect((await owner.timesheets.list(LA, closed, closed)).lastPayoutStartDate).toBe('2031-02-15');
      // The first day of the open period changes.
      await expect(owner.timesheets.updateAll(LA, '2031-02-15', { reason: 'Open', slots: [{ employee_id: a, clockin_at: at('2031-02-15T09:00:00'), clockout_at: at('2031-02-15T10:00:00') }] })).resolves.toMatchObject({ added: 1 });
    } finally {
      await server.database.db.delete(payrollSettingsTable).where(eq(payrollSettingsTable.business_id, LA));
    }
  });
});

describe('ts/{slotId}/clockout and the slots still open', () => {
  it('clocks out an open slot only, not before its clock-in nor in the future, and lists it as still clocked in until then', async () => {
    const employee = la[2] as number;
    const d = '2031-03-09';
    const saved = await owner.timesheets.updateAll(LA, d, { reason: 'Clock offline', slots: [{ employee_id: employee, clockin_at: at(`${d}T09:00:00`), clockout_at: null }] });
    const slot = saved.slots[0] as (typeof saved.slots)[number];

    // No clock-out time set: still clocked in once 12 hours have passed (2031-03-09 21:00 PDT < now).
    const open = await owner.timesheets.open(LA);
    expect(open.slots.find((s) => s.id === slot.id)).toMatchObject({ still_clocked_in: true, still_clocked_in_from: at('2031-03-09T21:00:00') });
    // With a clock-out time of 19:00 and 30 minutes' grace, from 19:30 on the day of the clock-in.
    await server.database.db.insert(payrollSettingsTable).values({ business_id: LA, payroll_hour_settings: { clockOutTime: '19:00', clockOutGraceMinutes: 30 } });
    try {
      expect((await owner.timesheets.open(LA)).slots.find((s) => s.id === slot.id)?.still_clocked_in_from).toBe(at(`${d}T19:30:00`));
    } finally {
      await server.database.db.delete(payrollSettingsTable).where(eq(payrollSettingsTable.business_id, LA));
    }

    const before = await stateOf(LA, d);
    await expect(owner.timesheets.clockOut(LA, slot.id, { clockout_at: at(`${d}T08:00:00`) })).rejects.toMatchObject({ status: 400, message: MESSAGES.timesheetClockoutBeforeClockin });
    await expect(owner.timesheets.clockOut(LA, slot.id, { clockout_at: '2031-03-10T21:00:00Z' })).rejects.toMatchObject({ status: 400, message: MESSAGES.timesheetFutureTime });
    await expect(owner.timesheets.clockOut(LA, slot.id, { clockout_at: at('2031-03-10T10:00:00') })).rejects.toMatchObject({ status: 400, message: MESSAGES.timesheetTooLong });
    await expect(owner.timesheets.clockOut(NY, slot.id, {})).rejects.toMatchObject({ status: 404, message: MESSAGES.timesheetSlotNotFound });
    await expect(manager.timesheets.clockOut(LA, slot.id, {})).rejects.toMatchObject({ status: 403 });
    expect(await stateOf(LA, d)).toEqual(before);

    const out = await owner.timesheets.clockOut(LA, slot.id, { clockout_at: at(`${d}T18:05:00`), reason: 'Forgot to clock out' });
    expect(out).toMatchObject({ status: 'OUT', clockout_at: at(`${d}T18:05:00`), original_clockout: null, is_modified: true, hours: 9.08 });
    await expect(owner.timesheets.clockOut(LA, slot.id, {})).rejects.toMatchObject({ status: 409, message: MESSAGES.timesheetAlreadyClockedOut });
    expect((await owner.timesheets.open(LA)).slots.some((s) => s.id === slot.id)).toBe(false);
    const [row] = (await owner.timesheets.activity(LA, { employee_id: employee, limit: 1 })).rows;
    expect(row).toMatchObject({ action: 'clockout', slot_id: slot.id, reason: 'Forgot to clock out', user_name: 'Olivia Laurent', before: { clockout_at: null }, after: { clockout_at: at(`${d}T18:05:00`) } });
  });
});

describe('activity/timesheets', () => {
  it('pages newest first, filters by member and days, and lists pay period closings', async () => {
    await server.database.db.insert(timesheetActivity).values({ business_id: LA, action: 'close-period', reason: 'Paid out', day: '2031-02-28', created_at: new Date('2031-03-10T19:00:00Z') });
    const all: number[] = [];
    let before: number | undefined;
    for (let page = 0; page < 50; page++) {
      const result = await owner.timesheets.activity(LA, { start: '2031-01-01', end: '2031-03-31', limit: 3, ...(before ? { before } : {}) });
      all.push(...result.rows.map((r) => r.id));
      expect(result.rows.length).toBeLessThanOrEqual(3);
      if (result.next === null) break;
      before = result.next;
    }
    expect(new Set(all).size).toBe(all.length);
    const full = await owner.timesheets.activity(LA, { start: '2031-01-01', end: '2031-03-31', limit: 200 });
    expect(full.rows.map((r) => r.id)).toEqual(all);
    const times = full.rows.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(full.rows.some((r) => r.action === 'close-period' && r.reason === 'Paid out' && r.employee_id === null)).toBe(true);
    const one = await owner.timesheets.activity(LA, { employee_id: la[0] as number, limit: 200 });
    expect(one.rows.length).toBeGreaterThan(0);
    expect(one.rows.every((r) => r.employee_id === la[0])).toBe(true);
    await expect(owner.timesheets.activity(LA, { start: '2031-01-01' })).rejects.toMatchObject({ status: 400, message: MESSAGES.timesheetActivityRange });
    await expect(owner.timesheets.activity(NY, { before: all[0] as number })).rejects.toMatchObject({ status: 404 });
    await expect(manager.timesheets.activity(LA)).rejects.toMatchObject({ status: 403 });
  });
});
