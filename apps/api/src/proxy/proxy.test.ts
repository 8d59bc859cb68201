import { defineOperation, id, MESSAGES, proxyEndpoints } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { implementOperation } from './registry';

/** Test-only operations: the proxy mechanism is checked on its own, before any area adds its own. */
const echo = defineOperation({
  name: 'test.echo',
  method: 'POST',
  dest: 'echo/{n}',
  params: z.object({ n: id }),
  body: z.object({ text: z.string().check(z.minLength(1, { error: 'Say something' })) }),
  response: z.object({ n: z.number(), text: z.string(), business: z.number() }),
  errorMessage: MESSAGES.failedToUpdateBang,
});
const staffOnly = defineOperation({
  name: 'test.staffOnly',
  method: 'GET',
  dest: 'staff/secret',
  query: z.object({ q: z._default(z.string(), '') }),
  response: z.object({ q: z.string() }),
  permission: 'setting.editsetting',
  errorMessage: MESSAGES.failedToFetchEmployees,
});

const LA = 1;
const NY = 2;

describe('the proxy request (io-request)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      proxy: {
        operations: [echo, staffOnly],
        implementations: [
          implementOperation(echo, async ({ params, body }, ctx) => ({ n: params.n, text: body.text, business: ctx.business?.id ?? 0 })),
          implementOperation(staffOnly, async ({ query }) => ({ q: query.q })),
        ],
      },
    });
  });
  afterAll(() => server.close());

  it('dispatches a destination to its operation with validated params and payload', async () => {
    const { client } = await signedIn(server, 'owner');
    await expect(client.proxy.call(echo, NY, { params: { n: 5 }, body: { text: 'hi' } })).resolves.toEqual({ n: 5, text: 'hi', business: NY });
  });

  it('answers an unknown destination with 400 and passes nothing through', async () => {
    const { client } = await signedIn(server, 'owner');
    for (const dest of ['echo', 'echo/5/more', '../../protected/admin/businesses', 'staff/secret']) {
      const error = await client.transport
        .request(proxyEndpoints.post, { params: { id: LA }, query: { dest }, body: {} })
        .catch((e: unknown) => e);
      expect(error, dest).toMatchObject({ status: 400, message: MESSAGES.invalidRequest });
    }
  });

  it('validates the payload with the operation schema', async () => {
    const { client } = await signedIn(server, 'owner');
    const error = await client.proxy.call(echo, LA, { params: { n: 5 }, body: { text: '' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, issues: [{ path: ['text'], message: 'Say something' }] });
  });

  it('checks the business first, then the operation permission', async () => {
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.proxy.call(echo, NY, { params: { n: 1 }, body: { text: 'x' } })).rejects.toMatchObject({
      status: 403,
      message: MESSAGES.noBusinessPermission,
    });
    // The manager may not edit settings.
    await expect(manager.client.proxy.call(staffOnly, LA, { query: { q: 'a' } })).rejects.toMatchObject({
      status: 403,
      message: MESSAGES.noBusinessPermission,
    });
    const owner = await signedIn(server, 'owner');
    await expect(owner.client.proxy.call(staffOnly, LA, { query: { q: 'a' } })).resolves.toEqual({ q: 'a' });
  });

  it('refuses anyone signed out', async () => {
    const response = await rawRequest(server, `/protected/business/${LA}/io-request?dest=staff/secret`);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status: false, message: MESSAGES.pleaseLogIn });
  });
});
