import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE, DAY_MAX, DAY_MIN, INPUT_LIMITS, MESSAGES, QUANTITY_MAX } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { NO_ADDRESS_LIMIT, rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';

/**
 * Every input is checked before it reaches PostgreSQL (issue 9, item 5): each defect found by
 * probing the API black-box has its test here, at the wire, with the answer a client gets.
 * Bad input is a 400 with the failure envelope and a field path, and changes nothing.
 */
const LA = 1;

interface Caller {
  cookie: string;
}

const send = (server: TestServer, caller: Caller | null, method: string, url: string, body?: unknown) =>
  rawRequest(server, url, {
    method,
    headers: {
      accept: 'application/json',
      ...(caller ? { cookie: `${SESSION_COOKIE}=${caller.cookie}` } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE }),
    },
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body ?? {}),
  });

/** A refusal as the API words it: 400, the envelope, and an issue at `path`. */
const expectRefused = (response: Awaited<ReturnType<typeof send>>, issuePath: (string | number)[], label = '') => {
  expect(response.status, `${label} ${response.text.slice(0, 300)}`).toBe(400);
  expect(response.body).toMatchObject({ status: false, code: 'BAD_REQUEST', message: MESSAGES.invalidRequest });
  expect(response.body?.issues?.map((i) => i.path), label).toContainEqual(issuePath);
  for (const issue of response.body?.issues ?? []) expect(issue.message.length).toBeGreaterThan(0);
};

describe('every input is checked before it reaches PostgreSQL', () => {
  let server: TestServer;
  let owner: Caller;
  let admin: Caller;
  const count = async (table: string) => {
    const result = await server.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    return result.rows[0]?.n ?? -1;
  };

  beforeAll(async () => {
    // Some tests here fail sign-ins on purpose (NUL bytes in names); the address limit is not under test.
    server = await startTestServer({ demo: true, signinFailuresPerAddress: NO_ADDRESS_LIMIT });
    const as = async (username: string) => ({ cookie: (await signedIn(server, username)).jar.get(SESSION_COOKIE) ?? '' });
    owner = await as('owner');
    admin = await as('admin');
  });
  afterAll(() => server.close());

  it('D1: a malformed % escape in the proxy destination is a 400 naming the destination', async () => {
    for (const dest of ['staff%2F%25%2Facl', 'staff%2F%25E0%25A4%2Facl', 'staff%2F%25ED%25A0%2580%2Facl']) {
      expectRefused(await send(server, owner, 'GET', `/protected/business/${LA}/io-request?dest=${dest}`), ['query', 'dest'], dest);
      expectRefused(await send(server, owner, 'POST', `/protected/business/${LA}/io-request?dest=${dest}%2Fupdate`, { acl: {} }), ['query', 'dest'], dest);
    }
  });

  it('D2: a NUL byte anywhere is refused, on the public sign-in before the throttle counts anything', async () => {
    const attempts = await count('auth_throttle');
    const login = await send(server, null, 'POST', '/login', { username: 'a\u0000b', password: 'a'.repeat(64) });
    expectRefused(login, ['username']);
    expect(login.body?.issues?.[0]?.message).toBe(MESSAGES.textHasNul);
    expect(await count('auth_throttle')).toBe(attempts);
    expectRefused(await send(server, null, 'GET', '/dev/outbox/messages?to=%00'), ['query', 'to']);
    expectRefused(await send(server, null, 'POST', '/password/forgot', { email: 'a\u0000@b.c' }), ['email']);
    // In a path parameter, a key and a nested value too.
    expectRefused(await send(server, owner, 'GET', `/protected/business/${LA}/transactions/2025-01-0%00`), ['params', 'day']);
    expectRefused(await send(server, owner, 'POST', `/protected/business/${LA}/staff/add`, { name: 'A', full_name: 'A B', ['x\u0000']: 1 }), ['x\u0000']);
    expectRefused(await send(server, owner, 'POST', `/protected/business/${LA}/holidays/update`, { holidays: [{ day: '2030-01-01', name: 'x\u0000' }] }), ['holidays', 0, 'name']);
  });

  it('D3: days outside what PostgreSQL and date arithmetic handle are refused, and never saved', async () => {
    const holidays = await count('holidays');
    const schedules = await count('schedules');
    for (const bad of ['0000-01-01', '0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31', '2025-02-30']) {
      const transactions = await send(server, owner, 'GET', `/protected/business/${LA}/transactions/${bad}`);
      expectRefused(transactions, ['params', 'day'], bad);
      expect(transactions.body?.issues?.[0]?.message).toBe(MESSAGES.invalidDay);
      expectRefused(await send(server, owner, 'GET', `/protected/business/${LA}/schedule/get/dynamic?start=${bad}`), ['query', 'start'], bad);
      expectRefused(await send(server, owner, 'POST', `/protected/business/${LA}/holidays/update`, { holidays: [{ day: bad, name: 'Far away' }] }), ['holidays', 0, 'day'], bad);
      expectRefused(await send(server, owner, 'POST', `/protected/business/${LA}/schedule/add`, { employee_id: 1, day: bad, start_time: '09:00', end_time: '10:00' }), ['day'], bad);
    }
    expect(await count('holidays')).toBe(holidays);
    expect(await count('schedules')).toBe(schedules);
    // The edges of the window are days like any other, and a range that starts on the last one
    // may end after it.
    for (const edge of [DAY_MIN, DAY_MAX]) {
      expect((await send(server, owner, 'GET', `/protected/business/${LA}/transactions/${edge}`)).status, edge).toBe(200);
      const schedule = await send(server, owner, 'GET', `/protected/business/${LA}/schedule/get/dynamic?start=${edge}&days=62`);
      expect(schedule.status, `${edge} ${schedule.text.slice(0, 200)}`).toBe(200);
    }
  });

  it('D4: a catalogue update that changes nothing is a 400, not a 500', async () => {
    const [category] = (await server.database.db.execute<{ id: number }>(sql`select id from categories where business_id = ${LA} order by id limit 1`)).rows;
    const [service] = (await server.database.db.execute<{ id: number }>(sql`select id from services where business_id = ${LA} order by id limit 1`)).rows;
    const [product] = (await server.database.db.execute<{ id: number }>(sql`select id from products where business_id = ${LA} order by id limit 1`)).rows;
    for (const [kind, row] of [['category', category], ['service', service], ['product', product]] as const) {
      for (const body of [{}, { colour: 'red' }]) {
        const response = await send(server, owner, 'POST', `/protected/business/${LA}/${kind}/${row?.id}/update`, body);
        expectRefused(response, [], `${kind} ${JSON.stringify(body)}`);
        expect(response.body?.issues?.[0]?.message).toBe(MESSAGES.nothingToChange);
      }
    }
  });

  it('D5: integers are bounded like the columns that keep them', async () => {
    const [product] = (await server.database.db.execute<{ id: number; category_id: number }>(sql`select id, category_id from products where business_id = ${LA} order by id limit 1`)).rows;
    const products = await count('products');
    // Stock is a quantity of the ledger (up to QUANTITY_MAX, three decimals): beyond it, or finer, is refused.
    for (const stock of [QUANTITY_MAX + 1, 2147483648, 2 ** 53, -1, 1.0005]) {
      expectRefused(
        await send(server, owner, 'POST', `/protected/business/${LA}/product/add`, { category_id: product?.category_id, name: 'Huge stock', price: 100, stock }),
        ['stock'],
        String(stock),
      );
      expectRefused(await send(server, owner, 'POST', `/protected/business/${LA}/product/${product?.id}/update`, { stock }), ['stock'], String(stock));
    }
    expect(await count('products')).toBe(products);
    const largest = await send(server, owner, 'POST', `/protected/business/${LA}/product/${product?.id}/update`, { stock: QUANTITY_MAX });
    expect(largest.status, largest.text).toBe(200);
  });

  it('D6: JSON nested too deep is a 400 anywhere, and JSON settings have depth and size limits', async () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const system = await send(server, admin, 'POST', `/protected/business/${LA}/io-request?dest=systemsettings/fuzz-deep/update`, `{"value":${deep(10_000)}}`);
    // The body object is level 1 and `value` level 2: the first array past the limit is the 33rd level.
    expectRefused(system, ['value', ...Array.from({ length: INPUT_LIMITS.requestDepth - 1 }, () => 0)]);
    expect(system.body?.issues?.[0]?.message).toBe(MESSAGES.nestedTooDeep);
    // Within the request's nesting limit, but deeper than a JSON setting may be.
    const shallowEnough = await send(server, admin, 'POST', `/protected/business/${LA}/io-request?dest=systemsettings/fuzz-deep/update`, `{"value":${deep(25)}}`);
    expectRefused(shallowEnough, ['value']);
    const big = await send(server, admin, 'POST', `/protected/business/${LA}/io-request?dest=systemsettings/fuzz-big/update`, { value: 'x'.repeat(70_000) });
    expectRefused(big, ['value']);
    // A JSON business setting given as text: the text's own nesting counts.
    const [jsonType] = (await server.database.db.execute<{ id: number }>(sql`select id from setting_types where type = 'json' order by id limit 1`)).rows;
    expect(jsonType).toBeDefined();
    const setting = await send(server, owner, 'POST', `/protected/business/${LA}/bizsettings/update`, { id: jsonType?.id, value: deep(10_000) });
    expect(setting.status, setting.text.slice(0, 300)).toBe(400);
    expect(setting.body?.message).toBe(MESSAGES.jsonValueTooDeep);
    expect(await count(`system_settings where key like 'fuzz-%'`)).toBe(0);
  });

  it('D7: a lone UTF-16 surrogate is refused, never stored as U+FFFD nor a 500', async () => {
    const [ticket] = (await server.database.db.execute<{ id: number }>(sql`select id from queue where business_id = ${LA} order by id limit 1`)).rows;
    for (const lone of ['\ud800', 'a\udc00b', '\udfff\ud800']) {
      const notes = await send(server, owner, 'POST', `/protected/business/${LA}/updatetransaction/${ticket?.id}`, { notes: lone });
      expectRefused(notes, ['notes'], JSON.stringify(lone));
      expect(notes.body?.issues?.[0]?.message).toBe(MESSAGES.textHasLoneSurrogate);
      expectRefused(await send(server, owner, 'POST', `/protected/business/${LA}/staff/add`, { name: `A${lone}`, full_name: 'A B' }), ['name']);
      expectRefused(
        await send(server, owner, 'POST', `/protected/business/${LA}/io-request?dest=transaction/${ticket?.id}/update`, { details: [{ name: 'appointmentnotes', value: lone }] }),
        ['details', 0, 'value'],
      );
    }
    // In a URL a lone surrogate can only be sent as the UTF-8 bytes of one, which are not UTF-8.
    const url = await send(server, null, 'GET', '/dev/outbox/messages?to=%ED%A0%80');
    expect(url.status).toBe(400);
    expect((await server.database.db.execute(sql`select 1 from staff where name like ${'%\ufffd%'}`)).rows).toEqual([]);
    // A proper pair (an emoji) is text like any other.
    const emoji = await send(server, owner, 'POST', `/protected/business/${LA}/updatetransaction/${ticket?.id}`, { notes: 'Loves \ud83d\udc87 cuts' });
    expect(emoji.status, emoji.text.slice(0, 200)).toBe(200);
  });

  it('D8: a system setting set to null is a 400', async () => {
    const response = await send(server, admin, 'POST', `/protected/business/${LA}/io-request?dest=systemsettings/fuzz-null/update`, { value: null });
    expectRefused(response, ['value']);
    expect(await count(`system_settings where key = 'fuzz-null'`)).toBe(0);
  });

  it('accepts ids only as canonical decimals', async () => {
    const [ticket] = (await server.database.db.execute<{ id: number }>(sql`select id from queue where business_id = ${LA} order by id limit 1`)).rows;
    const good = await send(server, owner, 'GET', `/protected/business/${LA}/transaction/${ticket?.id}`);
    expect(good.status).toBe(200);
    for (const bad of ['0x3', '%203', '3e0', '+3', '03', '3.0', '%20' + String(ticket?.id), `${ticket?.id}%20`, '0', '-1', '2147483648', '1e3']) {
      expectRefused(await send(server, owner, 'GET', `/protected/business/${LA}/transaction/${bad}`), ['params', 'txId'], bad);
      // The business id itself: an admin is told why; anyone else gets the same 403 as for a business not theirs.
      expectRefused(await send(server, admin, 'GET', `/protected/business/${bad}/catalogue`), ['params', 'id'], bad);
      expect((await send(server, owner, 'GET', `/protected/business/${bad}/catalogue`)).status, bad).toBe(403);
      expectRefused(await send(server, owner, 'GET', `/protected/business/${LA}/loyalty/detail?id=${bad}`), ['query', 'id'], bad);
    }
    // Query numbers too.
    for (const bad of ['0x10', '1e1', '%2010', '010', '10.0']) {
      expectRefused(await send(server, owner, 'GET', `/protected/business/${LA}/dashboard?type=chart&days=${bad}`), ['query', 'days'], bad);
    }
  });

  it('answers an address the router or Node refuses with the failure envelope too', async () => {
    const badEscape = await send(server, owner, 'GET', `/protected/business/${LA}/transaction/%E0%A4`);
    expect(badEscape.status).toBe(400);
    expect(badEscape.body).toEqual({ status: false, code: 'BAD_REQUEST', message: MESSAGES.malformedUrl });
    expect(badEscape.headers.get('cache-control')).toBe('no-store');
    // A path parameter longer than any schema accepts is still checked by its schema, with its field.
    expectRefused(await send(server, null, 'POST', `/password/${'t'.repeat(300)}/reset`, { email: 'a@b.c', password: 'a'.repeat(64) }), ['params', 'token']);
    const segment = await send(server, owner, 'GET', `/protected/business/${LA}/transaction/${'9'.repeat(1_500)}`);
    expect(segment.status).toBe(414);
    expect(segment.body).toEqual({ status: false, code: 'BAD_REQUEST', message: MESSAGES.urlPartTooLong });
    const huge = await send(server, null, 'GET', `/dev/outbox/messages?to=${'x'.repeat(20_000)}`);
    expect(huge.status).toBe(431);
    expect(huge.body).toEqual({ status: false, code: 'BAD_REQUEST', message: MESSAGES.headersTooLarge });
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await send(server, null, 'POST', '/login', JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ status: false, code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.payloadTooLarge });
  });

  it('marks every API answer Cache-Control: no-store', async () => {
    const answers = [
      await send(server, null, 'GET', '/healthz'),
      await send(server, owner, 'GET', `/protected/business/${LA}/catalogue`),
      await send(server, owner, 'GET', `/protected/business/${LA}/transaction/abc`),
      await send(server, null, 'GET', `/protected/business/${LA}/catalogue`),
      await send(server, null, 'GET', '/protected/nothing'),
      await send(server, null, 'POST', '/login', '{'),
      await send(server, null, 'POST', '/login', { username: 'nobody', password: 'a'.repeat(64) }),
    ];
    for (const answer of answers) expect(answer.headers.get('cache-control'), answer.text.slice(0, 100)).toBe('no-store');
  });
});

describe("the dashboard's files keep their own caching", () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'salondesk-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
    await fs.writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    server = await startTestServer({ webDist: dist });
  });
  afterAll(() => server.close());

  it('hashed assets are immutable, pages revalidate', async () => {
    expect((await rawRequest(server, '/assets/app-1234.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await rawRequest(server, '/1/home', { headers: { accept: 'text/html' } })).headers.get('cache-control')).toBe('no-cache');
    expect((await rawRequest(server, '/', { headers: { accept: 'text/html' } })).headers.get('cache-control')).toBe('no-cache');
  });
});
