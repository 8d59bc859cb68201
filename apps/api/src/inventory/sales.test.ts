import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;

/** Completed, unrefunded demo tickets of LA with one product line, and what each paid. */
async function ticketsWithProducts(server: TestServer) {
  return rows<{ queue_id: number; checkout_id: number; product_id: number; quantity: number; paid: number }>(
    server.database.db,
    sql`select c.queue_id, c.id as checkout_id, min(l.product_id) as product_id, sum(l.quantity)::int as quantity, (c.cashamount + c.creditamount + c.giftamount) as paid
        from checkouts c join saleslogs l on l.checkout_id = c.id and l.kind = 'product'
        join queue q on q.id = c.queue_id
        where c.business_id = ${LA} and c.refunded = 0 and c.voided_at is null and q.status = 'CHECKOUT'
        group by c.id having count(distinct l.product_id) = 1 and count(*) = 1
        order by c.id limit 3`,
  );
}

describe('sales move stock', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const onHand = async (client: Awaited<ReturnType<typeof signedIn>>['client'], productId: number) =>
    (await client.inventory.products(LA)).find((p) => p.id === productId)!.on_hand;

  it('a completed ticket’s product line took its quantity out; deleting the ticket puts it back, once', async () => {
    const { client } = await signedIn(server, 'owner');
    const [ticket] = await ticketsWithProducts(server);
    expect(ticket).toBeDefined();
    const history = await client.inventory.stockHistory(LA, ticket!.product_id);
    expect(history.movements.some((m) => m.source === 'sale' && m.checkout_id === ticket!.checkout_id && m.delta === -ticket!.quantity)).toBe(true);
    const before = await onHand(client, ticket!.product_id);
    await client.transactions.remove(LA, ticket!.queue_id, { reason: 'Entered by mistake', note: 'Test' });
    expect(await onHand(client, ticket!.product_id)).toBe(before + ticket!.quantity);
    const after = await client.inventory.stockHistory(LA, ticket!.product_id);
    expect(after.movements[0]).toMatchObject({ source: 'deletion', reason: 'ADJUSTMENT-ADD', quantity: ticket!.quantity, checkout_id: ticket!.checkout_id });
  });

  it('a partial refund moves money only; the refund that returns everything puts the stock back', async () => {
    const { client } = await signedIn(server, 'owner');
    const [, ticket] = await ticketsWithProducts(server);
    const before = await onHand(client, ticket!.product_id);
    await client.transactions.refund(LA, ticket!.queue_id, { amount: 100, reason: 'Price adjustment', idempotencyKey: `inv-part-${ticket!.queue_id}` });
    expect(await onHand(client, ticket!.product_id)).toBe(before);
    await client.transactions.refund(LA, ticket!.queue_id, { amount: ticket!.paid - 100, reason: 'Product returned', idempotencyKey: `inv-rest-${ticket!.queue_id}` });
    expect(await onHand(client, ticket!.product_id)).toBe(before + ticket!.quantity);
    const history = await client.inventory.stockHistory(LA, ticket!.product_id);
    expect(history.movements[0]).toMatchObject({ source: 'refund', delta: ticket!.quantity, user_name: 'Olivia Laurent' });
  });
});
