import { alreadyClockedIn, clockPinNotSet, MESSAGES, notClockedIn, type SalondeskClient, stillClockedInFrom } from '@salondesk/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../../auth/schema';
import { THROTTLE } from '../../auth/throttle';
import { NO_ADDRESS_LIMIT, signedIn, startTestServer, type TestServer } from '../../test/harness';
import { staffClockPins, timesheetActivity, timesheets } from '../schema';
import { readPayrollInfo } from '../settings';

/**
 * The staff clock over real HTTP: PINs set by a manager and stored hashed, clock-in and clock-out
 * with them, wrong PINs throttled. The front desk of Lotus Kathmandu (no permission at all) runs
 * the clock there; the clock moves forward by hand.
 */
const LA = 1;
const KATHMANDU = 4;
const clock = { now: new Date('2031-03-10T03:00:00Z') };
const minutes = (n: number) => {
  clock.now = new Date(clock.now.getTime() + n * 60_000);
};

let server: TestServer;
let lotus: SalondeskClient;
let frontdesk: SalondeskClient;
let manager: SalondeskClient;
let members: { id: number; name: string }[];

beforeAll(async () => {
  // The throttle test makes wrong tries from 127.0.0.1 on purpose; the address limit has its own tests.
  server = await startTestServer({ now: () => clock.now, signinFailuresPerAddress: NO_ADDRESS_LIMIT, sessionIdleMinutes: 24 * 60 });
  lotus = (await signedIn(server, 'lotus')).client;
  frontdesk = (await signedIn(server, 'frontdesk')).client;
  manager = (await signedIn(server, 'manager')).client;
  // The demo's slots are clocked in "today" (the real one); this file's clock is in 2031, so close them first.
  await server.database.db.delete(timesheets).where(eq(timesheets.business_id, KATHMANDU));
  // The demo's PINs (2580) too: this file sets its own.
  await server.database.db.delete(staffClockPins).where(eq(staffClockPins.business_id, KATHMANDU));
  members = (await frontdesk.timesheets.clockStaff(KATHMANDU)).staff.map((m) => ({ id: m.id, name: m.name }));
});
afterAll(() => server.close());

describe('clock PINs', () => {
  it('are set by someone who manages staff, stored hashed, 4 to 8 digits and not a run', async () => {
    const member = members[0] as { id: number };
    await expect(lotus.timesheets.clockPin(KATHMANDU, member.id)).resolves.toEqual({ has_pin: false, updated_at: null });
    await expect(lotus.timesheets.setClockPin(KATHMANDU, member.id, '1234')).rejects.toMatchObject({ status: 400, message: MESSAGES.clockPinTooSimple });
    await expect(lotus.timesheets.setClockPin(KATHMANDU, member.id, '12a4')).rejects.toMatchObject({ status: 400, issues: [{ path: ['pin'], message: MESSAGES.clockPinFormat }] });
    await expect(frontdesk.timesheets.setClockPin(KATHMANDU, member.id, '2580')).rejects.toMatchObject({ status: 403 });
    // Another business's member, through this one.
    const laMember = (await server.database.db.execute<{ id: number }>(sql`select id from staff where business_id = ${LA} limit 1`)).rows[0]?.id as number;
    await expect(lotus.timesheets.setClockPin(KATHMANDU, laMember, '2580')).rejects.toMatchObject({ status: 404, message: MESSAGES.staffNotFound });
    await expect(manager.timesheets.setClockPin(KATHMANDU, member.id, '2580')).rejects.toMatchObject({ status: 403 });

    const saved = await lotus.timesheets.setClockPin(KATHMANDU, member.id, '2580');
    expect(saved).toEqual({ has_pin: true, updated_at: clock.now.toISOString() });
    const [row] = await server.database.db.select().from(staffClockPins).where(eq(staffClockPins.staff_id, member.id));
    expect(row?.pin_hash.startsWith('scrypt$')).toBe(true);
    expect(row?.pin_hash).not.toContain('2580');
    expect((await frontdesk.timesheets.clockStaff(KATHMANDU)).staff.find((m) => m.id === member.id)).toMatchObject({ has_pin: true, clocked_in_at: null, still_clocked_in_from: null });
  });
});

describe('clocking in and out', () => {
  it('clocks in and out with the right PIN, refusing a second clock-in and a clock-out when out', async () => {
    const member = members[1] as { id: number; name: string };
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: member.id, pin: '2580' })).rejects.toMatchObject({ status: 409, message: clockPinNotSet(member.name) });
    await lotus.timesheets.setClockPin(KATHMANDU, member.id, '4711');

    const slot = await frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: member.id, pin: '4711' });
    expect(slot).toMatchObject({ employee_id: member.id, employee_name: member.name, status: 'IN', clockin_at: clock.now.toISOString(), original_clockin: clock.now.toISOString(), source: 'clock', is_modified: false });
    // The day is Kathmandu's (UTC+05:45): 03:00 UTC is 08:45 there.
    expect(slot.day).toBe('2031-03-10');
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: member.id, pin: '4711' })).rejects.toMatchObject({ status: 409, message: alreadyClockedIn(member.name) });
    const listed = (await frontdesk.timesheets.clockStaff(KATHMANDU)).staff.find((m) => m.id === member.id);
    expect(listed?.clocked_in_at).toBe(clock.now.toISOString());
    // When the clock starts warning: the location's usual clock-out, as the timesheet's "still clocked in".
    const { payrollHourSettings } = await readPayrollInfo(server.database.db, KATHMANDU);
    expect(listed?.still_clocked_in_from).toBe(stillClockedInFrom(clock.now, payrollHourSettings, 'Asia/Kathmandu').toISOString());
    expect(Date.parse(listed?.still_clocked_in_from as string)).toBeGreaterThan(clock.now.getTime());

    minutes(8 * 60 + 29);
    const out = await frontdesk.timesheets.clockOutSelf(KATHMANDU, { employee_id: member.id, pin: '4711' });
    expect(out).toMatchObject({ id: slot.id, status: 'OUT', clockout_at: clock.now.toISOString(), original_clockout: clock.now.toISOString(), is_modified: false, hours: 8.48 });
    await expect(frontdesk.timesheets.clockOutSelf(KATHMANDU, { employee_id: member.id, pin: '4711' })).rejects.toMatchObject({ status: 409, message: notClockedIn(member.name) });

    // The activity names the member and no user: the clock did it.
    const rows = await server.database.db.select().from(timesheetActivity).where(eq(timesheetActivity.slot_id, slot.id)).orderBy(timesheetActivity.id);
    expect(rows.map((r) => [r.action, r.user_id, r.employee_id])).toEqual([
      ['clockin', null, member.id],
      ['clockout', null, member.id],
    ]);
  });

  it('refuses a member of another location, and a user who may not see the location', async () => {
    const laMember = (await server.database.db.execute<{ id: number }>(sql`select id from staff where business_id = ${LA} limit 1`)).rows[0]?.id as number;
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: laMember, pin: '2580' })).rejects.toMatchObject({ status: 400, message: MESSAGES.staffNotInBusiness });
    await expect(frontdesk.timesheets.clockIn(LA, { employee_id: laMember, pin: '2580' })).rejects.toMatchObject({ status: 403 });
    await expect(frontdesk.timesheets.clockStaff(LA)).rejects.toMatchObject({ status: 403 });
  });

  it('throttles wrong PINs like sign-in codes: five wrong lock the member, a new PIN lifts it', async () => {
    const member = members[2] as { id: number; name: string };
    await lotus.timesheets.setClockPin(KATHMANDU, member.id, '8642');
    for (let i = 0; i < THROTTLE.clockPin.max; i++) {
      await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: member.id, pin: '0000' })).rejects.toMatchObject({ status: 401, message: MESSAGES.clockPinWrong });
    }
    // Locked: even the right PIN is refused, and nothing is written.
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: member.id, pin: '8642' })).rejects.toMatchObject({ status: 429, message: MESSAGES.tooManyAttempts });
    const open = await server.database.db.select().from(timesheets).where(and(eq(timesheets.employee_id, member.id), eq(timesheets.status, 'IN')));
    expect(open).toEqual([]);
    // Other members are not locked by it.
    await lotus.timesheets.setClockPin(KATHMANDU, (members[3] as { id: number }).id, '1357');
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: (members[3] as { id: number }).id, pin: '1357' })).resolves.toMatchObject({ status: 'IN' });
    // The lock ends 15 minutes after the last try...
    minutes(16);
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: member.id, pin: '8642' })).resolves.toMatchObject({ status: 'IN' });
    await frontdesk.timesheets.clockOutSelf(KATHMANDU, { employee_id: member.id, pin: '8642' });
    // ... or at once when a manager sets a new PIN.
    for (let i = 0; i < THROTTLE.clockPin.max; i++) await frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: member.id, pin: '0000' }).catch(() => undefined);
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: member.id, pin: '8642' })).rejects.toMatchObject({ status: 429 });
    await lotus.timesheets.setClockPin(KATHMANDU, member.id, '9753');
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: member.id, pin: '9753' })).resolves.toMatchObject({ status: 'IN' });
  });

  it('locks the whole clock of a location after 30 wrong PINs over its members', async () => {
    await server.database.db.delete(authThrottle);
    const [one, other] = [members[4], members[0]] as [{ id: number }, { id: number }];
    await lotus.timesheets.setClockPin(KATHMANDU, one.id, '5173');
    // 29 wrong PINs over other members in the last minutes (fewer than five each: none of them is locked).
    const subject = `clockpin:business:${KATHMANDU}`;
    await server.database.db.insert(authThrottle).values(Array.from({ length: THROTTLE.clockPinBusiness.max - 1 }, (_, i) => ({ subject, at: new Date(clock.now.getTime() - (i + 1) * 10_000) })));
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: one.id, pin: '0000' })).rejects.toMatchObject({ status: 401 });
    // The thirtieth locks the clock: a member who never got a PIN wrong waits too.
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: other.id, pin: '2580' })).rejects.toMatchObject({ status: 429, message: MESSAGES.tooManyAttempts });
    minutes(16);
    await expect(frontdesk.timesheets.clockIn(KATHMANDU, { employee_id: other.id, pin: '2580' })).resolves.toMatchObject({ status: 'IN' });
  });
});
