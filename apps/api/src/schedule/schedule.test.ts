import { addDays, ApiError, clearAllScope, findOverlap, MESSAGES, schedulePublishedFor, type SalondeskClient, weekStartOf } from '@salondesk/core';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashStoredPassword } from '../auth/password';
import { DEMO_PASSWORD } from '../demo/accounts';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';

/** Location ids follow DEMO_NETWORKS order: 1 LA, 2 NY, 3 Santa Monica, 4 Kathmandu, 5 Sydney. */
const LA = 1;
const NY = 2;
const SYDNEY = 5;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };

let server: TestServer;
let manager: SalondeskClient;
let owner: SalondeskClient;
let staffIds: number[];

beforeAll(async () => {
  server = await startTestServer();
  manager = (await signedIn(server, 'manager')).client;
  owner = (await signedIn(server, 'owner')).client;
  staffIds = (await manager.schedule.listStaff(LA)).map((s) => s.id);
});
afterAll(() => server.close());

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as ApiError);

/** A day far from the demo's weeks, so tests own their days: 2031-01-05 is a Sunday. */
const day = (offset: number) => new Date(Date.UTC(2031, 0, 5 + offset)).toISOString().slice(0, 10);

describe('reading', () => {
  it('lists active staff in order with colours and the demo roster (templates, a rotation)', async () => {
    const staff = await manager.schedule.listStaff(LA);
    expect(staff.length).toBeGreaterThanOrEqual(5);
    expect(staff.every((s) => /^#[0-9A-F]{6}$/i.test(s.schedulerColor ?? ''))).toBe(true);
    expect(staff.map((s) => s.order)).toEqual([...staff.map((s) => s.order)].sort((a, b) => a - b));
    const template = staff.flatMap((s) => s.schedules.filter((e) => e.dow !== null));
    expect(template.length).toBeGreaterThan(20);
    expect(template.some((e) => e.detail?.alternate === 3)).toBe(true);
    expect(template.some((e) => e.template_id === 'summer')).toBe(true);
  });

  it('gives dated entries of a range with the §9 defaults and the business time zone', async () => {
    const result = await manager.schedule.getDynamic(LA);
    expect(result.settings).toMatchObject({ viewDays: 14, syncDays: 28, snap: '00:15', slot: '00:30', defaultStartTime: '10:00', defaultDuration: '09:00', storeHours: { start: '07:00', end: '22:00' } });
    expect(result.timezone).toBe('America/Los_Angeles');
    // The view starts on the first day of this week (the demo's weeks start on Sunday).
    expect(result.settings.weekStartsOn).toBe(0);
    expect(result.start).toBe(weekStartOf(result.today, 0));
    expect(result.end).toBe(addDays(result.start, 13));
    expect(result.schedules.length).toBeGreaterThan(0);
    expect(result.schedules.every((e) => e.day !== null && e.day >= result.start && e.day <= result.end)).toBe(true);
    expect(result.schedules.some((e) => !e.published)).toBe(true); // the demo's drafts
  });

  it('fetches holidays', async () => {
    const list = await manager.schedule.listHolidays(LA);
    expect(list).toContainEqual({ day: '2026-07-04', name: 'Independence Day' });
    expect((await owner.schedule.listHolidays(3)).length).toBeGreaterThan(0);
  });

  it('refuses another location to the manager, and everything without a session', async () => {
    await expect(manager.schedule.getDynamic(NY)).rejects.toMatchObject(forbidden);
    await expect(manager.schedule.create(NY, { employee_id: 1, day: day(0) })).rejects.toMatchObject(forbidden);
    const lotus = (await signedIn(server, 'lotus')).client;
    await expect(lotus.schedule.listStaff(LA)).rejects.toMatchObject(forbidden);
    expect((await rawRequest(server, `/protected/business/${LA}/staff/schedules`)).status).toBe(401);
  });
});

describe('adding and changing entries', () => {
  it('adds a draft with defaults (09:00, eight hours) and clamps to the day’s store hours', async () => {
    // A Tuesday: LA's Business Hours open it 09:00–19:00.
    const draft = await manager.schedule.create(LA, { employee_id: staffIds[0] as number, day: day(9) });
    expect(draft).toMatchObject({ day: day(9), dow: null, start_time: '09:00', end_time: '17:00', published: false, auto: false, business_id: LA });
    const clamped = await manager.schedule.create(LA, { employee_id: staffIds[1] as number, day: day(9), start_time: '05:30', end_time: '23:45' });
    expect(clamped).toMatchObject({ start_time: '09:00', end_time: '19:00' });
    // A Sunday, closed in Business Hours: the schedule's store hours (07:00–22:00) apply.
    await expect(manager.schedule.create(LA, { employee_id: staffIds[1] as number, day: day(28), start_time: '05:30', end_time: '23:45' })).resolves.toMatchObject({
      start_time: '07:00',
      end_time: '22:00',
    });
  });

  it('answers Invalid Date for a bad time and saves nothing', async () => {
    const error = await failure(manager.schedule.create(LA, { employee_id: staffIds[0] as number, day: day(2), start_time: '25:61' }));
    expect(error).toMatchObject({ status: 400, message: MESSAGES.invalidDate });
    const reversed = await failure(manager.schedule.create(LA, { employee_id: staffIds[0] as number, day: day(2), start_time: '18:00', end_time: '09:00' }));
    expect(reversed).toMatchObject({ status: 400, message: MESSAGES.invalidDate });
    const { schedules } = await manager.schedule.getDynamic(LA, { start: day(2), days: 1 });
    expect(schedules).toEqual([]);
  });

  it('refuses an overlapping entry for the same employee and day, allows touching and other people', async () => {
    const employee = staffIds[2] as number;
    await manager.schedule.create(LA, { employee_id: employee, day: day(3), start_time: '09:00', end_time: '13:00' });
    const error = await failure(manager.schedule.create(LA, { employee_id: employee, day: day(3), start_time: '12:00', end_time: '16:00' }));
    expect(error).toMatchObject({ status: 409, message: 'Cannot Set Overlapping Schedules' });
    await expect(manager.schedule.create(LA, { employee_id: employee, day: day(3), start_time: '13:00', end_time: '16:00' })).resolves.toMatchObject({ start_time: '13:00' });
    await expect(manager.schedule.create(LA, { employee_id: staffIds[3] as number, day: day(3), start_time: '12:00', end_time: '16:00' })).resolves.toBeTruthy();
  });

  it('refuses staff of another location, a day and a dow together, and a rotation on a dated entry', async () => {
    const nyStaff = (await owner.schedule.listStaff(NY))[0]?.id as number;
    await expect(manager.schedule.create(LA, { employee_id: nyStaff, day: day(4) })).rejects.toMatchObject({ status: 400, message: MESSAGES.scheduleStaffNotFound });
    await expect(manager.schedule.create(LA, { employee_id: staffIds[0] as number, day: day(4), dow: 2 })).rejects.toMatchObject({ status: 400, message: MESSAGES.scheduleDayOrDow });
    await expect(
      manager.schedule.create(LA, { employee_id: staffIds[0] as number, day: day(4), detail: { alternate: 2, start: day(0), except: [] } }),
    ).rejects.toMatchObject({ status: 400, message: MESSAGES.scheduleRotationTemplateOnly });
  });

  it('moves and resizes a dated entry, checking overlap against everything but itself', async () => {
    const employee = staffIds[4] as number;
    const a = await manager.schedule.create(LA, { employee_id: employee, day: day(5), start_time: '09:00', end_time: '12:00' });
    await manager.schedule.create(LA, { employee_id: employee, day: day(5), start_time: '14:00', end_time: '18:00' });
    await expect(manager.schedule.updateDynamic(LA, a.id, { end_time: '13:00' })).resolves.toMatchObject({ start_time: '09:00', end_time: '13:00' });
    await expect(manager.schedule.updateDynamic(LA, a.id, { end_time: '15:00' })).rejects.toMatchObject({ message: MESSAGES.overlappingSchedules });
    await expect(manager.schedule.updateDynamic(LA, a.id, { day: day(6), start_time: '15:00', end_time: '19:00' })).resolves.toMatchObject({ day: day(6) });
    await expect(manager.schedule.updateStatic(LA, a.id, { dow: 1 })).rejects.toMatchObject({ status: 404, message: MESSAGES.scheduleNotFound });
    await expect(manager.schedule.updateDynamic(LA, a.id, { start_time: 'nine' })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDate });
  });

  it('deletes drafts outright and archives published entries; a second delete is a 404 with the entry gone', async () => {
    const draft = await manager.schedule.create(LA, { employee_id: staffIds[0] as number, day: day(7) });
    const shift = await manager.schedule.create(LA, { employee_id: staffIds[1] as number, day: day(7), published: true });
    await expect(manager.schedule.removeDynamic(LA, draft.id)).resolves.toEqual({ id: draft.id });
    await expect(manager.schedule.removeDynamic(LA, shift.id)).resolves.toEqual({ id: shift.id });
    expect((await manager.schedule.getDynamic(LA, { start: day(7), days: 1 })).schedules).toEqual([]);
    const again = await failure(manager.schedule.removeDynamic(LA, draft.id));
    expect(again).toMatchObject({ status: 404 });
    const row = await server.database.pool.query('select archived_at from schedules where id = $1', [shift.id]);
    expect(row.rows[0]?.archived_at).toBeInstanceOf(Date);
    const wrongKind = await failure(manager.schedule.removeStatic(LA, shift.id));
    expect(wrongKind).toMatchObject({ status: 404 });
  });

  it('uses Failed to delete schedule as the default message of a failed delete', async () => {
    const { scheduleEndpoints } = await import('@salondesk/core');
    expect(scheduleEndpoints.deleteDynamic.errorMessage).toBe('Failed to delete schedule');
    expect(scheduleEndpoints.publish.errorMessage).toBe("Couldn't Publish Schedules");
  });
});

describe('concurrency and batches', () => {
  it('two managers saving overlapping entries for the same employee at once: exactly one succeeds', async () => {
    const employee = staffIds[5] as number;
    const other = (await signedIn(server, 'owner')).client;
    for (let round = 0; round < 5; round++) {
      const d = day(10 + round);
      const results = await Promise.allSettled([
        manager.schedule.create(LA, { employee_id: employee, day: d, start_time: '09:00', end_time: '15:00' }),
        other.schedule.create(LA, { employee_id: employee, day: d, start_time: '12:00', end_time: '18:00' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ status: 409, message: MESSAGES.overlappingSchedules });
      expect((await manager.schedule.getDynamic(LA, { start: d, days: 1 })).schedules).toHaveLength(1);
    }
  });

  it('adds a batch all or nothing: one bad entry saves none', async () => {
    const good = staffIds.slice(0, 4).map((employee_id) => ({ employee_id, day: day(20), start_time: '10:00', end_time: '18:00' }));
    const withOverlap = [...good, { employee_id: staffIds[0] as number, day: day(20), start_time: '17:00', end_time: '20:00' }];
    await expect(manager.schedule.createBatch(LA, withOverlap)).rejects.toMatchObject({ status: 409, message: MESSAGES.overlappingSchedules });
    const withBadTime = [...good, { employee_id: staffIds[0] as number, day: day(21), start_time: '7pm' }];
    await expect(manager.schedule.createBatch(LA, withBadTime)).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDate, issues: [{ path: ['schedules', 4] }] });
    expect((await manager.schedule.getDynamic(LA, { start: day(20), days: 2 })).schedules).toEqual([]);
    const saved = await manager.schedule.createBatch(LA, good);
    expect(saved).toHaveLength(4);
    expect((await manager.schedule.getDynamic(LA, { start: day(20), days: 1 })).schedules).toHaveLength(4);
  });

  it('adds a bulk copy skipping what would overlap (saved entries or earlier ones of the batch), adding the rest and logging what it skipped', async () => {
    const [a, b] = staffIds as [number, number];
    await manager.schedule.create(LA, { employee_id: a, day: day(400), start_time: '09:00', end_time: '13:00' });
    // A published shift of the same day does not compete with drafts (publishing replaces the day).
    await manager.schedule.create(LA, { employee_id: b, day: day(401), start_time: '09:00', end_time: '17:00', published: true });
    const copies = [
      { employee_id: a, day: day(400), start_time: '12:00', end_time: '16:00' }, // overlaps the saved draft
      { employee_id: a, day: day(400), start_time: '13:00', end_time: '17:00' }, // touches it: added
      { employee_id: b, day: day(401), start_time: '10:00', end_time: '14:00' }, // beside the published shift: added
      { employee_id: b, day: day(401), start_time: '11:00', end_time: '12:00' }, // overlaps the one before it in the batch
      { employee_id: b, day: day(402), start_time: '05:00', end_time: '23:00' }, // clamped to store hours, then added
    ];
    const added = await manager.schedule.createBatch(LA, copies, { skipOverlaps: true });
    expect(added.map((e) => [e.employee_id, e.day, e.start_time, e.end_time, e.published])).toEqual([
      [a, day(400), '13:00', '17:00', false],
      [b, day(401), '10:00', '14:00', false],
      [b, day(402), '09:00', '19:00', false],
    ]);
    const saved = (await manager.schedule.getDynamic(LA, { start: day(400), days: 3 })).schedules;
    expect(saved.filter((e) => !e.published)).toHaveLength(4);
    expect(findOverlap(saved)).toBeNull();
    expect((await manager.schedule.activity(LA, 5)).map((l) => l.summary)).toContain('Added 3 entries, skipped 2 that overlapped');

    // Everything overlapping: nothing added, nothing refused.
    await expect(manager.schedule.createBatch(LA, copies.slice(0, 1), { skipOverlaps: true })).resolves.toEqual([]);
    // Without the flag the batch stays all or nothing, and bad input is still refused whole.
    await expect(manager.schedule.createBatch(LA, copies.slice(0, 1))).rejects.toMatchObject({ status: 409, message: MESSAGES.overlappingSchedules });
    await expect(manager.schedule.createBatch(LA, [{ employee_id: a, day: day(403), start_time: 'noon' }], { skipOverlaps: true })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDate });
    const response = await server.app.inject({
      method: 'POST',
      url: `/protected/business/${LA}/schedule/addbatch`,
      headers: { 'x-salondesk-csrf': '1', cookie: await cookieOf('manager') },
      payload: { schedules: [{ employee_id: a, day: day(403) }], skip_overlaps: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect((await manager.schedule.getDynamic(LA, { start: day(400), days: 4 })).schedules).toEqual(saved);
  });
});

describe('drafts, publishing and templates', () => {
  it('publishes drafts (replacing that day’s published entries); publishing again changes nothing', async () => {
    const employee = staffIds[0] as number;
    const old = await manager.schedule.create(LA, { employee_id: employee, day: day(30), start_time: '09:00', end_time: '17:00', published: true });
    await manager.schedule.create(LA, { employee_id: employee, day: day(30), start_time: '12:00', end_time: '20:00' });
    await manager.schedule.create(LA, { employee_id: staffIds[1] as number, day: day(31), start_time: '10:00', end_time: '14:00' });
    const first = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(first.statusCode).toBe(200);
    await expect(manager.schedule.publishDrafts(LA, { start: day(30), end: day(31) })).resolves.toEqual({ published: 2, replaced: 1 });
    await expect(manager.schedule.publishDrafts(LA, { start: day(30), end: day(31) })).resolves.toEqual({ published: 0, replaced: 0 });
    const { schedules } = await manager.schedule.getDynamic(LA, { start: day(30), days: 2 });
    expect(schedules.map((e) => [e.employee_id, e.start_time, e.published])).toEqual([
      [employee, '12:00', true],
      [staffIds[1], '10:00', true],
    ]);
    expect(schedules.some((e) => e.id === old.id)).toBe(false);
  });

  it('says Drafts published to schedules on success and Couldn’t Publish Schedules for drafts that are not', async () => {
    const draft = await manager.schedule.create(LA, { employee_id: staffIds[2] as number, day: day(32) });
    const { message } = await server.app
      .inject({ method: 'POST', url: `/protected/business/${LA}/schedule/publish`, headers: { 'x-salondesk-csrf': '1', cookie: await cookieOf('manager') }, payload: { start: day(32), end: day(32) } })
      .then((r) => r.json() as { message: string });
    expect(message).toBe(MESSAGES.draftsPublished);
    await expect(manager.schedule.publishDrafts(LA, { start: day(32), end: day(32), drafts: [draft.id] })).rejects.toMatchObject({ message: MESSAGES.couldntPublishSchedules });
    await expect(manager.schedule.publishDrafts(LA, { start: day(33), end: day(32) })).rejects.toMatchObject({ message: MESSAGES.invalidDate });
  });

  it('clears drafts of a range only', async () => {
    await manager.schedule.create(LA, { employee_id: staffIds[0] as number, day: day(40) });
    await manager.schedule.create(LA, { employee_id: staffIds[0] as number, day: day(41) });
    await manager.schedule.create(LA, { employee_id: staffIds[1] as number, day: day(40), published: true });
    await expect(manager.schedule.clearDrafts(LA, { start: day(40), end: day(40) })).resolves.toEqual({ cleared: 1 });
    const left = (await manager.schedule.getDynamic(LA, { start: day(40), days: 2 })).schedules;
    expect(left.map((e) => [e.day, e.published])).toEqual([
      [day(40), true],
      [day(41), false],
    ]);
  });

  it('manages template entries with a three-week rotation, refusing a real overlap only', async () => {
    const lotus = (await signedIn(server, 'lotus')).client;
    await lotus.schedule.updateSettings(SYDNEY, { multipleTemplate: true, templates: [{ id: 'abc', name: 'A/B/C weeks', start: null, end: null }] });
    const employee = (await lotus.schedule.listStaff(SYDNEY))[0]?.id as number;
    const week = (n: number) => day(7 * n);
    const a = await lotus.schedule.create(SYDNEY, { employee_id: employee, dow: 3, template_id: 'abc', start_time: '09:00', end_time: '17:00', detail: { alternate: 3, start: week(0), except: [] } });
    expect(a).toMatchObject({ dow: 3, day: null, template_id: 'abc', detail: { alternate: 3, start: week(0), except: [] } });
    await lotus.schedule.create(SYDNEY, { employee_id: employee, dow: 3, template_id: 'abc', start_time: '12:00', end_time: '20:00', detail: { alternate: 3, start: week(1), except: [] } });
    const c = await lotus.schedule.create(SYDNEY, { employee_id: employee, dow: 3, template_id: 'abc', start_time: '09:30', end_time: '15:00', detail: { alternate: 3, start: week(2), except: [] } });
    await expect(
      lotus.schedule.create(SYDNEY, { employee_id: employee, dow: 3, template_id: 'abc', start_time: '10:00', end_time: '11:00' }),
    ).rejects.toMatchObject({ message: MESSAGES.overlappingSchedules });
    await expect(lotus.schedule.updateStatic(SYDNEY, c.id, { detail: { alternate: 3, start: week(3), except: [] } })).rejects.toMatchObject({ message: MESSAGES.overlappingSchedules });
    await expect(lotus.schedule.updateStatic(SYDNEY, c.id, { start_time: '10:00', end_time: '16:00' })).resolves.toMatchObject({ start_time: '10:00' });

    // Copy nine weeks of the template into drafts: each rotation lands in its own weeks.
    const copied = await lotus.schedule.copyDraftsFromTemplate(SYDNEY, { template_id: 'abc', from: week(0), to: day(7 * 8 - 1) });
    expect(copied.created).toBe(8);
    const drafts = (await lotus.schedule.getDynamic(SYDNEY, { start: week(0), days: 62 })).schedules.filter((e) => e.employee_id === employee);
    expect(drafts.map((e) => [e.day, e.start_time])).toEqual([
      [day(3), '09:00'],
      [day(10), '12:00'],
      [day(17), '10:00'],
      [day(24), '09:00'],
      [day(31), '12:00'],
      [day(38), '10:00'],
      [day(45), '09:00'],
      [day(52), '12:00'],
    ]);
    await expect(lotus.schedule.removeStatic(SYDNEY, a.id)).resolves.toEqual({ id: a.id });
  });

  it('answers Template Not Found for an unknown or empty template', async () => {
    await expect(manager.schedule.copyDraftsFromTemplate(LA, { template_id: 'nope', from: day(50), to: day(56) })).rejects.toMatchObject({ status: 404, message: MESSAGES.templateNotFound });
    await expect(manager.schedule.clearTemplate(LA, 'nope')).rejects.toMatchObject({ status: 404, message: MESSAGES.templateNotFound });
    await expect(owner.schedule.copyDraftsFromTemplate(NY, { template_id: 'master', from: day(60), to: day(59) })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDate });
  });

  it('copies drafts from the master template, skipping holidays, then republishes the horizon with its message', async () => {
    await owner.schedule.updateHolidays(NY, [...(await owner.schedule.listHolidays(NY)), { day: day(64), name: 'Staff training' }]);
    const result = await owner.schedule.copyDraftsFromTemplate(NY, { from: day(63), to: day(69) });
    expect(result.created).toBeGreaterThan(10);
    const week = (await owner.schedule.getDynamic(NY, { start: day(63), days: 7 })).schedules;
    expect(week.every((e) => !e.published && e.day !== day(64))).toBe(true);

    const republished = await owner.schedule.republish(NY, { start: day(63) });
    expect(republished).toMatchObject({ start: day(63), end: day(90), days: 28 });
    expect(schedulePublishedFor(republished.days)).toBe('Schedule published for the next 4 weeks');
    const after = (await owner.schedule.getDynamic(NY, { start: day(70), days: 7 })).schedules;
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((e) => e.published && e.auto)).toBe(true);
    // Days with drafts keep them: the manager's edit wins.
    const draftWeek = (await owner.schedule.getDynamic(NY, { start: day(63), days: 7 })).schedules;
    expect(draftWeek.filter((e) => e.published)).toEqual([]);
    // Republishing again replaces, it does not duplicate.
    const again = await owner.schedule.republish(NY, { start: day(70), days: 7 });
    expect(again.removed).toBe(again.created);
    expect(schedulePublishedFor(again.days)).toBe('Schedule published for the next 1 week');
  });

  it('republishes for one employee, and clears all of one employee', async () => {
    const nyStaff = (await owner.schedule.listStaff(NY)).map((s) => s.id);
    const one = nyStaff[0] as number;
    const result = await owner.schedule.republishFor(NY, one, { start: day(100), days: 10 });
    expect(result).toMatchObject({ days: 10 });
    expect(result.created).toBeGreaterThan(3);
    const entries = (await owner.schedule.getDynamic(NY, { start: day(100), days: 10 })).schedules;
    expect(new Set(entries.map((e) => e.employee_id))).toEqual(new Set([one]));
    // What the scheduler's confirmation counts (clearAllScope) is what the server removes.
    const before = (await owner.schedule.listStaff(NY, { start: day(90), days: 30 })).find((s) => s.id === one)?.schedules ?? [];
    const scope = clearAllScope(before, one, day(100));
    expect(scope.published).toBe(result.created);
    const cleared = await owner.schedule.clearAll(NY, one, { from: day(100) });
    expect(cleared.cleared).toBeGreaterThan(result.created);
    expect(cleared.cleared).toBe(scope.template + scope.published + scope.drafts);
    expect((await owner.schedule.getDynamic(NY, { start: day(100), days: 10 })).schedules).toEqual([]);
    expect((await owner.schedule.listStaff(NY)).find((s) => s.id === one)?.schedules.filter((e) => e.dow !== null)).toEqual([]);
    await expect(owner.schedule.republishFor(NY, 9999)).rejects.toMatchObject({ status: 400, message: MESSAGES.scheduleStaffNotFound });
  });

  it('clears the master template', async () => {
    const before = (await owner.schedule.listStaff(3)).flatMap((s) => s.schedules.filter((e) => e.dow !== null));
    expect(before.length).toBeGreaterThan(0);
    await expect(owner.schedule.clearTemplate(3)).resolves.toEqual({ cleared: before.length });
    expect((await owner.schedule.listStaff(3)).flatMap((s) => s.schedules.filter((e) => e.dow !== null))).toEqual([]);
    await expect(owner.schedule.copyDraftsFromTemplate(3, { from: day(0), to: day(6) })).rejects.toMatchObject({ message: MESSAGES.templateNotFound });
  });
});

describe('settings, holidays and activity', () => {
  it('overrides settings per business and refuses bad ones, changing nothing', async () => {
    const saved = await owner.schedule.updateSettings(NY, { viewDays: 7, storeHours: { start: '08:00', end: '20:00' } });
    expect(saved).toMatchObject({ viewDays: 7, syncDays: 28, storeHours: { start: '08:00', end: '20:00' } });
    expect((await owner.schedule.getDynamic(NY)).settings.viewDays).toBe(7);
    expect((await owner.schedule.getDynamic(LA)).settings.viewDays).toBe(14);
    // A Sunday, closed in NY's Business Hours: the schedule's own store hours apply.
    const clamped = await owner.schedule.create(NY, { employee_id: (await owner.schedule.listStaff(NY))[1]?.id as number, day: day(119), start_time: '07:00', end_time: '21:00' });
    expect(clamped).toMatchObject({ start_time: '08:00', end_time: '20:00' });
    await expect(owner.schedule.updateSettings(NY, { storeHours: { start: '20:00', end: '08:00' } })).rejects.toMatchObject({ status: 400, message: MESSAGES.scheduleStoreHours });
    await expect(owner.schedule.updateSettings(NY, { templates: [{ id: 'master', name: 'X', start: null, end: null }] })).rejects.toMatchObject({ message: MESSAGES.scheduleTemplateIds });
    await expect(owner.schedule.updateSettings(NY, { templates: [{ id: 'x', name: 'X', start: '2031-02-01', end: '2031-01-01' }] })).rejects.toMatchObject({ message: MESSAGES.scheduleTemplateDates });
    await expect(owner.schedule.updateSettings(NY, { snap: 'soon' } as never)).rejects.toMatchObject({ status: 400 });
    expect((await owner.schedule.updateSettings(NY)).storeHours).toEqual({ start: '08:00', end: '20:00' });
  });

  it('the manager reads their location’s named templates', async () => {
    const settings = await manager.schedule.updateSettings(LA, {});
    expect(settings.multipleTemplate).toBe(true);
    expect(settings.templates.map((t) => t.id)).toEqual(['summer']);
  });

  it('lets a user with operation.view-staff only read, never change (permission keys)', async () => {
    const clientHash = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
    const acl = { blocks: ['operation'], units: { operation: ['view-staff'] }, restrictions: [], multiLocation: false, custom: [] };
    const { rows } = await server.database.pool.query(
      `insert into users (role, acl, fullname, email, username, password_hash) values ('STAFF', $1, 'Vera Viewer', 'viewer@example.test', 'viewer', $2) returning id`,
      [JSON.stringify(acl), await hashStoredPassword(clientHash)],
    );
    await server.database.pool.query('insert into user_businesses (user_id, business_id) values ($1, $2)', [rows[0].id, LA]);
    const viewer = (await signedIn(server, 'viewer')).client;
    await expect(viewer.schedule.getDynamic(LA)).resolves.toBeTruthy();
    await expect(viewer.schedule.listStaff(LA)).resolves.toBeTruthy();
    await expect(viewer.schedule.listHolidays(LA)).resolves.toBeTruthy();
    await expect(viewer.schedule.create(LA, { employee_id: staffIds[0] as number, day: day(130) })).rejects.toMatchObject(forbidden);
    await expect(viewer.schedule.publishDrafts(LA, { start: day(130), end: day(130) })).rejects.toMatchObject(forbidden);
    await expect(viewer.schedule.updateSettings(LA, {})).rejects.toMatchObject(forbidden);
  });

  it('replaces the holiday list, refusing two holidays on one day', async () => {
    const list = [
      { day: '2031-12-25', name: 'Christmas Day' },
      { day: '2031-12-31', name: 'Closed for inventory' },
    ];
    await expect(owner.schedule.updateHolidays(3, list)).resolves.toEqual(list);
    await expect(owner.schedule.updateHolidays(3, [...list, { day: '2031-12-25', name: 'Again' }])).rejects.toMatchObject({ status: 400, message: MESSAGES.holidayDuplicate });
    await expect(owner.schedule.listHolidays(3)).resolves.toEqual(list);
    await expect(owner.schedule.updateHolidays(3, [{ day: '2031-02-30', name: 'Nope' }])).rejects.toMatchObject({ status: 400 });
  });

  it('logs who changed what', async () => {
    const activity = await manager.schedule.activity(LA, 100);
    expect(activity.length).toBeGreaterThan(5);
    expect(activity[0]?.user_name).toBeTruthy();
    expect(activity.map((a) => a.action)).toEqual(expect.arrayContaining(['add', 'publish', 'delete', 'clear-drafts', 'addbatch']));
    await expect(manager.schedule.activity(NY)).rejects.toMatchObject(forbidden);
  });

  it('names staff members in the log and lists it newest first', async () => {
    const [member] = await owner.schedule.listStaff(3);
    if (!member) throw new Error('no staff in Santa Monica');
    const added = await owner.schedule.create(3, { employee_id: member.id, day: day(200), start_time: '09:00', end_time: '13:00' });
    await owner.schedule.removeDynamic(3, added.id);
    await owner.schedule.clearAll(3, member.id, { from: day(300) });
    const [cleared, removed, add] = await owner.schedule.activity(3, 3);
    expect([cleared?.action, removed?.action, add?.action]).toEqual(['clear-all', 'delete', 'add']);
    expect(add?.summary).toBe(`Added draft ${day(200)} 09:00–13:00 for ${member.full_name}`);
    expect(removed?.summary).toBe(`Removed ${day(200)} 09:00–13:00 for ${member.full_name}`);
    expect(cleared?.summary).toContain(`Cleared every schedule of ${member.full_name} from ${day(300)}`);
    expect(cleared?.user_name).toBe('Olivia Laurent');
    expect(Date.parse(cleared?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(add?.at ?? ''));
  });
});

describe('bulk actions say what they change before anything changes', () => {
  const snapshot = async (client: SalondeskClient, business: number, start: string, days: number) => (await client.schedule.getDynamic(business, { start, days })).schedules;

  it('previews publishing per week, the second week and drafts outside the screen included; publishes exactly that, refusing a stale confirmation', async () => {
    // Two weeks from a Sunday (day 140): two drafts in the first week, one in the second replacing a published shift.
    const [a, b] = staffIds as [number, number];
    await manager.schedule.create(LA, { employee_id: a, day: day(141), start_time: '10:00', end_time: '14:00' });
    await manager.schedule.create(LA, { employee_id: a, day: day(142), start_time: '10:00', end_time: '14:00' });
    await manager.schedule.create(LA, { employee_id: b, day: day(150), start_time: '09:00', end_time: '17:00', published: true });
    await manager.schedule.create(LA, { employee_id: b, day: day(150), start_time: '12:00', end_time: '18:00' });
    await manager.schedule.create(LA, { employee_id: b, day: day(160), start_time: '12:00', end_time: '18:00' }); // after the range: not published
    const range = { start: day(140), end: day(153) };
    const before = await snapshot(manager, LA, day(140), 28);

    const preview = await manager.schedule.publishPreview(LA, range);
    expect(preview).toMatchObject({ ...range, added: 3, replaced: 1 });
    expect(preview.weeks).toEqual([
      { weekStart: day(140), weekEnd: day(146), from: day(140), to: day(146), added: 2, replaced: 0, days: [day(141), day(142)] },
      { weekStart: day(147), weekEnd: day(153), from: day(147), to: day(153), added: 1, replaced: 1, days: [day(150)] },
    ]);
    expect(await snapshot(manager, LA, day(140), 28)).toEqual(before);

    // A draft added after the summary: the confirmation no longer says what would happen, so nothing is published.
    await manager.schedule.create(LA, { employee_id: b, day: day(143), start_time: '10:00', end_time: '12:00' });
    const stale = await failure(manager.schedule.publishDrafts(LA, { ...range, expected: preview.fingerprint }));
    expect(stale).toMatchObject({ status: 409, message: MESSAGES.scheduleChangedSinceSummary });
    const unchanged = await snapshot(manager, LA, day(140), 28);
    expect(unchanged.filter((e) => !e.published)).toHaveLength(5);

    const again = await manager.schedule.publishPreview(LA, range);
    expect(again.weeks.map((w) => [w.weekStart, w.added, w.replaced])).toEqual([
      [day(140), 3, 0],
      [day(147), 1, 1],
    ]);
    await expect(manager.schedule.publishDrafts(LA, { ...range, expected: again.fingerprint })).resolves.toEqual({ published: again.added, replaced: again.replaced });
    const after = await snapshot(manager, LA, day(140), 28);
    expect(after.filter((e) => !e.published).map((e) => e.day)).toEqual([day(160)]);
    // Nothing left to publish: the summary says so.
    await expect(manager.schedule.publishPreview(LA, range)).resolves.toMatchObject({ weeks: [], added: 0, replaced: 0 });
  });

  it('previews republishing from the templates per week over the horizon; republishes exactly that, refusing a stale confirmation', async () => {
    const horizon = { start: day(210), days: 28 };
    const before = await snapshot(owner, NY, day(203), 42);
    const preview = await owner.schedule.republishPreview(NY, horizon);
    expect(preview.weeks.map((w) => w.weekStart)).toEqual([day(210), day(217), day(224), day(231)]);
    expect(preview.added).toBeGreaterThan(10);
    expect(preview.replaced).toBe(0);
    expect(preview.weeks.reduce((n, w) => n + w.added, 0)).toBe(preview.added);
    expect(await snapshot(owner, NY, day(203), 42)).toEqual(before);

    const done = await owner.schedule.republish(NY, { ...horizon, expected: preview.fingerprint });
    expect(done).toMatchObject({ start: day(210), end: day(237), created: preview.added, removed: preview.replaced });

    // Again: each template-made shift is regenerated, week by week.
    const regenerate = await owner.schedule.republishPreview(NY, horizon);
    expect(regenerate.weeks.map((w) => [w.added, w.replaced])).toEqual(preview.weeks.map((w) => [w.added, w.added]));
    // A template shift changed after that summary: the old confirmation is refused and nothing changes.
    const entry = (await owner.schedule.listStaff(NY)).flatMap((m) => m.schedules).find((e) => e.dow === 2 && e.template_id === 'master');
    if (!entry) throw new Error('no Tuesday template shift in New York');
    await owner.schedule.updateStatic(NY, entry.id, { start_time: entry.start_time === '10:00' ? '11:00' : '10:00' });
    const published = await snapshot(owner, NY, day(210), 28);
    await expect(owner.schedule.republish(NY, { ...horizon, expected: regenerate.fingerprint })).rejects.toMatchObject({ status: 409, message: MESSAGES.scheduleChangedSinceSummary });
    expect(await snapshot(owner, NY, day(210), 28)).toEqual(published);
  });

  it('refuses previews to those who may not publish, and a range that is backwards or too long', async () => {
    await expect(manager.schedule.publishPreview(NY, { start: day(140), end: day(141) })).rejects.toMatchObject(forbidden);
    await expect(manager.schedule.republishPreview(NY)).rejects.toMatchObject(forbidden);
    await expect(manager.schedule.publishPreview(LA, { start: day(141), end: day(140) })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDate });
    await expect(manager.schedule.publishPreview(LA, { start: day(140), end: day(240) })).rejects.toMatchObject({ status: 400, message: MESSAGES.scheduleRangeTooLong });
  });
});

describe('store hours and the week', () => {
  it('follow the business’s Business Hours day by day, and say where they come from', async () => {
    const SANTA_MONICA = 3;
    const { hours } = await owner.schedule.getDynamic(SANTA_MONICA);
    expect(hours[0]).toEqual({ dow: 0, start: '07:00', end: '22:00', source: 'schedule-settings', closed: true });
    expect(hours[1]).toEqual({ dow: 1, start: '10:00', end: '18:00', source: 'business-hours', closed: false });
    expect(hours[4]).toEqual({ dow: 4, start: '09:00', end: '21:00', source: 'business-hours', closed: false });

    const member = (await owner.schedule.listStaff(SANTA_MONICA))[2]?.id as number;
    const days = (await owner.settings.get(SANTA_MONICA)).groups[0];
    if (days?.kind !== 'hours') throw new Error('no Business Hours group');
    // Monday 11:00–15:00 from now on.
    await owner.settings.updateHours(SANTA_MONICA, days.days.map((d) => (d.dow === 1 ? { ...d, start: '11:00', end: '15:00' } : d)));
    const monday = await owner.schedule.create(SANTA_MONICA, { employee_id: member, day: day(1), start_time: '08:00', end_time: '20:00' });
    expect(monday).toMatchObject({ start_time: '11:00', end_time: '15:00' });
    const template = await owner.schedule.create(SANTA_MONICA, { employee_id: member, dow: 1, start_time: '08:00', end_time: '20:00' });
    expect(template).toMatchObject({ start_time: '11:00', end_time: '15:00' });
    // Moved to Thursday (open until 21:00), the same times are kept within Thursday's hours.
    await expect(owner.schedule.updateDynamic(SANTA_MONICA, monday.id, { day: day(4), start_time: '08:00', end_time: '23:00' })).resolves.toMatchObject({
      day: day(4),
      start_time: '09:00',
      end_time: '21:00',
    });
    // Monday closed in Business Hours: the schedule's store hours apply to it, and the day is marked closed.
    await owner.settings.updateHours(SANTA_MONICA, days.days.map((d) => (d.dow === 1 ? { ...d, open: false } : d)));
    expect((await owner.schedule.getDynamic(SANTA_MONICA)).hours[1]).toEqual({ dow: 1, start: '07:00', end: '22:00', source: 'schedule-settings', closed: true });
    await expect(owner.schedule.updateStatic(SANTA_MONICA, template.id, { start_time: '06:00', end_time: '23:00' })).resolves.toMatchObject({ start_time: '07:00', end_time: '22:00' });
  });

  it('the week starts on the day the settings say: the schedule settings’, else the business calendar’s', async () => {
    const KATHMANDU = 4;
    const lotus = (await signedIn(server, 'lotus')).client;
    // The calendar says Wednesday and the schedule settings say nothing: the view starts on a Wednesday.
    await server.database.pool.query(`update businesses set info = jsonb_set(info, '{calendarSettings}', '{"weekStartsOn": 3}') where id = $1`, [KATHMANDU]);
    const wednesday = await lotus.schedule.getDynamic(KATHMANDU);
    expect(wednesday.settings.weekStartsOn).toBe(3);
    expect(wednesday.start).toBe(weekStartOf(wednesday.today, 3));
    expect((await lotus.schedule.listStaff(KATHMANDU)).length).toBeGreaterThan(0);
    // The schedule settings name Monday: they win, for the view and for the weeks of a summary.
    await expect(lotus.schedule.updateSettings(KATHMANDU, { weekStartsOn: 1 })).resolves.toMatchObject({ weekStartsOn: 1 });
    const monday = await lotus.schedule.getDynamic(KATHMANDU);
    expect(monday.start).toBe(weekStartOf(monday.today, 1));
    const preview = await lotus.schedule.republishPreview(KATHMANDU, { start: day(300), days: 14 });
    expect(preview.weeks.map((w) => w.weekStart)).toEqual([day(294), day(301), day(308)].map((d) => addDays(d, 1)));
  });
});

async function cookieOf(username: string): Promise<string> {
  const { jar } = await signedIn(server, username);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
