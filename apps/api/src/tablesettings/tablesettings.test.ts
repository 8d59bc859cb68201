import { CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES, TABLE_CONFIGURATION_MAX } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;
const KATHMANDU = 4;

const byStaff = { sorting: [{ id: 'total', desc: true }], columnVisibility: { quantity: false }, columnOrder: ['total', 'quantity'], columnSizing: { name: 200 } };

describe('saved table settings (tablesettings/{name}/get and /update)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const count = async () => Number((await rows<{ n: string }>(server.database.db, sql`select count(*) as n from table_settings`))[0]?.n);

  it('keeps each user’s own settings per table and per business, restored on the next sign-in', async () => {
    const owner = await signedIn(server, 'owner');
    expect(await owner.client.tableSettings.get(LA, 'sales-by-staff')).toBeNull();

    const saved = await owner.client.tableSettings.update(LA, 'sales-by-staff', { title: 'By staff', configuration: byStaff });
    expect(saved).toMatchObject({ name: 'sales-by-staff', title: 'By staff', configuration: byStaff });
    expect(await owner.client.tableSettings.get(LA, 'sales-by-staff')).toEqual(saved);

    // Another device (a new session) finds them.
    const again = await signedIn(server, 'owner');
    expect(await again.client.tableSettings.get(LA, 'sales-by-staff')).toEqual(saved);

    // Per table, per business, per user.
    expect(await owner.client.tableSettings.get(LA, 'sales-top-items')).toBeNull();
    expect(await owner.client.tableSettings.get(NY, 'sales-by-staff')).toBeNull();
    const manager = await signedIn(server, 'manager');
    expect(await manager.client.tableSettings.get(LA, 'sales-by-staff')).toBeNull();
    const theirs = await manager.client.tableSettings.update(LA, 'sales-by-staff', { title: 'By staff', configuration: { sorting: [] } });
    expect(theirs.id).not.toBe(saved.id);
    expect(await owner.client.tableSettings.get(LA, 'sales-by-staff')).toEqual(saved);
    const inNy = await owner.client.tableSettings.update(NY, 'sales-by-staff', { title: 'By staff', configuration: { columnOrder: ['quantity'] } });
    expect(inNy.id).not.toBe(saved.id);
    expect((await owner.client.tableSettings.get(LA, 'sales-by-staff'))?.configuration).toEqual(byStaff);
  });

  it('updates in place, by id or without one; an id that is not these settings changes nothing', async () => {
    const owner = await signedIn(server, 'owner');
    const first = await owner.client.tableSettings.update(LA, 'staff-list', { title: 'Staff', configuration: { sorting: [] } });
    const second = await owner.client.tableSettings.update(LA, 'staff-list', { title: 'Staff members', configuration: { sorting: [{ id: 'name', desc: false }] }, id: first.id });
    expect(second.id).toBe(first.id);
    expect(second.title).toBe('Staff members');
    // A second device that never loaded them saves without an id: still one record.
    const third = await owner.client.tableSettings.update(LA, 'staff-list', { title: 'Staff', configuration: [], id: null });
    expect(third.id).toBe(first.id);
    expect(third.configuration).toEqual([]);

    const manager = await signedIn(server, 'manager');
    const before = await count();
    // Someone else's id, another table's id, another business's: refused, nothing saved.
    await expect(manager.client.tableSettings.update(LA, 'staff-list', { title: 'Mine', configuration: {}, id: first.id })).rejects.toMatchObject({ status: 404, message: MESSAGES.tableSettingsNotFound });
    await expect(owner.client.tableSettings.update(LA, 'catalogue', { title: 'Mine', configuration: {}, id: first.id })).rejects.toMatchObject({ status: 404 });
    await expect(owner.client.tableSettings.update(NY, 'staff-list', { title: 'Mine', configuration: {}, id: first.id })).rejects.toMatchObject({ status: 404 });
    expect(await count()).toBe(before);
    expect(await owner.client.tableSettings.get(LA, 'staff-list')).toEqual(third);
  });

  it('refuses bad input with a 400 naming the field, and saves nothing', async () => {
    const owner = await signedIn(server, 'owner');
    const kept = await owner.client.tableSettings.update(LA, 'catalogue', { title: 'Catalogue', configuration: { columnOrder: ['price'] } });
    const before = await count();
    const cookie = `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}`;
    const post = (name: string, body: unknown) =>
      rawRequest(server, `/protected/business/${LA}/tablesettings/${name}/update`, {
        method: 'POST',
        headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const good = { settings: { title: 'Catalogue', configuration: { columnOrder: [] } } };
    const cases: { name: string; body: unknown; path: string; message?: string }[] = [
      { name: 'Catalogue', body: good, path: 'params.name', message: MESSAGES.invalidTableName },
      { name: 'cata_logue', body: good, path: 'params.name', message: MESSAGES.invalidTableName },
      { name: 'x'.repeat(65), body: good, path: 'params.name', message: MESSAGES.invalidTableName },
      { name: 'catalogue', body: { title: 'Catalogue', configuration: {} }, path: 'settings' },
      { name: 'catalogue', body: { settings: { title: 'Catalogue', configuration: null } }, path: 'settings.configuration' },
      { name: 'catalogue', body: { settings: { title: 'Catalogue', configuration: { note: 'x'.repeat(TABLE_CONFIGURATION_MAX) } } }, path: 'settings.configuration', message: MESSAGES.tableSettingsTooLarge },
      { name: 'catalogue', body: { settings: { title: 'x'.repeat(121), configuration: {} } }, path: 'settings.title' },
      { name: 'catalogue', body: { settings: { title: 'Catalogue', configuration: {}, id: -1 } }, path: 'settings.id' },
      { name: 'catalogue', body: { settings: { title: 'Catalogue', configuration: {}, id: 1.5 } }, path: 'settings.id' },
    ];
    for (const c of cases) {
      const response = await post(c.name, c.body);
      expect(response.status, `${c.name} ${JSON.stringify(c.body).slice(0, 80)}`).toBe(400);
      const issue = response.body?.issues?.find((i) => i.path.join('.') === c.path);
      expect(issue, `${c.path} in ${JSON.stringify(response.body?.issues)}`).toBeTruthy();
      if (c.message) expect(issue?.message).toBe(c.message);
    }
    expect(await count()).toBe(before);
    expect(await owner.client.tableSettings.get(LA, 'catalogue')).toEqual(kept);
    // Without the anti-CSRF header, nothing either.
    const noHeader = await rawRequest(server, `/protected/business/${LA}/tablesettings/catalogue/update`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(good) });
    expect(noHeader.status).toBe(403);
    expect(await owner.client.tableSettings.get(LA, 'catalogue')).toEqual(kept);
  });

  it('answers the spec’s GET and POST forms, and only for a business the user may see', async () => {
    const manager = await signedIn(server, 'manager');
    const cookie = `${SESSION_COOKIE}=${manager.jar.get(SESSION_COOKIE)}`;
    const posted = await rawRequest(server, `/protected/business/${LA}/tablesettings/inventory-columns/update`, {
      method: 'POST',
      headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { title: 'Purchase orders', configuration: { vendor: 'Aveda', columns: ['sku', 'qty'] }, id: null } }),
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ status: true, data: { name: 'inventory-columns', title: 'Purchase orders', configuration: { vendor: 'Aveda', columns: ['sku', 'qty'] } } });
    const got = await rawRequest(server, `/protected/business/${LA}/tablesettings/inventory-columns/get`, { headers: { cookie } });
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toContain('no-store');
    expect(got.body).toEqual(posted.body);

    // The manager may see Luxe Los Angeles only; signed out, nothing at all.
    await expect(manager.client.tableSettings.get(NY, 'inventory-columns')).rejects.toMatchObject({ status: 403 });
    await expect(manager.client.tableSettings.update(KATHMANDU, 'inventory-columns', { title: 'x', configuration: {} })).rejects.toMatchObject({ status: 403 });
    const signedOut = await rawRequest(server, `/protected/business/${LA}/tablesettings/inventory-columns/get`);
    expect(signedOut.status).toBe(401);
  });
});
