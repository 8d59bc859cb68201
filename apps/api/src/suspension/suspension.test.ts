import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, EMBED_DOMAINS_META, MESSAGES, todayIn } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;
const TZ = 'America/Los_Angeles';
type Signed = Awaited<ReturnType<typeof signedIn>>;

describe('suspension (spec 001 §3, §4, §7)', () => {
  let server: TestServer;
  let admin: Signed;
  let owner: Signed;
  const today = () => todayIn(TZ, new Date());
  const storedDay = async (id: number) =>
    (await rows<{ d: string | null }>(server.database.db, sql`select suspended_after::text as d from businesses where id = ${id}`))[0]?.d ?? null;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signedIn(server, 'admin');
    owner = await signedIn(server, 'owner');
  });
  afterAll(() => server.close());

  it('is an admin path: an owner is refused and nothing changes; without a session, log in', async () => {
    const refused = await refusal(owner.client.suspension.update(LA, today()));
    expect(refused.status).toBe(403);
    const anonymous = await rawRequest(server, `/protected/admin/${LA}/suspension/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-salondesk-csrf': '1' },
      body: JSON.stringify({ date: today() }),
    });
    expect(anonymous.status).toBe(401);
    expect(await storedDay(LA)).toBeNull();
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    for (const body of [{ date: '2026-13-01' }, { date: '01/12/2026' }, {}, { date: 5 }, { date: '1999-12-31' }]) {
      const response = await admin.fetch(`${server.baseUrl}/protected/admin/${LA}/suspension/update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-salondesk-csrf': '1' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await refusal(admin.client.suspension.update(999_999, today()))).status).toBe(404);
    expect(await storedDay(LA)).toBeNull();
  });

  it('a day to come: will be suspended, with the date on the business; its users still reach everything', async () => {
    const nextWeek = addDays(today(), 7);
    await expect(admin.client.suspension.update(LA, nextWeek)).resolves.toEqual({ isSuspended: false, willBeSuspended: true, suspended_after: nextWeek, reason: null });
    expect(await storedDay(LA)).toBe(nextWeek);
    const business = await owner.client.businesses.get(owner.session.user.id, LA);
    expect(business.suspension).toEqual({ isSuspended: false, willBeSuspended: true, suspended_after: nextWeek, reason: null });
    await expect(owner.client.epay.settings(LA)).resolves.toBeTruthy();
  });

  it('today: suspended at once; its users reach only billing (the business, table layouts), admins everything, other businesses untouched', async () => {
    await expect(admin.client.suspension.update(LA, today())).resolves.toMatchObject({ isSuspended: true, willBeSuspended: false });
    const refused = await refusal(owner.client.epay.settings(LA));
    expect(refused).toMatchObject({ status: 403, code: 'SUSPENDED', message: MESSAGES.businessSuspended });
    // Whatever the call: the staff list too.
    expect((await refusal(owner.client.staff.list(LA))).code).toBe('SUSPENDED');

    const business = await owner.client.businesses.get(owner.session.user.id, LA);
    expect(business.suspension).toEqual({ isSuspended: true, willBeSuspended: false, suspended_after: today(), reason: null });
    await expect(owner.client.tableSettings.get(LA, 'billing-invoices')).resolves.toBeDefined();
    // Billing's dispatcher is not held back by the guard (whatever billing itself answers).
    const billing = await owner.fetch(`${server.baseUrl}/protected/business/${LA}/billing?uid=${owner.session.user.id}&dest=invoice/all&startdate=${today()}&enddate=${today()}`);
    expect(((await billing.json()) as { code?: string }).code).not.toBe('SUSPENDED');

    await expect(admin.client.epay.settings(LA)).resolves.toBeTruthy();
    await expect(owner.client.epay.settings(NY)).resolves.toBeTruthy();
  });

  it('lifting restores access at once', async () => {
    await expect(admin.client.suspension.update(LA, null)).resolves.toEqual({ isSuspended: false, willBeSuspended: false, suspended_after: null, reason: null });
    await expect(owner.client.epay.settings(LA)).resolves.toBeTruthy();
    expect(await storedDay(LA)).toBeNull();
  });
});

describe('a suspension its users can resolve (issue 28): why, what is owed, whom to contact', () => {
  let server: TestServer;
  let admin: Signed;
  let owner: Signed;
  const configured = { email: 'help@platform.example', phone: '+13105550100' };
  const today = () => todayIn(TZ, new Date());
  const db = () => server.database.db;
  /** What a business's unpaid and failed invoices still lack, and the oldest of them, as the database has it. */
  const owedIn = async (id: number) =>
    (
      await rows<{ amount: number; invoices: number; oldest: number | null }>(
        db(),
        sql`select coalesce(sum(i.total - i.paid), 0)::int as amount, count(*)::int as invoices,
              (array_agg(i.id order by i.created_at, i.id))[1] as oldest
            from (select i.id, i.total, i.created_at, coalesce((select sum(p.amount) from billing_payments p where p.invoice_id = i.id and p.status = 'succeeded'), 0) as paid
                  from billing_invoices i where i.business_id = ${id} and i.deleted_at is null and i.status in ('unpaid', 'fail')) i
            where i.total > i.paid`,
      )
    )[0];

  beforeAll(async () => {
    server = await startTestServer({ support: configured });
    admin = await signedIn(server, 'admin');
    owner = await signedIn(server, 'owner');
  });
  afterAll(() => server.close());

  it('keeps the reason the admin gives with the day, shows it to the business’s users, and clears it when lifted', async () => {
    const reason = 'The card on file was declined three times.';
    await expect(admin.client.suspension.update(NY, today(), `  ${reason}  `)).resolves.toEqual({ isSuspended: true, willBeSuspended: false, suspended_after: today(), reason });
    expect((await owner.client.businesses.get(owner.session.user.id, NY)).suspension).toMatchObject({ isSuspended: true, reason });
    // Changing only the day keeps it; lifting clears it.
    const nextWeek = addDays(today(), 7);
    await expect(admin.client.suspension.update(NY, nextWeek)).resolves.toMatchObject({ willBeSuspended: true, reason });
    await expect(admin.client.suspension.update(NY, null)).resolves.toEqual({ isSuspended: false, willBeSuspended: false, suspended_after: null, reason: null });
    await expect(admin.client.suspension.update(NY, today())).resolves.toMatchObject({ reason: null });
    await admin.client.suspension.update(NY, null);
    // A reason longer than the column allows is refused, nothing changed.
    expect((await refusal(admin.client.suspension.update(NY, today(), 'x'.repeat(501)))).status).toBe(400);
    expect((await owner.client.businesses.get(owner.session.user.id, NY)).suspension?.isSuspended).toBe(false);
  });

  it('tells a suspended business’s users what its invoices owe, with the oldest to pay first, while every other call is held back', async () => {
    // Something to pay: an unpaid invoice of $129.00 (the demo's invoices of Los Angeles are settled).
    await db().execute(
      sql`insert into billing_invoices (business_id, user_id, type, status, currency, subtotal, total)
          values (${LA}, ${owner.session.user.id}, 'onetime', 'unpaid', 'USD', 12900, 12900)`,
    );
    await admin.client.suspension.update(LA, today(), 'Past due');
    const owed = await owedIn(LA);
    expect(owed?.amount).toBeGreaterThanOrEqual(12900);
    expect((await refusal(owner.client.staff.list(LA))).code).toBe('SUSPENDED');
    const status = await owner.client.suspension.status(LA);
    expect(status.suspension).toEqual({ isSuspended: true, willBeSuspended: false, suspended_after: today(), reason: 'Past due' });
    expect(status.owed).toEqual({ amount: owed?.amount, currency: 'USD', invoices: owed?.invoices, invoice_id: owed?.oldest ?? null });
    await admin.client.suspension.update(LA, null);
  });

  it('gives a suspended business that owes nothing the platform’s support contact: the system setting’s, else the server’s', async () => {
    // Nothing owed at New York: its open invoices withdrawn.
    await db().execute(sql`update billing_invoices set deleted_at = now() where business_id = ${NY} and status in ('unpaid', 'fail')`);
    await admin.client.suspension.update(NY, today(), 'Closed for renovation');
    const status = await owner.client.suspension.status(NY);
    expect(status.owed).toMatchObject({ amount: 0, invoices: 0, invoice_id: null });
    // The demo's system setting.
    expect(status.contact).toEqual({ email: 'support@salondesk.localhost', phone: '+18005550199' });
    // Without it (or with an empty field), the server's configured contact.
    await db().execute(sql`update system_settings set value = '{"email": "desk@platform.example", "phone": ""}'::jsonb where key = 'support-contact'`);
    expect((await owner.client.suspension.status(NY)).contact).toEqual({ email: 'desk@platform.example', phone: configured.phone });
    await db().execute(sql`delete from system_settings where key = 'support-contact'`);
    expect((await owner.client.suspension.status(NY)).contact).toEqual(configured);
    await admin.client.suspension.update(NY, null);
  });

  it('is the business’s own: another network’s user is refused', async () => {
    const lotus = await signedIn(server, 'lotus');
    expect((await refusal(lotus.client.suspension.status(LA))).status).toBe(403);
  });
});

describe('the framing policy', () => {
  let server: TestServer;
  let admin: Signed;
  const webDist = mkdtempSync(path.join(tmpdir(), 'salondesk-embed-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Salondesk</title></head><body><div id="root"></div></body></html>');
  const page = (url: string) => rawRequest(server, url, { headers: { accept: 'text/html' } });
  const ancestors = (headers: Headers) => /frame-ancestors ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1];

  beforeAll(async () => {
    server = await startTestServer({ webDist });
    admin = await signedIn(server, 'admin');
  });
  afterAll(() => server.close());

  it('lets nobody frame the dashboard or the API', async () => {
    for (const url of ['/', '/1/home', '/login', '/healthz', '/nope']) {
      const { headers } = await page(url);
      expect(ancestors(headers), url).toBe("'none'");
      expect(headers.get('x-frame-options'), url).toBe('DENY');
    }
  });

  it('lets exactly the business’s allowed domains frame its embed route, each on any port, and hands the page the list', async () => {
    const { headers, text } = await page(`/embed/${LA}`);
    expect(ancestors(headers)).toBe('luxe-los-angeles.example:* *.luxe-los-angeles.example:* localhost:*');
    expect(headers.get('x-frame-options')).toBeNull();
    expect(headers.get('cache-control')).toBe('no-store');
    expect(text).toContain(`<meta name="${EMBED_DOMAINS_META}" content="luxe-los-angeles.example *.luxe-los-angeles.example localhost">`);
    // Every other directive stays as it is everywhere.
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('follows domains/update on the next load, and names nobody for a list that is empty or a business that does not exist', async () => {
    await admin.client.epay.domains(NY, ['shop.example.com']);
    expect(ancestors((await page(`/embed/${NY}`)).headers)).toBe('shop.example.com:*');
    await admin.client.epay.domains(NY, []);
    const empty = await page(`/embed/${NY}`);
    expect(ancestors(empty.headers)).toBe("'none'");
    expect(empty.text).toContain(`<meta name="${EMBED_DOMAINS_META}" content="">`);
    for (const url of ['/embed/999999', '/embed/abc', '/embed/0']) expect(ancestors((await page(url)).headers), url).toBe("'none'");
  });
});
