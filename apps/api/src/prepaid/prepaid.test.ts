import { randomUUID } from 'node:crypto';
import { cardAmountsOfLine, CARD_PROBLEM, MEMBERSHIP_PROBLEM, MEMBERSHIP_STATUSES, MESSAGES, prepaidExports } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../test/harness';
import { createPaidTicket } from '../transactions/fixtures';
import { demoDaysFromEnv, demoPrepaidCounts } from '../demo/seed';
import { issueCardsForSale } from './issue';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;
const KTM = 4;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };
const key = () => randomUUID().replaceAll('-', '');

describe('prepaid cards and memberships', () => {
  let server: TestServer;
  let today: string;
  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(server.database.db, query);

  beforeAll(async () => {
    server = await startTestServer();
    const [r] = await q<{ day: string }>(sql`select (now() at time zone 'America/Los_Angeles')::date::text as day`);
    today = (r as { day: string }).day;
  });
  afterAll(() => server.close());

  /** A fresh card of Luxe Los Angeles holding `amount`, issued today. */
  const newCard = async (amount: number, number = `7${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`) => {
    const [c] = await q<{ id: number }>(sql`insert into prepaid_cards (business_id, network_id, kind, card_number, purchaser_name, purchaser_phone, purchaser_email, recipient_name, issued_on)
      values (${LA}, 1, 'giftcard', ${number}, 'Test Buyer', '5550001111', 'buyer@example.com', 'Test Friend', ${today}) returning id`);
    await q(sql`insert into prepaid_ledger (card_id, business_id, kind, amount, day) values (${(c as { id: number }).id}, ${LA}, 'ISSUE', ${amount}, ${today})`);
    return number;
  };

  describe('the demo', () => {
    it('has its cards and memberships per network (20,000 and 2,000 for a year; the tests seed ten days), memberships in every status', async () => {
      const { cards: perNetwork, memberships: membersPerNetwork } = demoPrepaidCounts(demoDaysFromEnv());
      const cards = await q<{ network_id: number; n: number }>(sql`select network_id, count(*)::int as n from prepaid_cards group by 1 order by 1`);
      expect(cards).toEqual([{ network_id: 1, n: perNetwork }, { network_id: 2, n: perNetwork }]);
      const members = await q<{ network_id: number; n: number }>(sql`select network_id, count(*)::int as n from memberships group by 1 order by 1`);
      expect(members).toEqual([{ network_id: 1, n: membersPerNetwork }, { network_id: 2, n: membersPerNetwork }]);
      const { client } = await signedIn(server, 'owner');
      const plans = await client.prepaid.clubMemberships(LA);
      expect(plans.reduce((s, p) => s + p.members, 0)).toBe(membersPerNetwork);
      for (const status of MEMBERSHIP_STATUSES) expect(plans.reduce((s, p) => s + p.byStatus[status], 0)).toBeGreaterThan(0);
    });

    it('never lets a card balance go below zero at any point of its ledger, in time order', async () => {
      const [low] = await q<{ n: number }>(sql`select count(*)::int as n from (
        select sum(amount) over (partition by card_id order by id) as running, at, lag(at) over (partition by card_id order by id) as before from prepaid_ledger) x
        where running < 0 or at < before`);
      expect(low?.n).toBe(0);
    });

    it('redeems every gift tender of the tickets from a card, and gives back refunds and deletions', async () => {
      const [bad] = await q<{ n: number; tenders: number }>(sql`
        select count(*) filter (where coalesce(r.redeemed, 0) <> k.giftamount)::int as n, count(*)::int as tenders
        from checkouts k left join (select checkout_id, -sum(amount)::int as redeemed from prepaid_ledger where kind = 'REDEEM' group by 1) r on r.checkout_id = k.id
        where k.giftamount > 0`);
      expect(bad?.tenders).toBeGreaterThan(50);
      expect(bad?.n).toBe(0);
      // A deleted ticket holds nothing of its card any more.
      const [held] = await q<{ n: number }>(sql`select count(*)::int as n from checkouts k join prepaid_ledger x on x.checkout_id = k.id and x.kind in ('REDEEM', 'REFUND')
        where k.voided_at is not null group by k.id having sum(x.amount) <> 0`);
      expect(held?.n ?? 0).toBe(0);
    });
    it('issues the cards the year’s prepaid lines sold, as a completed ticket issues them', async () => {
      // Every prepaid line of a live ticket issued its cards: one per unit, the line split by core's rule, on the checkout's day.
      const lines = await q<{ checkout_id: number; total: number; quantity: number; issued: number[] | null; kinds: string[] | null; same_day: boolean }>(sql`
        select l.checkout_id, l.total, l.quantity, i.amounts as issued, i.kinds,
          coalesce(i.days = array[k.checkout_day], true) as same_day
        from saleslogs l join checkouts k on k.id = l.checkout_id join businesses b on b.id = k.business_id
        left join lateral (select array_agg(x.amount order by x.id) as amounts, array_agg(distinct c.kind) as kinds, array_agg(distinct x.day) as days
          from prepaid_ledger x join prepaid_cards c on c.id = x.card_id where x.checkout_id = k.id and x.kind = 'ISSUE') i on true
        where l.kind = 'giftcard' and not l.voided and k.voided_at is null`);
      expect(lines.length).toBeGreaterThan(10);
      for (const l of lines) {
        expect(l.issued).toEqual(cardAmountsOfLine(l.total, l.quantity).filter((a) => a > 0));
        expect(l.kinds).toEqual(['giftcard']);
        expect(l.same_day).toBe(true);
      }
      // The server's issuer, run on a demo ticket whose cards are taken away, issues the same cards.
      const [demo] = lines;
      const seeded = await q<{ kind: string; amount: number; business_id: number; purchaser_name: string; issued_on: string; expires_on: string; at: string }>(sql`
        select c.kind, x.amount, c.business_id, c.purchaser_name, c.issued_on::text as issued_on, c.expires_on::text as expires_on, date_trunc('milliseconds', x.at)::text as at
        from prepaid_ledger x join prepaid_cards c on c.id = x.card_id where x.checkout_id = ${demo?.checkout_id} and x.kind = 'ISSUE' order by x.id`);
      const rollback = new Error('rollback');
      const issued = await server.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from prepaid_cards c using prepaid_ledger x where x.card_id = c.id and x.checkout_id = ${demo?.checkout_id} and x.kind = 'ISSUE'`);
          const numbers = await issueCardsForSale(tx, { id: demo?.checkout_id as number });
          const again = await rows(tx, sql`
            select c.kind, x.amount, c.business_id, c.purchaser_name, c.issued_on::text as issued_on, c.expires_on::text as expires_on, date_trunc('milliseconds', x.at)::text as at
            from prepaid_ledger x join prepaid_cards c on c.id = x.card_id where x.checkout_id = ${demo?.checkout_id} and x.kind = 'ISSUE' order by x.id`);
          throw Object.assign(rollback, { again, numbers });
        })
        .catch((e: unknown) => (e === rollback ? (rollback as Error & { again: unknown[]; numbers: string[] }) : Promise.reject(e)));
      expect(issued.numbers).toHaveLength(seeded.length);
      expect(issued.again).toEqual(seeded.map((c) => ({ ...c, expires_on: expect.any(String) })));
      // Tenders never take a card below zero nor before it was issued (the ledger test above), and a card sold in the year pays some of them.
      const [paidBySold] = await q<{ n: number }>(sql`select count(*)::int as n from prepaid_ledger x
        where x.kind = 'REDEEM' and exists (select 1 from prepaid_ledger i where i.card_id = x.card_id and i.kind = 'ISSUE' and i.checkout_id is not null)`);
      expect(paidBySold?.n).toBeGreaterThan(0);
    });
  });

  describe('cards', () => {
    it('finds a card by its last 4 digits and shows its ledger, whose sum is the balance', async () => {
      const { client } = await signedIn(server, 'owner');
      const [used] = await q<{ card_number: string; last4: string }>(sql`select c.card_number, c.last4 from prepaid_cards c where c.business_id = ${NY}
        and exists (select 1 from prepaid_ledger x where x.card_id = c.id and x.kind = 'REDEEM') order by c.id limit 1`);
      const found = await client.prepaid.search(LA, used?.last4 as string);
      expect(found.by).toBe('last4');
      const hit = found.cards.find((c) => c.card_number === used?.card_number);
      expect(hit).toBeDefined();
      for (const c of found.cards) expect(c.last4).toBe(used?.last4);
      const card = await client.prepaid.card(LA, hit?.kind ?? 'giftcard', used?.card_number as string);
      expect(card.ledger[0]?.kind).toBe('ISSUE');
      expect(card.ledger.reduce((s, e) => s + e.amount, 0)).toBe(card.balance);
      expect(card.ledger.at(-1)?.balance).toBe(card.balance);
      expect(card.ledger.some((e) => e.kind === 'REDEEM' && e.txId !== null)).toBe(true);
    });

    it('searches by phone, email, name and card number', async () => {
      const { client } = await signedIn(server, 'owner');
      const number = await newCard(1000);
      expect((await client.prepaid.search(LA, '(555) 000-1111')).cards.map((c) => c.card_number)).toContain(number);
      expect((await client.prepaid.search(LA, 'BUYER@example')).cards.map((c) => c.card_number)).toContain(number);
      expect((await client.prepaid.search(LA, 'test friend')).cards.map((c) => c.card_number)).toContain(number);
      expect((await client.prepaid.search(LA, number.slice(0, 14))).cards.map((c) => c.card_number)).toContain(number);
    });

    it('keeps cards to the network and the permission: a card of another business is not found', async () => {
      const lotus = await signedIn(server, 'lotus');
      const [la] = await q<{ card_number: string; kind: 'giftcard' | 'prepaid'; last4: string }>(sql`select card_number, kind, last4 from prepaid_cards where business_id = ${LA} order by id limit 1`);
      await expect(lotus.client.prepaid.card(KTM, la?.kind ?? 'giftcard', la?.card_number as string)).rejects.toMatchObject({ status: 404, message: MESSAGES.prepaidCardNotFound });
      expect((await lotus.client.prepaid.search(KTM, la?.card_number as string)).cards).toEqual([]);
      await expect(lotus.client.prepaid.search(LA, '1234')).rejects.toMatchObject(forbidden);
      const manager = await signedIn(server, 'manager');
      await expect(manager.client.prepaid.search(LA, '1234')).rejects.toMatchObject(forbidden);
      await expect(manager.client.prepaid.memberships(LA)).rejects.toMatchObject(forbidden);
    });

    it('refuses bad input with a clear error and changes nothing', async () => {
      const { client } = await signedIn(server, 'owner');
      const number = await newCard(1000);
      await expect(client.prepaid.search(LA, '   ')).rejects.toMatchObject({ status: 400 });
      await expect(client.prepaid.card(LA, 'coupon' as 'giftcard', number)).rejects.toMatchObject({ status: 400 });
      await expect(client.prepaid.card(LA, 'giftcard', '12ab')).rejects.toMatchObject({ status: 400 });
      await expect(client.prepaid.adjust(LA, 'giftcard', number, { amount: -1001, reason: 'Correction' })).rejects.toMatchObject({ status: 409, message: CARD_PROBLEM.insufficient });
      await expect(client.prepaid.adjust(LA, 'giftcard', number, { amount: 100, reason: 'Because' as 'Other' })).rejects.toMatchObject({ status: 400 });
      await expect(client.prepaid.load(LA, 'giftcard', number, { amount: 0 })).rejects.toMatchObject({ status: 400 });
      expect((await client.prepaid.card(LA, 'giftcard', number)).ledger).toHaveLength(1);
    });

    it('loads, adjusts with a reason and voids, each one ledger entry', async () => {
      const { client } = await signedIn(server, 'owner');
      const number = await newCard(2000);
      expect((await client.prepaid.load(LA, 'giftcard', number, { amount: 500, note: 'Birthday top-up' })).balance).toBe(2500);
      const adjusted = await client.prepaid.adjust(LA, 'giftcard', number, { amount: -300, reason: 'Correction', note: 'Typed twice' });
      expect(adjusted.balance).toBe(2200);
      expect(adjusted.ledger.at(-1)).toMatchObject({ kind: 'ADJUST', amount: -300, reason: 'Correction', note: 'Typed twice', by: 'Olivia Laurent' });
      const voided = await client.prepaid.void(LA, 'giftcard', number, { note: 'Reported stolen' });
      expect(voided).toMatchObject({ status: 'void', balance: 0 });
      expect(voided.ledger.at(-1)).toMatchObject({ kind: 'VOID', amount: -2200 });
      await expect(client.prepaid.load(LA, 'giftcard', number, { amount: 500 })).rejects.toMatchObject({ status: 409, message: CARD_PROBLEM.closed });
    });
  });

  describe('gift-card payments of tickets', () => {
    it('redeems with the tender, gives the share of a refund back, and all of it when the ticket is deleted', async () => {
      const { client } = await signedIn(server, 'owner');
      const number = await newCard(10_000);
      const ticket = await createPaidTicket(server.database.db, LA, 6000);
      await client.transactions.update(LA, ticket.id, { tender: { cashamount: 2000, creditamount: 0, giftamount: 4000, giftcard: number } });
      expect((await client.prepaid.card(LA, 'giftcard', number)).balance).toBe(6000);
      // A third of the ticket refunded: a third of the gift tender goes back.
      await client.transactions.refund(LA, ticket.id, { amount: 2000, reason: 'Price adjustment', idempotencyKey: key() });
      const afterRefund = await client.prepaid.card(LA, 'giftcard', number);
      expect(afterRefund.balance).toBe(6000 + 1333);
      expect(afterRefund.ledger.at(-1)).toMatchObject({ kind: 'REFUND', amount: 1333, txId: ticket.id });
      // Less gift tender gives the difference back; a larger one without a card uses the ticket's card.
      await client.transactions.update(LA, ticket.id, { tender: { cashamount: 3000, creditamount: 0, giftamount: 3000 } });
      expect((await client.prepaid.card(LA, 'giftcard', number)).balance).toBe(10_000 - (3000 - 1000));
      const other = await createPaidTicket(server.database.db, LA, 1000);
      await expect(client.transactions.update(LA, other.id, { tender: { cashamount: 0, creditamount: 0, giftamount: 1000 } })).rejects.toMatchObject({ status: 400 });
      await expect(client.transactions.update(LA, other.id, { tender: { cashamount: 0, creditamount: 0, giftamount: 1000, giftcard: '9999999999999999' } })).rejects.toMatchObject({ status: 400 });
      expect((await client.transactions.get(LA, other.id)).checkout?.giftamount).toBe(0);
      // A deleted ticket gives back all it took.
      const deleted = await createPaidTicket(server.database.db, LA, 2500);
      await client.transactions.update(LA, deleted.id, { tender: { cashamount: 0, creditamount: 500, giftamount: 2000, giftcard: number } });
      expect((await client.prepaid.card(LA, 'giftcard', number)).balance).toBe(6000);
      await client.transactions.remove(LA, deleted.id, { reason: 'Entered by mistake', note: 'Wrong customer' });
      const back = await client.prepaid.card(LA, 'giftcard', number);
      expect(back.balance).toBe(8000);
      expect(back.ledger.at(-1)).toMatchObject({ kind: 'REFUND', amount: 2000, txId: deleted.id });
    });

    it('never overdraws a card: 20 redemptions at once, only those it can pay go through', async () => {
      const { client } = await signedIn(server, 'owner');
      const number = await newCard(7 * 1500 + 700);
      const tickets = await Promise.all(Array.from({ length: 20 }, () => createPaidTicket(server.database.db, LA, 1500)));
      const results = await Promise.allSettled(
        tickets.map((t) => client.transactions.update(LA, t.id, { tender: { cashamount: 0, creditamount: 0, giftamount: 1500, giftcard: number } })),
      );
      const ok = results.filter((r) => r.status === 'fulfilled').length;
      expect(ok).toBe(7);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409, message: CARD_PROBLEM.insufficient });
      const card = await client.prepaid.card(LA, 'giftcard', number);
      expect(card.balance).toBe(700);
      expect(card.ledger.filter((e) => e.kind === 'REDEEM')).toHaveLength(7);
      // The refused tickets kept their cash tender: the card and the ticket moved together or not at all.
      const [gift] = await q<{ n: number }>(sql`select count(*)::int as n from checkouts where queue_id in ${tickets.map((t) => t.id)} and giftamount > 0`);
      expect(gift?.n).toBe(7);
    });
  });

  describe('cards sold on tickets', () => {
    const cardsOf = (queueId: number) =>
      q<{ card_number: string; kind: string; amount: number; business_id: number; purchaser_name: string; issued_on: string; day: string }>(sql`
        select c.card_number, c.kind, x.amount, c.business_id, c.purchaser_name, c.issued_on::text as issued_on, x.day::text as day
        from prepaid_ledger x join prepaid_cards c on c.id = x.card_id where x.queue_id = ${queueId} and x.kind = 'ISSUE' order by x.id`);
    const activity = async (queueId: number, action: string) =>
      (await q<{ detail: { cards?: { card_number: string; owed: number; taken: number; short: number }[] } }>(
        sql`select detail from transaction_history where queue_id = ${queueId} and action = ${action} order by id desc limit 1`,
      ))[0]?.detail.cards;

    it('issues a card per unit of a prepaid line, the line split in whole cents, to the ticket’s customer, at its location and day', async () => {
      const { client } = await signedIn(server, 'owner');
      const [customer] = await q<{ id: number; name: string }>(sql`select id, trim(firstname || ' ' || lastname) as name from customers where business_id = ${LA} and firstname is not null and lastname is not null order by id limit 1`);
      const ticket = await createPaidTicket(server.database.db, LA, 15_000, { prepaid: { total: 10_000, quantity: 3 }, customerId: customer?.id });
      const cards = await cardsOf(ticket.id);
      expect(cards.map((c) => c.amount)).toEqual(cardAmountsOfLine(10_000, 3));
      expect(cards.map((c) => c.amount)).toEqual([3334, 3333, 3333]);
      for (const c of cards) expect(c).toMatchObject({ kind: 'giftcard', business_id: LA, purchaser_name: customer?.name, issued_on: today, day: today });
      expect(new Set(cards.map((c) => c.card_number)).size).toBe(3);
      const card = await client.prepaid.card(LA, 'giftcard', cards[0]?.card_number as string);
      expect(card).toMatchObject({ balance: 3334, status: 'active' });
      expect(card.ledger).toMatchObject([{ kind: 'ISSUE', amount: 3334, txId: ticket.id }]);
      // A prepaid package service (giftcard 3) issues a prepaid package.
      const [category] = await q<{ id: number }>(sql`insert into categories (business_id, name, giftcard) values (${LA}, 'Packages', 3) returning id`);
      await q(sql`insert into services (business_id, category_id, name, price, giftcard) values (${LA}, ${category?.id}, 'Five blowouts', 20000, 3)`);
      const pkg = await createPaidTicket(server.database.db, LA, 20_000, { prepaid: { total: 20_000, giftcard: 3 } });
      expect((await cardsOf(pkg.id)).map((c) => [c.kind, c.amount])).toEqual([['prepaid', 20_000]]);
    });

    it('takes back a refund’s share from the cards sold, only what a spent card holds, and voids them on a full refund or a deletion', async () => {
      const { client } = await signedIn(server, 'owner');
      const ticket = await createPaidTicket(server.database.db, LA, 15_000, { prepaid: { total: 10_000, quantity: 3 } });
      const [first, second] = (await cardsOf(ticket.id)).map((c) => c.card_number) as [string, string];
      // The first card is spent on another ticket: 3,000 of its 3,334.
      const spending = await createPaidTicket(server.database.db, LA, 3000);
      await client.transactions.update(LA, spending.id, { tender: { cashamount: 0, creditamount: 0, giftamount: 3000, giftcard: first } });
      // Half the ticket refunded: each card owes half of what it was sold for; the spent one gives what it has.
      await client.transactions.refund(LA, ticket.id, { amount: 7500, reason: 'Changed mind', idempotencyKey: key() });
      const spent = await client.prepaid.card(LA, 'giftcard', first);
      expect(spent.balance).toBe(0);
      expect(spent.ledger.at(-1)).toMatchObject({ kind: 'ADJUST', amount: -334, txId: ticket.id, reason: 'Ticket refunded' });
      expect(spent.ledger.at(-1)?.note).toContain('16.67 owed');
      expect((await client.prepaid.card(LA, 'giftcard', second)).balance).toBe(3333 - 1666);
      expect(await activity(ticket.id, 'REFUND')).toEqual([
        { card_number: first, kind: 'ADJUST', owed: 1667, taken: 334, short: 1333 },
        { card_number: second, kind: 'ADJUST', owed: 1666, taken: 1666, short: 0 },
        { card_number: expect.any(String), kind: 'ADJUST', owed: 1666, taken: 1666, short: 0 },
      ]);
      // The rest refunded: what the cards still hold is voided.
      await client.transactions.refund(LA, ticket.id, { amount: 7500, reason: 'Changed mind', idempotencyKey: key() });
      const voided = await client.prepaid.card(LA, 'giftcard', second);
      expect(voided).toMatchObject({ status: 'void', balance: 0 });
      expect(voided.ledger.at(-1)).toMatchObject({ kind: 'VOID', amount: -(3333 - 1666) });
      // A deleted ticket voids the cards it sold.
      const deleted = await createPaidTicket(server.database.db, LA, 5000, { prepaid: { total: 5000 } });
      const [sold] = await cardsOf(deleted.id);
      await client.transactions.remove(LA, deleted.id, { reason: 'Entered by mistake', note: 'Wrong ticket' });
      const gone = await client.prepaid.card(LA, 'giftcard', sold?.card_number as string);
      expect(gone).toMatchObject({ status: 'void', balance: 0 });
      expect(gone.ledger.at(-1)).toMatchObject({ kind: 'VOID', amount: -5000, reason: 'Ticket deleted', txId: deleted.id });
      expect(await activity(deleted.id, 'DELETE')).toEqual([{ card_number: sold?.card_number, kind: 'VOID', owed: 5000, taken: 5000, short: 0 }]);
    });
  });

  describe('memberships', () => {
    it('lists memberships expiring in 30 days, and those that did not renew', async () => {
      const { client } = await signedIn(server, 'owner');
      const in30 = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
      const expiring = await client.prepaid.memberships(LA, { expiring_within: 30 });
      expect(expiring.memberships.length).toBeGreaterThan(0);
      for (const m of expiring.memberships) {
        expect(['active', 'paused', 'past_due']).toContain(m.status);
        expect(m.expires_on >= today && m.expires_on <= in30).toBe(true);
      }
      const lapsed = await client.prepaid.memberships(LA, { did_not_renew: true });
      expect(lapsed.memberships.length).toBeGreaterThan(0);
      for (const m of lapsed.memberships) {
        expect(['expired', 'cancelled']).toContain(m.status);
        expect(m.expires_on < today).toBe(true);
      }
      const paused = await client.prepaid.memberships(LA, { status: 'paused', location: NY });
      for (const m of paused.memberships) expect(m).toMatchObject({ status: 'paused', business_id: NY, next_bill_on: null });
      const plan = (await client.prepaid.clubMemberships(LA))[0];
      const byPlan = await client.prepaid.memberships(LA, { plan: plan?.id, limit: 2000 });
      expect(byPlan.memberships.length).toBe(plan?.members);
      const billing = await client.prepaid.memberships(LA, { next_bill_from: today, next_bill_to: in30 });
      for (const m of billing.memberships) expect(m.next_bill_on !== null && m.next_bill_on >= today && m.next_bill_on <= in30).toBe(true);
    });

    it('exports the expiring list with the same rows', async () => {
      const { client } = await signedIn(server, 'owner');
      const expiring = await client.prepaid.memberships(LA, { expiring_within: 30, limit: 2000 });
      expect(expiring.more).toBe(false);
      const file = await client.exports.download(prepaidExports.memberships, { params: { id: LA }, query: { format: 'csv', expiring_within: 30 } });
      const text = await file.blob.text();
      const lines = text.trim().split(/\r?\n/);
      expect(lines[0]).toContain('Member');
      expect(lines.length - 1).toBe(expiring.memberships.length);
    });

    it('pauses until a day, resumes and cancels; the status is the latest event', async () => {
      const { client } = await signedIn(server, 'owner');
      const active = (await client.prepaid.memberships(LA, { status: 'active', location: LA, limit: 1 })).memberships[0];
      if (!active) throw new Error('no active membership');
      const until = new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
      await expect(client.prepaid.pause(LA, active.id, { until: today })).rejects.toMatchObject({ status: 409, message: MEMBERSHIP_PROBLEM.pauseUntilFuture });
      const paused = await client.prepaid.pause(LA, active.id, { until, note: 'Surgery' });
      expect(paused).toMatchObject({ status: 'paused', paused_until: until, next_bill_on: null });
      expect(paused.history.at(-1)).toMatchObject({ kind: 'PAUSED', until, note: 'Surgery', by: 'Olivia Laurent' });
      await expect(client.prepaid.pause(LA, active.id, { until })).rejects.toMatchObject({ status: 409, message: MEMBERSHIP_PROBLEM.cannotPause });
      expect((await client.prepaid.resume(LA, active.id)).status).toBe('active');
      const cancelled = await client.prepaid.cancel(LA, active.id, { note: 'Moving' });
      expect(cancelled).toMatchObject({ status: 'cancelled', auto_renew: false });
      await expect(client.prepaid.resume(LA, active.id)).rejects.toMatchObject({ status: 409, message: MEMBERSHIP_PROBLEM.cannotResume });
      const lotus = await signedIn(server, 'lotus');
      await expect(lotus.client.prepaid.membership(KTM, active.id)).rejects.toMatchObject({ status: 404 });
    });
  });
});
