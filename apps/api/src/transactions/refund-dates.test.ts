import { randomUUID } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { dayInZone, dayStartInZone } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../test/harness';
import { createPaidTicket } from './fixtures';

/**
 * Refunds and the audit trail are dated when they happen (issue 9, item 3): a refund counts on
 * the business day it is made, in the business's time zone, by the server's clock; a closed
 * day's figures do not move; the history shows the event's own day and time.
 */

const LA = 1;
const KTM = 4;
const ZONES: Record<number, string> = { 1: 'America/Los_Angeles', 2: 'America/New_York', 4: 'Asia/Kathmandu', 5: 'Australia/Sydney' };
const OWNERS: Record<number, string> = { 1: 'owner', 2: 'owner', 4: 'lotus', 5: 'lotus' };
const key = () => randomUUID().replaceAll('-', '');

describe('refund dates', () => {
  let server: TestServer;
  // The server's clock, moved by each test (sessions are signed in again after a move).
  let clock = new Date('2031-11-23T11:31:00Z');
  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
    // The demo suspends Harbour Sydney a week after it was seeded; this test's clock is years
    // later, when every business must still be open for its refunds.
    await server.database.pool.query('update businesses set suspended_after = null');
  });
  afterAll(() => server.close());

  it('a refund made on 23 Nov counts on 23 Nov, not on the ticket’s 22 Nov; the history and the ticket say when', async () => {
    const ticket = await createPaidTicket(server.database.db, LA, 10_000, { day: '2031-11-22' });
    // 03:31 AM on 23 Nov in Los Angeles (11:31 UTC).
    clock = new Date('2031-11-23T11:31:00Z');
    const { client } = await signedIn(server, 'owner');
    const closedDay = await client.sales.summary(LA, '2031-11-22', '2031-11-22');
    await client.transactions.refund(LA, ticket.id, { amount: 1_250, reason: 'Price adjustment', idempotencyKey: key() });

    // The closed day is as it was; the refund is on the day it was made.
    expect(await client.sales.summary(LA, '2031-11-22', '2031-11-22')).toEqual(closedDay);
    const refundDay = await client.sales.summary(LA, '2031-11-23', '2031-11-23');
    expect(refundDay.totals.refunds).toBe(1_250);
    expect((await client.sales.aggregate(LA, '2031-11-23', '2031-11-23')).locations.find((l) => l.business_id === LA)?.totals.refunds).toBe(1_250);
    expect((await client.transactions.list(LA, '2031-11-23')).refunds).toBe(1_250);
    expect((await client.transactions.list(LA, '2031-11-22')).refunds).toBe(0);

    // The ticket shows the refund with its own date.
    const detail = await client.transactions.get(LA, ticket.id);
    expect(detail.day).toBe('2031-11-22');
    expect(detail.checkout?.refunds).toEqual([expect.objectContaining({ amount: 1_250, day: '2031-11-23', created_at: '2031-11-23T11:31:00.000Z' })]);

    // The admin history shows the event's day and time, and the ticket's day beside it.
    const admin = await signedIn(server, 'admin');
    const onTicketDay = await admin.client.transactions.history(LA, '2031-11-22', '2031-11-22', { q: String(ticket.id) });
    expect(onTicketDay.entries).toEqual([]);
    const history = await admin.client.transactions.history(LA, '2031-11-23', '2031-11-23', { q: String(ticket.id) });
    expect(history.entries).toEqual([
      expect.objectContaining({ action: 'REFUND', amount: 1_250, day: '2031-11-23', ticket_day: '2031-11-22', created_at: '2031-11-23T11:31:00.000Z' }),
    ]);
  });

  it('late in the evening is still that day in the business’s time zone, though UTC has moved on', async () => {
    const ticket = await createPaidTicket(server.database.db, LA, 5_000, { day: '2031-12-01' });
    // 11:30 PM on 1 Dec in Los Angeles is 07:30 on 2 Dec in UTC.
    clock = new Date('2031-12-02T07:30:00Z');
    const { client } = await signedIn(server, 'owner');
    await client.transactions.refund(LA, ticket.id, { amount: 500, reason: 'Charged twice', idempotencyKey: key() });
    expect((await client.sales.summary(LA, '2031-12-01', '2031-12-01')).totals.refunds).toBe(500);
    expect((await client.sales.summary(LA, '2031-12-02', '2031-12-02')).totals.refunds).toBe(0);
    expect((await client.transactions.get(LA, ticket.id)).checkout?.refunds[0]?.day).toBe('2031-12-01');
  });

  test.prop(
    [
      fc.constantFrom(LA, 2, KTM, 5),
      // Up to three days after the ticket's day began in the business's zone, to the minute.
      fc.integer({ min: 0, max: 3 * 24 * 60 - 1 }),
    ],
    { numRuns: 6 },
  )('a refund counts on the business day of the moment it is made, in that business’s zone', async (businessId, minutes) => {
    const zone = ZONES[businessId] as string;
    const ticketDay = '2032-02-10';
    const ticket = await createPaidTicket(server.database.db, businessId, 20_000, { day: ticketDay });
    clock = new Date(dayStartInZone(ticketDay, zone).getTime() + minutes * 60_000);
    const expected = dayInZone(clock, zone);
    const { client } = await signedIn(server, OWNERS[businessId] as string);
    // Earlier runs refunded on these days too: compare with the figures just before.
    const before = await client.sales.summary(businessId, expected, expected);
    const ticketDayBefore = await client.sales.summary(businessId, ticketDay, ticketDay);
    await client.transactions.refund(businessId, ticket.id, { amount: 700, reason: 'Unhappy', idempotencyKey: key() });
    expect((await client.transactions.get(businessId, ticket.id)).checkout?.refunds.at(-1)).toMatchObject({ day: expected, created_at: clock.toISOString() });
    expect((await client.sales.summary(businessId, expected, expected)).totals.refunds).toBe(before.totals.refunds + 700);
    if (expected !== ticketDay) expect(await client.sales.summary(businessId, ticketDay, ticketDay)).toEqual(ticketDayBefore);
  });
});
