import { MESSAGES, userCan } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';

/** The platform admin's look-up of a user across businesses (`getuser`). */
describe('users.lookup (getuser)', () => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signedIn(server, 'admin');
  });
  afterAll(() => server.close());

  it('finds a user by part of a name, username or email, with their acl and the businesses they may open', async () => {
    const [byName] = await admin.client.users.lookup('marco');
    expect(byName).toMatchObject({ user: { username: 'manager', fullname: 'Marco Reyes', role: 'MANAGER' }, disabled: false, allBusinesses: false });
    expect(byName?.businesses.map((b) => b.name)).toEqual(['Luxe Los Angeles']);
    // The acl a session carries: the role's default units too (MANAGER brings operation.view-service).
    expect(userCan(byName!.user, 'operation.view-service')).toBe(true);
    expect(userCan(byName!.user, 'setting.editsetting')).toBe(false);
    // Signed in just now: last seen is set.
    await signedIn(server, 'manager');
    expect((await admin.client.users.lookup('manager@salondesk.demo'))[0]?.last_seen_at).not.toBeNull();

    const owner = (await admin.client.users.lookup('OWNER@salondesk'))[0];
    expect(owner?.user.username).toBe('owner');
    expect(owner?.businesses.map((b) => b.name)).toEqual(['Luxe Los Angeles', 'Luxe New York', 'Luxe Santa Monica']);

    const self = (await admin.client.users.lookup('admin@salondesk.demo'))[0];
    expect(self).toMatchObject({ allBusinesses: true, businesses: [] });
  });

  it('finds by id, exact matches first, and answers nothing for no match', async () => {
    const { session } = await signedIn(server, 'lotus');
    const byId = await admin.client.users.lookup(String(session.user.id));
    expect(byId[0]?.user.id).toBe(session.user.id);
    expect(await admin.client.users.lookup('nobody-is-called-this')).toEqual([]);
    // An id beyond any column is just no match, not a failure.
    expect(await admin.client.users.lookup('99999999999999')).toEqual([]);
    // % and _ are letters here, not patterns.
    expect(await admin.client.users.lookup('%%')).toEqual([]);
  });

  it('refuses a search of one letter, and everyone but platform admins', async () => {
    expect(await refusal(admin.client.users.lookup('a'))).toMatchObject({ status: 400 });
    expect(JSON.stringify((await refusal(admin.client.users.lookup(' '))).issues)).toContain(MESSAGES.userSearchTooShort);
    for (const username of ['owner', 'manager']) {
      const { client } = await signedIn(server, username);
      expect((await refusal(client.users.lookup('marco'))).status).toBe(403);
    }
  });
});
