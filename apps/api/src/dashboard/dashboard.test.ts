import { createHash } from 'node:crypto';
import { comparisonDays, DEFAULT_DASHBOARD_CARDS, DEFAULT_KPI_PARAMS, figureValue, MESSAGES, percentChange, sameTimeOn } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashStoredPassword } from '../auth/password';
import { DEMO_PASSWORD } from '../demo/accounts';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;
const SM = 3;

describe('the home dashboard', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('compares today, yesterday and last month end, with the queue and the default cards from system settings', async () => {
    const { client } = await signedIn(server, 'manager');
    const home = await client.dashboard.home(LA);
    expect([home.today.day, home.yesterday.day, home.lastMonthEnd.day]).toEqual(Object.values(comparisonDays(new Date(), 'America/Los_Angeles')));
    expect(home.cards.map((c) => c.column)).toEqual(DEFAULT_DASHBOARD_CARDS.map((c) => c.column));
    expect(home.available.kpis.map((k) => k.column)).toEqual(DEFAULT_KPI_PARAMS.map((k) => k.column));
    expect(home.yesterday.totals.tickets).toBeGreaterThan(50);
    const sales = await client.sales.summary(LA, home.yesterday.day, home.yesterday.day);
    expect(home.yesterday.totals).toEqual(sales.totals);
    expect(home.today.monthtotal).toBeGreaterThanOrEqual(0);
    expect(home.queue.completed).toBe(home.today.totals.tickets);
    await expect(client.dashboard.home(NY)).rejects.toMatchObject({ status: 403 });
  });

  it('reads the default cards from the system setting', async () => {
    await server.database.db.execute(sql`update system_settings set value = '[{"column":"tax","title":"Tax collected"},{"column":"nope"}]'::jsonb where key = 'default-dashboard-cards'`);
    try {
      const { client } = await signedIn(server, 'owner');
      const home = await client.dashboard.home(SM);
      expect(home.cards.map((c) => [c.column, c.title])).toEqual([['tax', 'Tax collected']]);
    } finally {
      await server.database.db.execute(sql`update system_settings set value = ${JSON.stringify(DEFAULT_DASHBOARD_CARDS)}::jsonb where key = 'default-dashboard-cards'`);
    }
  });

  it('adds and removes cards; refuses a duplicate and an unknown column', async () => {
    const { client } = await signedIn(server, 'owner');
    const added = await client.dashboard.addCard(LA, { column: 'refunds' });
    expect(added.message).toBe(MESSAGES.addedSuccessfully);
    expect(added.data).toMatchObject({ column: 'refunds', title: 'Refunds', hidden: false });
    expect((await client.dashboard.home(LA)).cards.map((c) => c.column)).toContain('refunds');
    await expect(client.dashboard.addCard(LA, { column: 'refunds' })).rejects.toMatchObject({ status: 409, message: MESSAGES.cardAlreadyAdded });
    await expect(client.dashboard.addCard(LA, { column: 'bogus' as 'tax' })).rejects.toMatchObject({ status: 400 });
    const removed = await client.dashboard.removeCard(LA, added.data.id);
    expect(removed.message).toBe(MESSAGES.deletedSuccessfully);
    expect((await client.dashboard.home(LA)).cards.map((c) => c.column)).not.toContain('refunds');
    await expect(client.dashboard.removeCard(LA, added.data.id)).rejects.toMatchObject({ status: 404, message: MESSAGES.dashboardItemNotFound });
    // Another business's card is not this one's to remove.
    const ny = await client.dashboard.addCard(NY, { column: 'tax' });
    await expect(client.dashboard.removeCard(LA, ny.data.id)).rejects.toMatchObject({ status: 404 });
  });

  it('adds KPIs offered by the system setting; a global one shows in every location of the network', async () => {
    const { client } = await signedIn(server, 'owner');
    await expect(client.dashboard.addKpi(LA, { column: 'tips' })).rejects.toMatchObject({ status: 400, issues: [{ message: MESSAGES.kpiNotOffered }] });
    const kpi = await client.dashboard.addKpi(LA, { column: 'retail_share', global: true });
    expect(kpi.data).toMatchObject({ column: 'retail_share', format: 'percent', global: true });
    expect(kpi.data.current).toBeGreaterThanOrEqual(0);
    expect(kpi.data.current).toBeLessThanOrEqual(100);
    expect((await client.dashboard.home(NY)).kpis.map((k) => k.column)).toContain('retail_share');
    await expect(client.dashboard.addKpi(NY, { column: 'retail_share' })).rejects.toMatchObject({ status: 409, message: MESSAGES.kpiAlreadyAdded });
    const lotus = await signedIn(server, 'lotus');
    expect((await lotus.client.dashboard.home(4)).kpis).toEqual([]);
    await client.dashboard.removeKpi(NY, kpi.data.id);
    expect((await client.dashboard.home(LA)).kpis).toEqual([]);
  });

  it('keeps the KPI snapshot period, refusing an unknown one', async () => {
    const { client, jar } = await signedIn(server, 'owner');
    expect(await client.dashboard.periodSnapshot(LA)).toEqual({ period: 'month' });
    const updated = await client.dashboard.updatePeriodSnapshot(LA, { period: 'week' });
    expect(updated.message).toBe(MESSAGES.updatedBang);
    expect((await client.dashboard.home(LA)).period).toBe('week');
    const bad = await rawRequest(server, `/protected/business/${LA}/periodsnapshotsetting/update`, {
      method: 'POST',
      headers: { cookie: `sd_session=${jar.get('sd_session')}`, 'content-type': 'application/json', 'x-salondesk-csrf': '1' },
      body: JSON.stringify({ period: 'decade' }),
    });
    expect(bad.status).toBe(400);
    expect(await client.dashboard.periodSnapshot(LA)).toEqual({ period: 'week' });
  });

  it('charts net sales per day, today included', async () => {
    const { client } = await signedIn(server, 'owner');
    const chart = await client.dashboard.chart(LA, 14);
    expect(chart.points).toHaveLength(14);
    expect(chart.points.at(-1)?.day).toBe(comparisonDays(new Date(), 'America/Los_Angeles').today);
    await expect(client.dashboard.chart(LA, 1000)).rejects.toMatchObject({ status: 400 });
  });

  it('keeps network-wide KPIs to those with rights over every location: the restricted manager and the front desk can neither add nor remove them (D9)', async () => {
    const owner = await signedIn(server, 'owner');
    const manager = await signedIn(server, 'manager');
    // The manager sees Luxe Los Angeles only, and may not edit settings.
    await expect(manager.client.dashboard.addKpi(LA, { column: 'tip_rate', global: true })).rejects.toMatchObject({ status: 403, message: MESSAGES.dashboardGlobalKpiNotAllowed });
    await expect(manager.client.dashboard.addKpi(LA, { column: 'tip_rate' })).rejects.toMatchObject({ status: 403, message: MESSAGES.dashboardChangeNotAllowed });
    await expect(manager.client.dashboard.addCard(LA, { column: 'tax' })).rejects.toMatchObject({ status: 403, message: MESSAGES.dashboardChangeNotAllowed });
    const global = await owner.client.dashboard.addKpi(LA, { column: 'tip_rate', global: true });
    await expect(manager.client.dashboard.removeKpi(LA, global.data.id)).rejects.toMatchObject({ status: 403, message: MESSAGES.dashboardGlobalKpiNotAllowed });
    const [firstCard] = (await owner.client.dashboard.home(LA)).cards;
    await expect(manager.client.dashboard.removeCard(LA, firstCard?.id ?? 0)).rejects.toMatchObject({ status: 403 });
    await expect(manager.client.dashboard.updatePeriodSnapshot(LA, { period: 'year' })).rejects.toMatchObject({ status: 403 });
    // Nothing changed in the locations the manager cannot see.
    expect((await owner.client.dashboard.home(NY)).kpis.map((k) => k.column)).toContain('tip_rate');
    expect((await manager.client.dashboard.home(LA)).seesEveryLocation).toBe(false);
    expect((await owner.client.dashboard.home(LA)).seesEveryLocation).toBe(true);

    // The front desk of Lotus Kathmandu has no permissions at all.
    const lotus = await signedIn(server, 'lotus');
    const frontDesk = await signedIn(server, 'frontdesk');
    const lotusKpi = await lotus.client.dashboard.addKpi(4, { column: 'refund_rate', global: true });
    expect((await lotus.client.dashboard.home(5)).kpis.map((k) => k.column)).toContain('refund_rate');
    await expect(frontDesk.client.dashboard.addKpi(4, { column: 'average', global: true })).rejects.toMatchObject({ status: 403 });
    await expect(frontDesk.client.dashboard.removeKpi(4, lotusKpi.data.id)).rejects.toMatchObject({ status: 403 });
    await expect(frontDesk.client.dashboard.addCard(4, { column: 'tax' })).rejects.toMatchObject({ status: 403 });
    expect((await lotus.client.dashboard.home(5)).kpis.map((k) => k.column)).toContain('refund_rate');

    await owner.client.dashboard.removeKpi(NY, global.data.id);
    await lotus.client.dashboard.removeKpi(5, lotusKpi.data.id);
  });

  it('lets settings rights at one location change that location’s dashboard, but not the network’s', async () => {
    await createUserWith(server, 'nysettings', { blocks: ['setting'], units: { setting: ['editsetting'] } }, NY);
    const editor = await signedIn(server, 'nysettings');
    const kpi = await editor.client.dashboard.addKpi(NY, { column: 'discount_rate' });
    expect(kpi.data).toMatchObject({ global: false });
    await expect(editor.client.dashboard.addKpi(NY, { column: 'services_per_ticket', global: true })).rejects.toMatchObject({ status: 403, message: MESSAGES.dashboardGlobalKpiNotAllowed });
    const card = await editor.client.dashboard.addCard(NY, { column: 'collected' });
    expect(card.data).toMatchObject({ column: 'collected', title: 'Total collected' });
    await editor.client.dashboard.removeCard(NY, card.data.id);
    await editor.client.dashboard.removeKpi(NY, kpi.data.id);
  });

  it('hides a card or a KPI for one user only; the others still see it', async () => {
    const owner = await signedIn(server, 'owner');
    const manager = await signedIn(server, 'manager');
    const home = await manager.client.dashboard.home(LA);
    const card = home.cards[0];
    if (!card) throw new Error('LA has cards');
    expect(await manager.client.dashboard.hideCard(LA, card.id, true)).toEqual({ id: card.id, hidden: true });
    expect((await manager.client.dashboard.home(LA)).cards.find((c) => c.id === card.id)?.hidden).toBe(true);
    expect((await owner.client.dashboard.home(LA)).cards.find((c) => c.id === card.id)?.hidden).toBe(false);
    // A global KPI hidden in one location is hidden for that user everywhere, and for nobody else.
    const kpi = await owner.client.dashboard.addKpi(LA, { column: 'average', global: true });
    await owner.client.dashboard.hideKpi(NY, kpi.data.id, true);
    expect((await owner.client.dashboard.home(LA)).kpis.find((k) => k.id === kpi.data.id)?.hidden).toBe(true);
    expect((await manager.client.dashboard.home(LA)).kpis.find((k) => k.id === kpi.data.id)?.hidden).toBe(false);
    await owner.client.dashboard.hideKpi(LA, kpi.data.id, false);
    expect((await owner.client.dashboard.home(NY)).kpis.find((k) => k.id === kpi.data.id)?.hidden).toBe(false);
    await manager.client.dashboard.hideCard(LA, card.id, false);
    expect((await manager.client.dashboard.home(LA)).cards.find((c) => c.id === card.id)?.hidden).toBe(false);
    // Only items shown at that business.
    await expect(manager.client.dashboard.hideCard(LA, (await owner.client.dashboard.home(NY)).cards[0]?.id ?? 0, true)).rejects.toMatchObject({ status: 404 });
    await owner.client.dashboard.removeKpi(LA, kpi.data.id);
  });

  it('undoes a removed card by adding it back where it was', async () => {
    const { client } = await signedIn(server, 'owner');
    const before = (await client.dashboard.home(NY)).cards;
    const second = before[1];
    if (!second) throw new Error('NY has cards');
    await client.dashboard.removeCard(NY, second.id);
    await client.dashboard.addCard(NY, { column: second.column, title: second.title, order: second.order });
    expect((await client.dashboard.home(NY)).cards.map((c) => [c.column, c.title])).toEqual(before.map((c) => [c.column, c.title]));
  });
});

describe('today against yesterday up to the same time', () => {
  const zone = 'America/Los_Angeles';
  let server: TestServer;
  let clock: Date;
  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
  });
  afterAll(() => server.close());

  /** The instant a day in Los Angeles reads `hh:mm` (1 Jan 2000 was winter time there, UTC−8). */
  const dayTime = (day: string, time: string) => sameTimeOn(day, new Date(Date.UTC(2000, 0, 1, Number(time.slice(0, 2)) + 8, Number(time.slice(3)))), zone);
  /** That time today, the day the demo data ends. */
  const at = (time: string) => dayTime(comparisonDays(new Date(), zone).today, time);

  it('early in the morning compares with nothing sold yet yesterday, not with all of yesterday (no −100%)', async () => {
    clock = at('06:00');
    const { client } = await signedIn(server, 'owner');
    const home = await client.dashboard.home(LA);
    // The demo data runs up to the real time, which may be later than this test's clock: today holds
    // whatever the data has for today (none before 09:00), and only the comparison is what is tested here.
    const [today] = await rows<{ tickets: number }>(
      server.database.db,
      sql`select count(*)::int as tickets from checkouts where business_id = ${LA} and checkout_day = ${home.today.day} and voided_at is null`,
    );
    expect(home.today.totals.tickets).toBe(today?.tickets);
    expect(home.yesterdaySoFar).toMatchObject({ day: home.yesterday.day, until: dayTime(home.yesterday.day, '06:00').toISOString() });
    // The demo salon opens at 09:00: by 06:00 yesterday nothing had been sold either.
    expect(home.yesterdaySoFar.totals).toMatchObject({ tickets: 0, sales: 0 });
    expect(home.yesterday.totals.tickets).toBeGreaterThan(0);
    expect(percentChange(figureValue('net', home.today.totals), figureValue('net', home.yesterdaySoFar.totals))).toBeNull();
  });

  it('at noon counts what yesterday had by noon; just before midnight, all of yesterday', async () => {
    clock = at('12:00');
    const { client } = await signedIn(server, 'owner');
    const noon = await client.dashboard.home(LA);
    const [expected] = await rows<{ tickets: number }>(
      server.database.db,
      sql`select count(*)::int as tickets from checkouts where business_id = ${LA} and checkout_day = ${noon.yesterday.day} and voided_at is null and created_at <= ${dayTime(noon.yesterday.day, '12:00').toISOString()}`,
    );
    expect(noon.yesterdaySoFar.totals.tickets).toBe(expected?.tickets);
    expect(noon.yesterdaySoFar.totals.tickets).toBeGreaterThan(0);
    expect(noon.yesterdaySoFar.totals.tickets).toBeLessThan(noon.yesterday.totals.tickets);
    clock = at('23:59');
    const late = await (await signedIn(server, 'owner')).client.dashboard.home(LA);
    expect(late.yesterdaySoFar.totals).toEqual(late.yesterday.totals);
  });
});

/** A user of one business with exactly this acl. */
async function createUserWith(server: TestServer, username: string, acl: { blocks: string[]; units: Record<string, string[]> }, businessId: number): Promise<void> {
  const hash = await hashStoredPassword(createHash('sha256').update(DEMO_PASSWORD, 'utf8').digest('hex'));
  const full = { ...acl, restrictions: [], multiLocation: false, custom: [] };
  const [u] = await rows<{ id: number }>(
    server.database.db,
    sql`insert into users (role, acl, fullname, email, username, password_hash)
        values ('MANAGER', ${JSON.stringify(full)}::jsonb, ${username}, ${`${username}@example.com`}, ${username}, ${hash}) returning id`,
  );
  await server.database.db.execute(sql`insert into user_businesses (user_id, business_id) values (${(u as { id: number }).id}, ${businessId})`);
}
