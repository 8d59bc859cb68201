import { MESSAGES, operations } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../test/harness';

const LA = 1;

describe('system settings (proxy request, admins only)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('writes, reads and lists system settings', async () => {
    const { client } = await signedIn(server, 'admin');
    const value = { cards: ['sales', 'appointments'], refresh: 60 };
    await expect(client.proxy.call(operations.system.update, LA, { params: { key: 'default-dashboard-cards' }, body: { value } })).resolves.toMatchObject({ key: 'default-dashboard-cards', value });
    await expect(client.proxy.call(operations.system.get, LA, { params: { key: 'default-dashboard-cards' } })).resolves.toMatchObject({ value });
    expect((await client.proxy.call(operations.system.list, LA, {})).map((s) => s.key)).toContain('default-dashboard-cards');
  });

  it('refuses non-admins, unknown keys and bad keys', async () => {
    const owner = await signedIn(server, 'owner');
    await expect(owner.client.proxy.call(operations.system.list, LA, {})).rejects.toMatchObject({ status: 403, message: MESSAGES.adminOnly });
    await expect(owner.client.proxy.call(operations.system.update, LA, { params: { key: 'x' }, body: { value: 1 } })).rejects.toMatchObject({ status: 403 });
    const admin = await signedIn(server, 'admin');
    await expect(admin.client.proxy.call(operations.system.get, LA, { params: { key: 'nothing-here' } })).rejects.toMatchObject({ status: 404, message: MESSAGES.systemSettingNotFound });
    await expect(admin.client.proxy.call(operations.system.get, LA, { params: { key: 'Bad Key' } })).rejects.toMatchObject({ status: 400 });
    await expect(admin.client.proxy.call(operations.system.update, LA, { params: { key: 'k' }, body: {} as never })).rejects.toMatchObject({ status: 400 });
  });
});
