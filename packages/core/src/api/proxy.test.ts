import { fc, test } from '@fast-check/vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { fillPath } from './endpoint';
import { createClient } from './index';
import { defineOperation, destinationSegments, matchOperation } from './proxy';

const updateTx = defineOperation({
  name: 'test.updateTransaction',
  method: 'POST',
  dest: 'transaction/{txId}/update',
  params: z.object({ txId: id }),
  body: z.object({ note: z.string() }),
  response: z.object({ updated: z.boolean() }),
  errorMessage: MESSAGES.failedToUpdateBang,
});
const bypass = defineOperation({
  name: 'test.bypassTransactions',
  method: 'GET',
  dest: 'bypassmode/transactions',
  query: z.object({ day: z.string() }),
  response: z.array(z.number()),
  errorMessage: MESSAGES.failedToFetchTransactions,
});
const ops = [updateTx, bypass];

describe('matchOperation', () => {
  test.prop([fc.integer({ min: 1, max: 2 ** 31 - 1 })])('finds the operation a filled destination names, with its params', (txId) => {
    expect(matchOperation(ops, 'POST', fillPath(updateTx.dest, { txId }))).toEqual({ operation: updateTx, params: { txId: String(txId) } });
  });

  it('matches nothing for another method, an unknown destination or a missing segment', () => {
    expect(matchOperation(ops, 'GET', 'transaction/5/update')).toBeNull();
    expect(matchOperation(ops, 'POST', 'transaction/5/delete')).toBeNull();
    expect(matchOperation(ops, 'POST', 'transaction//update')).toBeNull();
    expect(matchOperation(ops, 'POST', '../../admin/businesses')).toBeNull();
    expect(matchOperation(ops, 'GET', '/bypassmode/transactions/')).toEqual({ operation: bypass, params: {} });
  });

  test.prop([fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 })])('decodes any filled value back to itself', (value) => {
    expect(destinationSegments(fillPath('a/{v}/b', { v: value }))).toEqual(['a', value, 'b']);
  });

  it('decodes nothing with a malformed escape (the server answers 400), and never throws', () => {
    for (const dest of ['transaction/%/update', 'transaction/%E0%A4/update', 'transaction/%ED%A0%80/update', 'transaction/%zz/update']) {
      expect(destinationSegments(dest), dest).toBeNull();
      expect(matchOperation(ops, 'POST', dest), dest).toBeNull();
    }
  });
});

const API = 'http://api.salondesk.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('client.proxy.call', () => {
  it('posts the payload with the destination in the query', async () => {
    let seen: { dest: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${API}/protected/business/7/io-request`, async ({ request }) => {
        seen = { dest: new URL(request.url).searchParams.get('dest'), body: await request.json() };
        return HttpResponse.json({ status: true, data: { updated: true } });
      }),
    );
    const result = await createClient({ baseURL: API }).proxy.call(updateTx, 7, { params: { txId: 42 }, body: { note: 'hi' } });
    expect(result).toEqual({ updated: true });
    expect(seen).toEqual({ dest: 'transaction/42/update', body: { note: 'hi' } });
  });

  it('sends a GET operation query beside the destination and parses its response', async () => {
    server.use(
      http.get(`${API}/protected/business/7/io-request`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        return HttpResponse.json({ status: true, data: q.get('dest') === 'bypassmode/transactions' && q.get('day') === '2026-01-02' ? [1, 2] : 'wrong' });
      }),
    );
    await expect(createClient({ baseURL: API }).proxy.call(bypass, 7, { query: { day: '2026-01-02' } })).resolves.toEqual([1, 2]);
  });

  it("fails with the operation's catalogue message", async () => {
    server.use(http.get(`${API}/protected/business/7/io-request`, () => new HttpResponse(null, { status: 500 })));
    await expect(createClient({ baseURL: API }).proxy.call(bypass, 7, { query: { day: '2026-01-02' } })).rejects.toMatchObject({
      message: MESSAGES.failedToFetchTransactions,
    });
    server.use(http.get(`${API}/protected/business/7/io-request`, () => HttpResponse.json({ status: true, data: { not: 'a list' } })));
    await expect(createClient({ baseURL: API }).proxy.call(bypass, 7, { query: { day: '2026-01-02' } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: MESSAGES.failedToFetchTransactions,
    });
  });
});
