import { randomUUID } from 'node:crypto';
import { customerOf, lineTax, listedInDetail, MESSAGES, operations, TRANSACTION_STATUS_LABEL, type Transaction } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { createPaidTicket, createQueuedTicket, createUserWithoutReports } from './fixtures';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;
const KTM = 4;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };
const key = () => randomUUID().replaceAll('-', '');

describe('transactions', () => {
  let server: TestServer;
  let today: string;
  beforeAll(async () => {
    server = await startTestServer();
    const [r] = await rows<{ day: string }>(server.database.db, sql`select (now() at time zone 'America/Los_Angeles')::date::text as day`);
    today = (r as { day: string }).day;
    await createUserWithoutReports(server.database.db, LA, 'noreports');
  });
  afterAll(() => server.close());

  /** A seeded completed ticket of a business from an earlier day, with a checkout. */
  const seededTicket = async (businessId: number, where = sql`true`) => {
    const [t] = await rows<{ id: number; day: string }>(
      server.database.db,
      sql`select q.id, q.day::text as day from queue q join checkouts k on k.queue_id = q.id and k.voided_at is null
          where q.business_id = ${businessId} and q.status = 'CHECKOUT' and k.refunded = 0 and ${where} order by q.id limit 1`,
    );
    return t as { id: number; day: string };
  };

  describe('the day list', () => {
    it('lists a day of tickets with labels, leaving out DELETED and CHECKOUT without a checkout', async () => {
      const { client } = await signedIn(server, 'owner');
      const [day] = await rows<{ day: string }>(server.database.db, sql`select day::text as day from queue where business_id = ${LA} and status = 'DELETED' order by day limit 1`);
      const list = await client.transactions.list(LA, (day as { day: string }).day);
      expect(list.transactions.length).toBeGreaterThan(50);
      expect(list.transactions.some((t) => t.status === 'DELETED')).toBe(false);
      const all = await rows<{ id: number; status: string; has: boolean }>(
        server.database.db,
        sql`select q.id, q.status, exists(select 1 from checkouts k where k.queue_id = q.id and k.voided_at is null) as has from queue q where q.business_id = ${LA} and q.day = ${(day as { day: string }).day}`,
      );
      expect(list.transactions.map((t) => t.id).sort()).toEqual(all.filter((t) => listedInDetail({ status: t.status, hasCheckout: t.has })).map((t) => t.id).sort());
      for (const t of list.transactions) expect(Object.keys(TRANSACTION_STATUS_LABEL)).toContain(t.status);
      // Newest first.
      const times = list.transactions.map((t) => t.checkin_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('needs the transaction report permission and the business', async () => {
      const manager = await signedIn(server, 'manager');
      await expect(manager.client.transactions.list(LA, today)).resolves.toBeTruthy();
      await expect(manager.client.transactions.list(NY, today)).rejects.toMatchObject(forbidden);
      const staff = await signedIn(server, 'noreports');
      await expect(staff.client.transactions.list(LA, today)).rejects.toMatchObject(forbidden);
      const lotus = await signedIn(server, 'lotus');
      await expect(lotus.client.transactions.get(LA, (await seededTicket(LA)).id)).rejects.toMatchObject(forbidden);
    });

    it('refuses a malformed day with 400', async () => {
      const { jar } = await signedIn(server, 'owner');
      const response = await rawRequest(server, `/protected/business/${LA}/transactions/2024-13-45`, { headers: { cookie: `sd_session=${jar.get('sd_session')}` } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: false, message: MESSAGES.invalidRequest, issues: [{ path: ['params', 'day'] }] });
    });

    it("lists a provider's card payments and the bypass-mode tickets of a day", async () => {
      const { client } = await signedIn(server, 'owner');
      const t = await seededTicket(LA);
      const stripe = await client.transactions.listByProvider(LA, 'stripe', t.day);
      expect(stripe.transactions.length).toBeGreaterThan(0);
      for (const p of stripe.transactions) expect(p).toMatchObject({ provider: 'stripe', charge_status: 'CAPTURE' });
      expect((await client.transactions.listByProvider(LA, 'nmi', t.day)).transactions).toEqual([]);
      const [bypassDay] = await rows<{ day: string }>(server.database.db, sql`select checkout_day::text as day from checkouts where business_id = ${LA} and bypass limit 1`);
      const bypass = await client.proxy.call(operations.transactions.bypassMode, LA, { query: { day: (bypassDay as { day: string }).day } });
      expect(bypass.transactions.length).toBeGreaterThan(0);
      for (const row of bypass.transactions) expect(row.bypass).toBe(true);
    });
  });

  describe('the detail', () => {
    it('has the customer, lines with tax and totals by the core rules, payments, tender and a receipt page', async () => {
      const { client } = await signedIn(server, 'owner');
      const [withTax] = await rows<{ id: number }>(server.database.db, sql`select queue_id as id from saleslogs where business_id = ${LA} and tax > 0 and not voided limit 1`);
      const t: Transaction = await client.transactions.get(LA, (withTax as { id: number }).id);
      const k = t.checkout;
      if (!k) throw new Error('a completed ticket has a checkout');
      for (const line of k.saleslogs) {
        const taxable = line.kind === 'service' ? line.tax > 0 : line.kind === 'product' ? line.tax > 0 || undefined : false;
        if (line.tax > 0) expect(line.tax).toBe(lineTax({ kind: line.kind, price: line.price, discount: line.discount, quantity: line.quantity, taxable: taxable as boolean }, 9.5));
        expect(line.total).toBe(line.price * line.quantity - line.discount + line.tax);
      }
      expect(k.total).toBe(k.saleslogs.reduce((s, l) => s + l.total, 0));
      expect(k.paid).toBe(k.total + k.tipamount);
      expect(k.cashamount + k.creditamount + k.giftamount).toBe(k.paid);
      expect(typeof customerOf(t.phones).name).toBe('string');
      expect(t.receipt_url).toMatch(/^\/receipt\/[0-9a-f-]{36}$/);

      const receipt = await rawRequest(server, t.receipt_url as string);
      expect(receipt.status).toBe(200);
      expect(receipt.headers.get('content-type')).toMatch(/text\/html/);
      expect(receipt.text).toContain(`Receipt <strong>#${t.id}</strong>`);
      expect(receipt.text).toContain('Luxe Los Angeles');
      const missing = await rawRequest(server, '/receipt/00000000-0000-0000-0000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.text).toContain(MESSAGES.receiptNotAvailable);
    });

    it('has no receipt URL for a ticket without checkout, and 404 for a ticket of another business', async () => {
      const { client } = await signedIn(server, 'owner');
      const queued = await createQueuedTicket(server.database.db, LA);
      expect((await client.transactions.get(LA, queued.id)).receipt_url).toBeNull();
      await expect(client.transactions.get(NY, queued.id)).rejects.toMatchObject({ status: 404, message: MESSAGES.transactionNotFound });
    });
  });

  describe('delete, reactivate, update', () => {
    it('deletes with a reason and a note, records who and why, voids the sale; then reactivates', async () => {
      const { client } = await signedIn(server, 'owner');
      const t = await seededTicket(LA);
      const before = await client.sales.summary(LA, t.day, t.day);
      const removed = await client.transactions.remove(LA, t.id, { reason: 'Entered twice', note: 'Same customer, same minute', src: 'dashboard' });
      expect(removed.message).toBe(MESSAGES.transactionDeleted);
      expect(removed.data.status).toBe('SERVICE_NOCHECKOUT');
      expect(removed.data.checkoutdetails).toEqual(expect.arrayContaining([{ name: 'removedetail', value: 'Entered twice' }, { name: 'removed_by', value: 'Olivia Laurent' }]));
      expect(removed.data.receipt_url).toBeNull();
      const after = await client.sales.summary(LA, t.day, t.day);
      expect(after.totals.tickets).toBe(before.totals.tickets - 1);

      const [h] = await rows<{ action: string; reason: string; note: string; user_id: number }>(
        server.database.db,
        sql`select action, reason, note, user_id from transaction_history where queue_id = ${t.id} order by id desc limit 1`,
      );
      expect(h).toEqual({ action: 'DELETE', reason: 'Entered twice', note: 'Same customer, same minute', user_id: 2 });

      await expect(client.transactions.remove(LA, t.id, { reason: 'again', note: 'again' })).rejects.toMatchObject({ status: 409, message: MESSAGES.cannotRemove });
      const back = await client.transactions.reactivate(LA, t.id);
      expect(back.data.status).toBe('ACTIVE');
      expect(back.message).toBe(MESSAGES.updatedBang);
      await expect(client.transactions.reactivate(LA, t.id)).rejects.toMatchObject({ status: 409, message: MESSAGES.cannotReactivate });
    });

    it('refuses a delete without a reason or note and changes nothing', async () => {
      const { client } = await signedIn(server, 'owner');
      const t = await seededTicket(LA);
      await expect(client.transactions.remove(LA, t.id, { reason: ' ', note: 'x' })).rejects.toMatchObject({ status: 400, issues: [{ path: ['reason'] }] });
      await expect(client.transactions.remove(LA, t.id, { reason: 'x', note: '' })).rejects.toMatchObject({ status: 400, issues: [{ path: ['note'] }] });
      expect((await client.transactions.get(LA, t.id)).status).toBe('CHECKOUT');
    });

    it('updates staff, notes and tender; refuses staff of another business and a tender that does not add up', async () => {
      const { client } = await signedIn(server, 'owner');
      const t = await seededTicket(LA, sql`k.cashamount > 0`);
      const detail = await client.transactions.get(LA, t.id);
      const k = detail.checkout as NonNullable<Transaction['checkout']>;
      const [laStaff] = await rows<{ id: number }>(server.database.db, sql`select id from staff where business_id = ${LA} and deleted_at is null order by id desc limit 1`);
      const [nyStaff] = await rows<{ id: number }>(server.database.db, sql`select id from staff where business_id = ${NY} limit 1`);
      await expect(client.transactions.update(LA, t.id, { serviced_by: (nyStaff as { id: number }).id })).rejects.toMatchObject({ status: 400, issues: [{ message: MESSAGES.staffNotInBusiness }] });
      await expect(client.transactions.update(LA, t.id, { tender: { cashamount: k.paid + 1, creditamount: 0, giftamount: 0 } })).rejects.toMatchObject({ status: 400, issues: [{ message: MESSAGES.tenderMismatch }] });
      await expect(client.transactions.update(LA, t.id, {})).rejects.toMatchObject({ status: 400 });
      const updated = await client.transactions.update(LA, t.id, {
        serviced_by: (laStaff as { id: number }).id,
        notes: 'Wants the same colour next time',
        tender: { cashamount: 0, creditamount: k.paid, giftamount: 0 },
      });
      expect(updated.message).toBe(MESSAGES.updatedSuccessfully);
      expect(updated.data.serviced_by?.id).toBe((laStaff as { id: number }).id);
      expect(updated.data.checkout).toMatchObject({ cashamount: 0, creditamount: k.paid });
      expect(updated.data.checkoutdetails).toContainEqual({ name: 'appointmentnotes', value: 'Wants the same colour next time' });
    });

    it('sets checkout details through the proxy request', async () => {
      const { client } = await signedIn(server, 'owner');
      const t = await seededTicket(LA);
      const updated = await client.proxy.call(operations.transactions.updateDetails, LA, { params: { txId: t.id }, body: { details: [{ name: 'customername', value: 'Mrs. Diaz' }] } });
      expect(updated.checkoutdetails).toContainEqual({ name: 'customername', value: 'Mrs. Diaz' });
      await expect(
        client.proxy.call(operations.transactions.updateDetails, LA, { params: { txId: t.id }, body: { details: [{ name: 'status' as 'customername', value: 'CHECKOUT' }] } }),
      ).rejects.toMatchObject({ status: 400 });
    });
  });

  describe('refunds', () => {
    it('20 refunds of 7.00 at once on a 100.00 ticket: exactly 14 succeed, the rest are refused, none fails with 500', async () => {
      const ticket = await createPaidTicket(server.database.db, LA, 10_000);
      const { client } = await signedIn(server, 'owner');
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => client.transactions.refund(LA, ticket.id, { amount: 700, reason: 'Race test', idempotencyKey: key() })),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(14);
      expect(refused).toHaveLength(6);
      for (const r of refused) expect(r.reason).toMatchObject({ status: 409, message: MESSAGES.refundTooMuch });
      const detail = await client.transactions.get(LA, ticket.id);
      expect(detail.checkout?.refunded).toBe(9800);
      expect(detail.checkout?.refunds).toHaveLength(14);
      const [sum] = await rows<{ total: number }>(server.database.db, sql`select sum(amount)::int as total from refunds where queue_id = ${ticket.id}`);
      expect(sum?.total).toBe(9800);
    });

    it('a retried refund with the same key happens once and gets the same answer, even sent at once', async () => {
      const ticket = await createPaidTicket(server.database.db, LA, 5_000);
      const { client } = await signedIn(server, 'owner');
      const k = key();
      const body = { amount: 1_250, reason: 'Product returned', note: 'Unopened', idempotencyKey: k };
      const [a, b] = await Promise.all([client.transactions.refund(LA, ticket.id, body), client.transactions.refund(LA, ticket.id, body)]);
      const c = await client.transactions.refund(LA, ticket.id, body);
      expect(a.data).toEqual(b.data);
      expect(c.data).toEqual(a.data);
      expect(a.data).toMatchObject({ txId: ticket.id, amount: 1_250, refunded: 1_250, refundable: 3_750 });
      expect(a.message).toBe(MESSAGES.refundRecorded);
      expect((await client.transactions.get(LA, ticket.id)).checkout?.refunds).toHaveLength(1);
      // The same key for something else is refused.
      await expect(client.transactions.refund(LA, ticket.id, { ...body, amount: 100 })).rejects.toMatchObject({ status: 409, message: MESSAGES.refundKeyReused });
      const other = await createPaidTicket(server.database.db, LA, 5_000);
      await expect(client.transactions.refund(LA, other.id, body)).rejects.toMatchObject({ status: 409, message: MESSAGES.refundKeyReused });
    });

    it('records who refunded and why; refuses zero, too much, a ticket not completed, and bad input', async () => {
      const ticket = await createPaidTicket(server.database.db, LA, 2_000);
      const { client } = await signedIn(server, 'manager');
      await client.transactions.refund(LA, ticket.id, { amount: 500, reason: 'Price adjustment', note: 'Manager approved', idempotencyKey: key() });
      const detail = await client.transactions.get(LA, ticket.id);
      expect(detail.checkout?.refunds[0]).toMatchObject({ amount: 500, reason: 'Price adjustment', note: 'Manager approved', refunded_by: { id: 3, name: 'Marco Reyes' } });
      await expect(client.transactions.refund(LA, ticket.id, { amount: 1_501, reason: 'x', idempotencyKey: key() })).rejects.toMatchObject({ status: 409, message: MESSAGES.refundTooMuch });
      await expect(client.transactions.refund(LA, ticket.id, { amount: 0, reason: 'x', idempotencyKey: key() })).rejects.toMatchObject({ status: 400 });
      await expect(client.transactions.refund(LA, ticket.id, { amount: 10.5, reason: 'x', idempotencyKey: key() })).rejects.toMatchObject({ status: 400 });
      await expect(client.transactions.refund(LA, ticket.id, { amount: 100, reason: '', idempotencyKey: key() })).rejects.toMatchObject({ status: 400 });
      await expect(client.transactions.refund(LA, ticket.id, { amount: 100, reason: 'x', idempotencyKey: 'short' })).rejects.toMatchObject({ status: 400 });
      const queued = await createQueuedTicket(server.database.db, LA);
      await expect(client.transactions.refund(LA, queued.id, { amount: 100, reason: 'x', idempotencyKey: key() })).rejects.toMatchObject({ status: 409, message: MESSAGES.cannotRefund });
      expect((await client.transactions.get(LA, ticket.id)).checkout?.refunded).toBe(500);
      // A refunded ticket keeps its books: it cannot be deleted.
      await expect(client.transactions.remove(LA, ticket.id, { reason: 'x', note: 'y' })).rejects.toMatchObject({ status: 409 });
    });
  });

  describe('loyalty', () => {
    it('gives stars and percent from the threshold, refuses negative points with the catalogue message', async () => {
      const { client } = await signedIn(server, 'owner');
      const [c] = await rows<{ id: number }>(server.database.db, sql`update customers set loyalty_points = 4 where id = (select min(id) from customers where business_id = ${LA}) returning id`);
      const id = (c as { id: number }).id;
      expect(await client.transactions.loyalty(LA, id)).toMatchObject({ customer_id: id, points: 4, threshold: 10, slots: 10, stars: 4, percent: 40 });
      await server.database.db.execute(sql`update customers set loyalty_points = -3 where id = ${id}`);
      await expect(client.transactions.loyalty(LA, id)).rejects.toMatchObject({ status: 400, message: MESSAGES.requestNotFulfilled });
      await expect(client.transactions.loyalty(NY, id)).rejects.toMatchObject({ status: 404, message: MESSAGES.customerNotFound });
    });
  });

  describe('queue summary and history', () => {
    it('counts tickets by status over a range and refuses a backwards range', async () => {
      const { client } = await signedIn(server, 'owner');
      const summary = await client.transactions.queueSummary(LA, today, today);
      expect(summary.byStatus.map((s) => s.label)).toContain('Completed');
      expect(summary.total).toBe(summary.byStatus.reduce((s, r) => s + r.count, 0));
      await expect(client.transactions.queueSummary(LA, today, '2000-01-01')).rejects.toMatchObject({ status: 400 });
    });

    it('lets admins search the history of a business by ticket, action and words; nobody else', async () => {
      const ticket = await createPaidTicket(server.database.db, KTM, 10_000);
      const lotus = await signedIn(server, 'lotus');
      await lotus.client.transactions.refund(KTM, ticket.id, { amount: 1_000, reason: 'Charged twice', idempotencyKey: key() });
      const admin = await signedIn(server, 'admin');
      const found = await admin.client.transactions.history(KTM, ticket.day, ticket.day, { q: String(ticket.id) });
      expect(found.entries).toHaveLength(1);
      expect(found.entries[0]).toMatchObject({ action: 'REFUND', amount: 1_000, reason: 'Charged twice', user: { name: 'Anjali Shrestha' } });
      const words = await admin.client.transactions.history(KTM, ticket.day, ticket.day, { q: 'charged twice', action: 'REFUND' });
      expect(words.entries.map((e) => e.queue_id)).toContain(ticket.id);
      await expect(lotus.client.transactions.history(KTM, ticket.day, ticket.day)).rejects.toMatchObject(forbidden);
      await expect(admin.client.transactions.history(999, ticket.day, ticket.day)).rejects.toMatchObject({ status: 404 });
    });
  });
});
