import { comparisonDays, DEFAULT_DASHBOARD_CARDS, DEFAULT_KPI_PARAMS, MESSAGES } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';

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
    expect(added.data).toMatchObject({ column: 'refunds', title: 'Refunds' });
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
});
