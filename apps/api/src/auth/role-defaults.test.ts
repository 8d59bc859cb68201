import { can, defineOperation, MESSAGES } from '@salondesk/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { roles } from '../db/schema';
import { implementOperation } from '../proxy/registry';
import { signedIn, startTestServer, type TestServer } from '../test/harness';

/** An operation that needs `setting.viewsetting`, served only in this test. */
const settingsProbe = defineOperation({
  name: 'tests.settingsProbe',
  method: 'GET',
  dest: 'tests/settings',
  permission: 'setting.viewsetting',
  response: z.object({ ok: z.boolean() }),
  errorMessage: MESSAGES.failedToFetchBusinessSettings,
});

describe('role defaults (spec 000 §6)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      proxy: { operations: [settingsProbe], implementations: [implementOperation(settingsProbe, async () => ({ ok: true }))] },
    });
  });
  afterAll(() => server.close());

  it("adds the role's default blocks and units to the acl of every session, and the server enforces the result", async () => {
    const manager = await signedIn(server, 'manager');
    const probe = () => manager.client.proxy.call(settingsProbe, 1, {});
    expect(can(manager.session.user.acl, 'setting.viewsetting')).toBe(false);
    await expect(probe()).rejects.toMatchObject({ status: 403, message: MESSAGES.noBusinessPermission });

    await server.database.db
      .update(roles)
      .set({ params: { blocks: ['operation', 'setting'], units: { operation: ['view-service'], setting: ['viewsetting'] } } })
      .where(eq(roles.name, 'MANAGER'));
    // The session already open sees the new defaults on its next request.
    const status = await manager.client.auth.checkStatus(manager.session.user.id);
    expect(can(status.user.acl, 'setting.viewsetting')).toBe(true);
    expect(can(status.user.acl, 'operation.staff')).toBe(true); // their own grants stay
    expect(can(status.user.acl, 'setting.editsetting')).toBe(false);
    await expect(probe()).resolves.toEqual({ ok: true });
  });
});
