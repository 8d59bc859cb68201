import { API_ERROR_CODE, staffDisplayNames, staffNameInUse, staffNameKey } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;

/**
 * Staff are told apart wherever they are named (issue 9): the demo's Luxe Los Angeles has two
 * members called Maya, and a deleted former member with sales in the past.
 */
describe('staff display names', () => {
  let server: TestServer;
  let range: { start: string; end: string };
  let roster: { id: number; name: string; nickname: string | null; full_name: string; deleted: boolean }[];

  beforeAll(async () => {
    server = await startTestServer();
    const [r] = await rows<{ start: string; end: string }>(server.database.db, sql`select min(day)::text as start, max(day)::text as "end" from queue where business_id = ${LA}`);
    range = r as { start: string; end: string };
    roster = await rows(server.database.db, sql`select id, name, nickname, full_name, deleted_at is not null as deleted from staff where business_id = ${LA} order by id`);
  });
  afterAll(() => server.close());

  const unique = (names: readonly string[]) => new Set(names.map(staffNameKey)).size === names.length;

  it('the demo location has two members called Maya (the case this is about)', () => {
    expect(roster.filter((m) => m.name === 'Maya').length).toBe(2);
  });

  it('the staff list gives each member the display name of the whole roster, deleted members included', async () => {
    const { client } = await signedIn(server, 'owner');
    const all = await client.staff.list(LA, { includeDeleted: true });
    const expected = staffDisplayNames(roster);
    for (const m of all) expect(m.display_name).toBe(expected.get(m.id));
    expect(unique(all.map((m) => m.display_name))).toBe(true);
    const current = await client.staff.list(LA);
    for (const m of current) expect(m.display_name).toBe(expected.get(m.id));
    const mayas = current.filter((m) => m.name === 'Maya').map((m) => m.display_name);
    expect(mayas).toHaveLength(2);
    expect(mayas[0]).not.toBe(mayas[1]);
  });

  it('sales by staff has one row per member, named by display name, unique', async () => {
    const { client } = await signedIn(server, 'owner');
    const summary = await client.sales.summary(LA, range.start, range.end);
    const ids = summary.byStaff.map((r) => r.employee_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(unique(summary.byStaff.map((r) => r.name))).toBe(true);
    const expected = staffDisplayNames(roster);
    for (const r of summary.byStaff) if (r.employee_id !== null) expect(r.name).toBe(expected.get(r.employee_id));
    const mayaIds = roster.filter((m) => m.name === 'Maya').map((m) => m.id);
    expect(summary.byStaff.filter((r) => r.employee_id !== null && mayaIds.includes(r.employee_id)).map((r) => r.name).sort()).toEqual(
      mayaIds.map((id) => expected.get(id)).sort(),
    );
  });

  it('the staff monthly report names members by display name', async () => {
    const { client } = await signedIn(server, 'owner');
    const [year, month] = range.end.split('-').map(Number) as [number, number];
    const report = await client.staff.monthlyReport(LA, year, month);
    const expected = staffDisplayNames(roster);
    expect(report.rows.length).toBeGreaterThan(2);
    for (const r of report.rows) expect(r.name).toBe(expected.get(r.staff_id));
    expect(unique(report.rows.map((r) => r.name))).toBe(true);
  });

  it('the scheduler lists members by display name', async () => {
    const { client } = await signedIn(server, 'owner');
    const members = await client.schedule.listStaff(LA, { start: range.end });
    const expected = staffDisplayNames(roster);
    expect(members.length).toBeGreaterThan(2);
    for (const m of members) expect(m.display_name).toBe(expected.get(m.id));
  });

  it('tickets name who served them by display name, and the day list carries the full name to search by surname', async () => {
    const { client } = await signedIn(server, 'owner');
    const expected = staffDisplayNames(roster);
    const byName = new Map(roster.map((m) => [m.id, m]));
    const [maya] = await rows<{ id: number; day: string; serviced_by: number }>(
      server.database.db,
      sql`select q.id, q.day::text as day, q.serviced_by from queue q join staff s on s.id = q.serviced_by
          where q.business_id = ${LA} and s.name = 'Maya' and q.status = 'CHECKOUT' order by q.id limit 1`,
    );
    if (!maya) throw new Error('no ticket served by a Maya in the demo');
    const ticket = await client.transactions.get(LA, maya.id);
    expect(ticket.serviced_by).toEqual({ id: maya.serviced_by, name: expected.get(maya.serviced_by) });
    for (const line of ticket.checkout?.saleslogs ?? []) for (const e of line.employees) expect(e.name).toBe(expected.get(e.id));
    const day = await client.transactions.list(LA, maya.day);
    const row = day.transactions.find((t) => t.id === maya.id);
    expect(row).toMatchObject({ staff: expected.get(maya.serviced_by), staff_full_name: byName.get(maya.serviced_by)?.full_name });
  });

  describe('adding a member with a name already in use', () => {
    it('is refused with a warning naming the members it would be confused with, and nothing is saved', async () => {
      const { client } = await signedIn(server, 'owner');
      const before = await client.staff.list(LA, { includeDeleted: true });
      const mayas = before.filter((m) => m.name === 'Maya');
      const error = await client.staff.create(LA, { name: 'Maya', full_name: 'Maya Lindqvist' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 409, code: API_ERROR_CODE.NAME_IN_USE });
      expect((error as Error).message).toBe(staffNameInUse(mayas.map((m) => ({ name: m.display_name, deleted: false }))));
      expect((await client.staff.list(LA, { includeDeleted: true })).length).toBe(before.length);
    });

    it('warns about a deleted member of the same full name too', async () => {
      const { client } = await signedIn(server, 'owner');
      const former = roster.find((m) => m.deleted);
      if (!former) throw new Error('the demo has a deleted member');
      await expect(client.staff.create(LA, { name: 'Samuel', full_name: former.full_name })).rejects.toMatchObject({
        status: 409,
        code: API_ERROR_CODE.NAME_IN_USE,
        message: staffNameInUse([{ name: former.full_name, deleted: true }]),
      });
    });

    it('adds it once confirmed; namesakes are then told apart and no one else is renamed', async () => {
      const { client } = await signedIn(server, 'owner');
      const before = await client.staff.list(LA, { includeDeleted: true });
      const patel = before.find((m) => m.full_name === 'Maya Patel');
      if (!patel) throw new Error('the demo has Maya Patel');
      const added = await client.staff.create(LA, { name: 'Maya', nickname: 'Mo', full_name: 'Maya Patel', allowSameName: true });
      expect(added.display_name).toBe('Mo P.');
      const after = await client.staff.list(LA, { includeDeleted: true });
      expect(after.find((m) => m.id === patel.id)?.display_name).toBe('Maya P.');
      for (const m of before) if (m.id !== patel.id) expect(after.find((a) => a.id === m.id)?.display_name).toBe(m.display_name);
      expect(unique(after.map((m) => m.display_name))).toBe(true);
      const summary = await client.sales.summary(LA, range.start, range.end);
      expect(summary.byStaff.find((r) => r.employee_id === patel.id)?.name).toBe('Maya P.');
    });

    it('is not warned about when the name is new', async () => {
      const { client } = await signedIn(server, 'owner');
      await expect(client.staff.create(LA, { name: 'Zelda', full_name: 'Zelda Okoro' })).resolves.toMatchObject({ display_name: 'Zelda Okoro' });
    });
  });
});
