import { defineEndpoint, MESSAGES } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthState } from '../auth/authState';
import { loadUserAccess } from '../auth/users';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { freshDatabaseUrl } from '../test/harness';
import { checkAccess, userParamOf } from './access';

const id = z.coerce.number().int().positive();
const staffList = defineEndpoint({
  name: 'tests.staffList',
  method: 'GET',
  path: '/protected/business/{id}/staff',
  access: 'business',
  permission: 'operation.view-staff',
  params: z.object({ id }),
  response: z.unknown(),
  errorMessage: MESSAGES.failedToFetchEmployees,
});
const settings = defineEndpoint({
  name: 'tests.settings',
  method: 'GET',
  path: '/protected/business/{id}/settings',
  access: 'business',
  permission: 'setting.viewsetting',
  params: z.object({ id }),
  response: z.unknown(),
  errorMessage: MESSAGES.failedToFetchBusinessSettings,
});
const userRoute = defineEndpoint({
  name: 'tests.userRoute',
  method: 'GET',
  path: '/protected/user/{id}/things',
  access: 'user',
  params: z.object({ id }),
  response: z.unknown(),
  errorMessage: MESSAGES.requestFailed,
});

describe('checkAccess', () => {
  let database: DatabaseHandle;
  const as = async (userId: number): Promise<AuthState> => ({ ...(await loadUserAccess(database.db, userId))!, tokenHash: 'x' });
  const ADMIN = 1;
  const OWNER = 2;
  const MANAGER = 3;
  const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };

  beforeAll(async () => {
    database = openDatabase(await freshDatabaseUrl(), { max: 2 });
  });
  afterAll(() => database.close());

  it('knows which path parameter names the user', () => {
    expect(userParamOf(userRoute)).toBe('id');
    expect(userParamOf(staffList)).toBeUndefined();
  });

  it("enforces an endpoint's permission key inside a business the user may see", async () => {
    const manager = await as(MANAGER);
    await expect(checkAccess(staffList, manager, { id: '1' }, database.db)).resolves.toMatchObject({ business: { id: 1 } });
    await expect(checkAccess(settings, manager, { id: '1' }, database.db)).rejects.toMatchObject(forbidden);
    await expect(checkAccess(settings, await as(OWNER), { id: '1' }, database.db)).resolves.toBeTruthy();
    await expect(checkAccess(settings, await as(ADMIN), { id: '4' }, database.db)).resolves.toBeTruthy();
  });

  it('refuses another user in a user route, unless admin', async () => {
    await expect(checkAccess(userRoute, await as(MANAGER), { id: String(OWNER) }, database.db)).rejects.toMatchObject(forbidden);
    await expect(checkAccess(userRoute, await as(MANAGER), { id: String(MANAGER) }, database.db)).resolves.toBeTruthy();
    await expect(checkAccess(userRoute, await as(ADMIN), { id: String(OWNER) }, database.db)).resolves.toBeTruthy();
  });

  it('asks to log in without a session', async () => {
    await expect(checkAccess(userRoute, null, { id: '1' }, database.db)).rejects.toMatchObject({ status: 401, message: MESSAGES.pleaseLogIn });
  });
});
