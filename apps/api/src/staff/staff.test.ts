import { addDays, MESSAGES, operations, type StaffMember, todayIn } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeededAt, rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';

const LA = 1;
const NY = 2;
const KATHMANDU = 4;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };

describe('staff', () => {
  let server: TestServer;
  let jitter = 0;
  beforeAll(async () => {
    // The random source of the new staff order, decided by the test.
    server = await startTestServer({ randomInt: (min, max) => Math.min(max, Math.max(min, jitter)) });
  });
  afterAll(() => server.close());

  const post = (path: string, body: unknown, cookie = '') =>
    rawRequest(server, path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-salondesk-csrf': '1', cookie }, body: JSON.stringify(body) });

  it('lists active and inactive members; deleted ones only with deleted=1', async () => {
    const { client } = await signedIn(server, 'manager');
    const current = await client.staff.list(LA);
    expect(current.length).toBeGreaterThan(3);
    expect(current.every((m) => !m.deleted && m.business_id === LA)).toBe(true);
    const all = await client.staff.list(LA, { includeDeleted: true });
    expect(all.filter((m) => m.deleted).length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(current.length);
    const orders = current.map((m) => m.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('refuses a bad deleted flag, other businesses, and users without the permission', async () => {
    const owner = await signedIn(server, 'owner');
    const bad = await rawRequest(server, `/protected/business/${LA}/getemployees?deleted=yes`, { headers: { cookie: [...owner.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(bad.status).toBe(400);
    await expect(owner.client.staff.list(KATHMANDU)).rejects.toMatchObject(forbidden);
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.staff.list(NY)).rejects.toMatchObject(forbidden);
    const anonymous = await rawRequest(server, `/protected/business/${LA}/getemployees`);
    expect(anonymous.status).toBe(401);
  });

  it('adds a member after the highest order plus one plus the random number', async () => {
    const { client } = await signedIn(server, 'owner');
    const before = await client.staff.list(NY, { includeDeleted: true });
    const highest = Math.max(...before.map((m) => m.order));
    jitter = 37;
    const added = await client.staff.create(NY, { name: 'Quinn', full_name: 'Quinn Harper', username: 'quinn.harper', schedulerColor: '#12ab34' });
    expect(added).toMatchObject({ order: highest + 1 + 37, status: 'ACTIVE', visible_in_appointment: true, attributes: { schedulerColor: '#12AB34' }, username: 'quinn.harper' });
    jitter = 0;
    const next = await client.staff.create(NY, { name: 'Rae', full_name: 'Rae Lin' });
    expect(next.order).toBe(added.order + 1);
  });

  it('refuses a bad new member and a taken username, saving nothing', async () => {
    const { client } = await signedIn(server, 'owner');
    const count = (await client.staff.list(NY, { includeDeleted: true })).length;
    await expect(client.staff.create(NY, { name: '', full_name: 'X' })).rejects.toMatchObject({ status: 400, issues: [{ path: ['name'], message: MESSAGES.staffNameRequired }] });
    await expect(client.staff.create(NY, { name: 'A', full_name: 'A B', schedulerColor: 'red' })).rejects.toMatchObject({ status: 400 });
    await expect(client.staff.create(NY, { name: 'A', full_name: 'A B', username: 'no spaces' })).rejects.toMatchObject({ status: 400 });
    await client.staff.create(NY, { name: 'Taken', full_name: 'Taken One', username: 'taken.name' });
    await expect(client.staff.create(LA, { name: 'Other', full_name: 'Other One', username: 'TAKEN.name' })).rejects.toMatchObject({ status: 409, message: MESSAGES.usernameTaken });
    expect((await client.staff.list(NY, { includeDeleted: true })).length).toBe(count + 1);
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.staff.create(NY, { name: 'X', full_name: 'X Y' })).rejects.toMatchObject(forbidden);
  });

  describe('property updates', () => {
    let member: StaffMember;
    beforeAll(async () => {
      const { client } = await signedIn(server, 'owner');
      member = await client.staff.create(LA, { name: 'Prop', full_name: 'Prop Test', username: 'prop.test' });
    });

    it('changes each property', async () => {
      const { client } = await signedIn(server, 'manager');
      await expect(client.staff.updateProperty(LA, member.id, 'username', 'prop.renamed')).resolves.toMatchObject({ username: 'prop.renamed' });
      await expect(client.staff.updateProperty(LA, member.id, 'name', 'Propa')).resolves.toMatchObject({ name: 'Propa' });
      await expect(client.staff.updateProperty(LA, member.id, 'nickname', 'PP')).resolves.toMatchObject({ nickname: 'PP' });
      await expect(client.staff.updateProperty(LA, member.id, 'full_name', 'Propa Test')).resolves.toMatchObject({ full_name: 'Propa Test' });
      await expect(client.staff.updateProperty(LA, member.id, 'status', 'INACTIVE')).resolves.toMatchObject({ status: 'INACTIVE' });
      await expect(client.staff.updateProperty(LA, member.id, 'visible_in_appointment', false)).resolves.toMatchObject({ visible_in_appointment: false });
      await expect(client.staff.updateProperty(LA, member.id, 'schedulerColor', '#0a0b0c')).resolves.toMatchObject({ attributes: { schedulerColor: '#0A0B0C' } });
      await expect(client.staff.updateProperty(LA, member.id, 'deleted', true)).resolves.toMatchObject({ deleted: true });
      expect((await client.staff.list(LA)).some((m) => m.id === member.id)).toBe(false);
      await expect(client.staff.updateProperty(LA, member.id, 'deleted', false)).resolves.toMatchObject({ deleted: false, deleted_at: null });
    });

    it('refuses bad values with a clear message and changes nothing', async () => {
      const { client } = await signedIn(server, 'owner');
      const other = await client.staff.create(LA, { name: 'Holder', full_name: 'Name Holder', username: 'holder.name' });
      await expect(client.staff.updateProperty(LA, member.id, 'username', 'HOLDER.NAME')).rejects.toMatchObject({ status: 409, message: MESSAGES.usernameTaken });
      await expect(client.staff.updateProperty(LA, member.id, 'username', 'x')).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidStaffUsername });
      await expect(client.staff.updateProperty(LA, member.id, 'schedulerColor', 'blue')).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidSchedulerColor });
      await expect(client.staff.updateProperty(LA, member.id, 'visible_in_appointment', 'perhaps')).rejects.toMatchObject({ status: 400, message: MESSAGES.mustBeTrueOrFalse });
      await expect(client.staff.updateProperty(LA, member.id, 'status', 'RETIRED')).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidStaffStatus });
      await expect(client.staff.updateProperty(LA, member.id, 'name', '')).rejects.toMatchObject({ status: 400, message: MESSAGES.staffNameRequired });
      const sneaky = await post(`/protected/business/${LA}/staff/${member.id}/property/update`, { id: member.id, key: 'business_id', value: NY }, [...(await signedIn(server, 'owner')).jar].map(([k, v]) => `${k}=${v}`).join('; '));
      expect(sneaky).toMatchObject({ status: 400, body: { message: MESSAGES.unknownStaffProperty } });
      // The path and body disagree on the member.
      await expect(client.transport.request((await import('@salondesk/core')).endpoints.staff.updateProperty, { params: { id: LA, staffId: member.id }, body: { id: other.id, key: 'name', value: 'X' } })).rejects.toMatchObject({ status: 400 });
      // A member of another business is not found through this one.
      await expect(client.staff.updateProperty(NY, member.id, 'name', 'Moved')).rejects.toMatchObject({ status: 404, message: MESSAGES.staffNotFound });
      const after = (await client.staff.list(LA)).find((m) => m.id === member.id);
      expect(after).toMatchObject({ username: 'prop.renamed', name: 'Propa', attributes: { schedulerColor: '#0A0B0C' } });
    });

    it('fails with the toast of the key (spec 000 §8) when the server gives no message', async () => {
      const { client } = await signedIn(server, 'owner');
      // A failure without a message (a proxy's bare 500) falls back to the key's message.
      const { createClient } = await import('@salondesk/core');
      const silent = createClient({ baseURL: server.baseUrl, fetch: async () => Response.json({ status: false }, { status: 500 }) });
      await expect(silent.staff.updateProperty(LA, member.id, 'username', 'abc')).rejects.toMatchObject({ message: MESSAGES.failedToUpdateUsername });
      await expect(silent.staff.updateProperty(LA, member.id, 'visible_in_appointment', true)).rejects.toMatchObject({ message: MESSAGES.failedToUpdateAppointmentVisibility });
      await expect(silent.staff.updateProperty(LA, member.id, 'name', 'abc')).rejects.toMatchObject({ message: MESSAGES.failedToUpdateEmployee });
      // A server that cannot be reached is named in the spec's words, whatever the key (spec 000 §8).
      const unreachable = createClient({ baseURL: 'http://127.0.0.1:1' });
      await expect(unreachable.staff.updateProperty(LA, member.id, 'username', 'abc')).rejects.toMatchObject({ code: 'NETWORK', message: MESSAGES.serverOffline });
      await expect(client.staff.updateProperty(LA, member.id, 'name', 'Propa')).resolves.toBeTruthy();
    });
  });

  it('lists the roles, the services on sale and a member appointments', async () => {
    const { client } = await signedIn(server, 'manager');
    const roles = await client.staff.roles(LA);
    expect(roles.map((r) => r.name)).toEqual(expect.arrayContaining(['ADMIN', 'OWNER', 'MANAGER', 'STAFF']));
    const services = await client.staff.services(LA);
    expect(services.length).toBeGreaterThan(5);
    expect(services.every((s) => s.business_id === LA && s.deleted_at === null && s.servicestatus <= 2)).toBe(true);
    const [first] = await client.staff.list(LA);
    // The demo books appointments around the day it was created (in the business's time zone).
    const today = todayIn('America/Los_Angeles', demoSeededAt());
    const from = addDays(today, -20);
    const to = addDays(today, 20);
    const appointments = await client.staff.appointments(LA, first!.id, { from, to });
    expect(appointments.length).toBeGreaterThan(0);
    expect(appointments.every((a) => a.staff_id === first!.id && a.day >= from && a.day <= to)).toBe(true);
    const upcoming = await client.staff.appointments(LA, first!.id);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((a) => a.day >= addDays(today, -1) && a.day <= addDays(today, 30) && a.status === 'BOOKED')).toBe(true);
    await expect(client.staff.appointments(LA, first!.id, { from: to, to: from })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDate });
    await expect(client.staff.appointments(LA, first!.id, { from: 'June' })).rejects.toMatchObject({ status: 400 });
    await expect(client.staff.appointments(LA, 999_999)).rejects.toMatchObject({ status: 404 });
  });

  it('reports a month per member, in the business time zone', async () => {
    const { client } = await signedIn(server, 'manager');
    // Last month in Los Angeles: entirely in the past of the demo, so it has completed sales.
    const today = todayIn('America/Los_Angeles', demoSeededAt());
    const [y, m] = today.split('-').map(Number) as [number, number];
    const year = m === 1 ? y - 1 : y;
    const month = m === 1 ? 12 : m - 1;
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    const last = addDays(`${y}-${String(m).padStart(2, '0')}-01`, -1);
    const report = await client.staff.monthlyReport(LA, year, month);
    expect(report).toMatchObject({ year, month });
    const total = report.rows.reduce((n, r) => n + r.appointments, 0);
    expect(total).toBeGreaterThan(0);
    expect(report.rows.reduce((n, r) => n + r.revenue, 0)).toBeGreaterThan(0);
    for (const row of report.rows) {
      expect(row.completed + row.cancelled).toBeLessThanOrEqual(row.appointments);
      if (row.appointments > 0) {
        const listed = await client.staff.appointments(LA, row.staff_id, { from: first, to: last });
        expect(listed.length).toBe(row.appointments);
        expect(row.revenue).toBe(listed.filter((a) => a.status === 'COMPLETED').reduce((n, a) => n + a.price, 0));
        expect(row.minutes).toBe(listed.filter((a) => a.status !== 'CANCELLED' && a.status !== 'NO_SHOW').reduce((n, a) => n + a.duration_minutes, 0));
      }
    }
    // The current month has bookings too (the demo's next 30 days).
    const current = await client.staff.monthlyReport(LA, y, m);
    expect(current.rows.reduce((n, r) => n + r.appointments, 0)).toBeGreaterThan(0);
    await expect(client.staff.monthlyReport(LA, 2024, 13)).rejects.toMatchObject({ status: 400 });
    await expect(client.staff.monthlyReport(LA, 1999, 1)).rejects.toMatchObject({ status: 400 });
  });

  describe('acl through the proxy request', () => {
    it('reads and changes a member acl; nobody grants more than they hold', async () => {
      const owner = await signedIn(server, 'owner');
      const member = await owner.client.staff.create(LA, { name: 'Acl', full_name: 'Acl Member' });
      const acl = { blocks: ['operation'], units: { operation: ['view-staff', 'staff'] }, restrictions: [] };
      await expect(owner.client.proxy.call(operations.staff.updateAcl, LA, { params: { staffId: member.id }, body: { acl } })).resolves.toMatchObject({ acl });
      const manager = await signedIn(server, 'manager');
      await expect(manager.client.proxy.call(operations.staff.getAcl, LA, { params: { staffId: member.id } })).resolves.toEqual(acl);
      // The manager may not edit settings, so may not grant it; nor `unrestricted`.
      await expect(
        manager.client.proxy.call(operations.staff.updateAcl, LA, { params: { staffId: member.id }, body: { acl: { blocks: ['setting'], units: { setting: ['editsetting'] }, restrictions: [] } } }),
      ).rejects.toMatchObject({ status: 403, message: MESSAGES.aclEscalation });
      await expect(
        manager.client.proxy.call(operations.staff.updateAcl, LA, { params: { staffId: member.id }, body: { acl: { blocks: ['unrestricted'], units: {}, restrictions: [] } } }),
      ).rejects.toMatchObject({ status: 403, message: MESSAGES.aclEscalation });
      await expect(manager.client.proxy.call(operations.staff.getAcl, LA, { params: { staffId: member.id } })).resolves.toEqual(acl);
      await expect(owner.client.proxy.call(operations.staff.updateAcl, LA, { params: { staffId: member.id }, body: { acl: { blocks: 'x' } as never } })).rejects.toMatchObject({ status: 400 });
      await expect(owner.client.proxy.call(operations.staff.getAcl, NY, { params: { staffId: member.id } })).rejects.toMatchObject({ status: 404 });
    });
  });
});
