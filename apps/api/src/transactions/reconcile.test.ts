import { fc, test } from '@fast-check/vitest';
import { addDays, dayInZone, dayListFigures, daysInRange, emptyAggregate, figureValue, type SalesAggregate } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

/**
 * One definition per figure (issue 9, item 1): for random days and ranges of every demo
 * business, the figures of the day lists (`dayListFigures`), the sales summary, the home
 * dashboard's chart bars and compared days, and aggregate sales are the same numbers. The
 * template database holds 10 days of demo data (refunds made on later days included); the
 * ranges reach two days before it, where there is nothing.
 */

const HISTORY_DAYS = 12;
const FIGURES_OF_A_LIST = ['tickets', 'sales', 'tips', 'refunds', 'collected'] as const;

describe('the figures reconcile across screens', () => {
  let server: TestServer;
  let admin: TestClient['client'];
  let businesses: { id: number; name: string; timezone: string }[];
  // One instant for the whole run, so no business's "today" moves under the test at midnight.
  const now = new Date();
  beforeAll(async () => {
    server = await startTestServer({ demo: true, now: () => now });
    admin = (await signedIn(server, 'admin')).client;
    businesses = await rows(server.database.db, sql`select id, name, timezone from businesses order by id`);
  });
  afterAll(() => server.close());

  test.prop(
    [
      // How many days back the range ends, and how long it is.
      fc.integer({ min: 0, max: HISTORY_DAYS - 1 }),
      fc.integer({ min: 1, max: HISTORY_DAYS }),
    ],
    { numRuns: 8 },
  )('day lists = sales summary = home chart bars = aggregate sales, for every business', async (endBack, length) => {
    expect(businesses.length).toBe(5);
    for (const business of businesses) {
      const today = dayInZone(now, business.timezone);
      const end = addDays(today, -endBack);
      const start = addDays(end, -Math.min(length, HISTORY_DAYS - endBack) + 1);
      const where = `${business.name} ${start}…${end}`;

      const summary = await admin.sales.summary(business.id, start, end);
      const chart = await admin.dashboard.chart(business.id, 30);
      const sumOfLists = emptyAggregate();
      for (let i = 0; i < daysInRange(start, end); i++) {
        const day = addDays(start, i);
        const list = dayListFigures(await admin.transactions.list(business.id, day));
        for (const key of FIGURES_OF_A_LIST) sumOfLists[key] += list[key];
        // The chart's bar of that day is the list's net sales and tickets.
        const bar = chart.points.find((p) => p.day === day);
        expect(bar, `${where}: no bar for ${day}`).toBeDefined();
        expect(bar, `${where} ${day}`).toEqual({ day, net: list.sales - list.refunds, tickets: list.tickets });
        // The summary's day row is the list's tickets and gross sales.
        const row = summary.byDay.find((d) => d.day === day) ?? { day, tickets: 0, total: 0 };
        expect({ tickets: row.tickets, sales: row.total }, `${where} ${day}`).toEqual({ tickets: list.tickets, sales: list.sales });
      }
      const pick = (a: SalesAggregate) => Object.fromEntries(FIGURES_OF_A_LIST.map((k) => [k, a[k]]));
      expect(pick(summary.totals), where).toEqual(pick(sumOfLists));
      expect(figureValue('net', summary.totals), where).toBe(sumOfLists.sales - sumOfLists.refunds);
      expect(summary.tender.cash + summary.tender.credit + summary.tender.gift, where).toBe(summary.totals.collected);

      // Aggregate sales, asked from this business, has the same totals for it.
      const aggregate = await admin.sales.aggregate(business.id, start, end);
      expect(aggregate.locations.find((l) => l.business_id === business.id)?.totals, where).toEqual(summary.totals);
    }
  });

  it('the home’s compared days are the summary of those days, for every business', async () => {
    for (const business of businesses) {
      const home = await admin.dashboard.home(business.id);
      for (const compared of [home.today, home.yesterday, home.lastMonthEnd]) {
        const summary = await admin.sales.summary(business.id, compared.day, compared.day);
        expect(compared.totals, `${business.name} ${compared.day}`).toEqual(summary.totals);
      }
      expect(home.yesterday.totals.tickets, business.name).toBeGreaterThan(0);
    }
  });
});
