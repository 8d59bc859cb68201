import { clientExports, CSRF_HEADER, CSRF_HEADER_VALUE, customerFacts, MESSAGES } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { createPaidTicket } from '../transactions/fixtures';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;
const KTM = 4;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };

describe('clients and tags', () => {
  let server: TestServer;
  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(server.database.db, query);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A fresh client of `business` with a phone typed the way people type it. */
  const newClient = async (business: number, fields: { firstname?: string; lastname?: string; phone?: string; email?: string | null } = {}) => {
    const [c] = await q<{ id: number }>(sql`insert into customers (business_id, network_id, phone, firstname, lastname, email)
      values (${business}, (select network_id from businesses where id = ${business}), ${fields.phone ?? `(555) ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`},
        ${fields.firstname ?? 'Test'}, ${fields.lastname ?? 'Client'}, ${fields.email ?? null}) returning id`);
    return (c as { id: number }).id;
  };

  describe('the demo', () => {
    it('gives clients birthdays (some this month), notes, the network’s tags by what they did, and duplicates to merge', async () => {
      const [facts] = await q<{ birthdays: number; this_month: number; notes: number; clients: number }>(sql`
        select count(*) filter (where birthday is not null)::int as birthdays,
          count(*) filter (where extract(month from birthday) = extract(month from now()))::int as this_month,
          count(*) filter (where notes <> '')::int as notes, count(*)::int as clients
        from customers where business_id = ${LA}`);
      expect(facts?.birthdays).toBeGreaterThan((facts?.clients ?? 0) / 2);
      expect(facts?.this_month).toBeGreaterThan(0);
      expect(facts?.notes).toBeGreaterThan(0);
      const { client } = await signedIn(server, 'owner');
      const tags = await client.clients.getTags(LA);
      const vip = tags.find((t) => t.name === 'VIP');
      expect(vip?.clients).toBeGreaterThan(0);
      // VIPs are the top spenders: the least VIP spend is at least the location's median.
      const vips = await client.clients.list(LA, { tags: String(vip?.id), sort: 'spend', dir: 'asc', page_size: 1 });
      const all = await client.clients.list(LA, { sort: 'spend', dir: 'desc', page_size: 1, page: Math.ceil((await client.clients.list(LA, { page_size: 1 })).total / 2) });
      expect(vips.rows[0]?.spend ?? 0).toBeGreaterThanOrEqual(all.rows[0]?.spend ?? 0);
      expect(tags.find((t) => t.name === 'Colour client')?.clients).toBeGreaterThan(0);
      const [dup] = await q<{ id: number }>(sql`select a.id from customers a join customers b on b.business_id = a.business_id and b.id > a.id and b.phone_digits = a.phone_digits
        where a.business_id = ${LA} and a.merged_into_id is null and b.merged_into_id is null and length(a.phone_digits) >= 10 limit 1`);
      expect(dup).toBeDefined();
      expect((await client.clients.duplicates(LA, (dup as { id: number }).id)).some((d) => d.reasons.includes('phone'))).toBe(true);
    });
  });

  describe('the list', () => {
    it('finds a client by name, by email and by phone in any format', async () => {
      const { client } = await signedIn(server, 'owner');
      const id = await newClient(LA, { firstname: 'Quillon', lastname: 'Vantabrook', phone: '(555) 271-9043', email: 'quill.vb@example.org' });
      for (const typed of ['quillon', 'VANTABROOK', 'Quillon Vanta', 'quill.vb@', '(555) 271-9043', '555.271.9043', '+1 555 271 9043', '5552719043', '9043']) {
        const page = await client.clients.list(LA, { q: typed });
        expect(page.rows.map((r) => r.id), typed).toContain(id);
      }
      const none = await client.clients.list(LA, { q: 'quillon zzz' });
      expect(none.rows.map((r) => r.id)).not.toContain(id);
      // Another location's client is never listed here.
      const ny = await newClient(NY, { firstname: 'Quillon', lastname: 'Vantabrook' });
      expect((await client.clients.list(LA, { q: 'vantabrook' })).rows.map((r) => r.id)).not.toContain(ny);
    });

    it('gives each client the facts of their completed tickets, as core computes them', async () => {
      const { client } = await signedIn(server, 'owner');
      const id = await newClient(LA, { firstname: 'Facts', lastname: 'Person' });
      await createPaidTicket(server.database.db, LA, 4500, { customerId: id });
      await createPaidTicket(server.database.db, LA, 1500, { customerId: id });
      const [row] = (await client.clients.list(LA, { q: 'facts person' })).rows;
      const tickets = await q<{ id: number; day: string; at: Date; tips: number; employee_id: number | null; serviced_by: number | null; total: number }>(
        sql`select q.id, k.checkout_day::text as day, k.created_at as at, k.tipamount as tips, k.employee_id, q.serviced_by,
              (select sum(total)::int from saleslogs l where l.checkout_id = k.id and not l.voided) as total
            from queue q join checkouts k on k.queue_id = q.id and k.voided_at is null where q.customer_id = ${id}`,
      );
      const expected = customerFacts(
        tickets.map((t) => ({ id: t.id, serviced_by: t.serviced_by, checkout: { day: t.day, at: new Date(t.at).toISOString(), tips: t.tips, employee_id: t.employee_id }, lines: [{ total: t.total, voided: false }], refunds: [] })),
      );
      expect(row).toMatchObject({ id, visits: 2, spend: expected.spend, average_spend: expected.average_spend, last_visit: expected.last_visit, last_ticket_id: expected.last_ticket_id });
      expect(row?.spend).toBeGreaterThan(0);
    });

    it('sorts, filters and pages', async () => {
      const { client } = await signedIn(server, 'owner');
      const bySpend = await client.clients.list(LA, { sort: 'spend', dir: 'desc', page_size: 20 });
      expect(bySpend.total).toBeGreaterThan(20);
      const spends = bySpend.rows.map((r) => r.spend);
      expect(spends).toEqual([...spends].sort((a, b) => b - a));
      const second = await client.clients.list(LA, { sort: 'spend', dir: 'desc', page_size: 20, page: 2 });
      expect(second.rows.map((r) => r.id).filter((id) => bySpend.rows.some((r) => r.id === id))).toEqual([]);
      expect(second.total).toBe(bySpend.total);

      const regulars = await client.clients.list(LA, { visits_min: 3, spend_min: 10000, page_size: 200 });
      for (const r of regulars.rows) {
        expect(r.visits).toBeGreaterThanOrEqual(3);
        expect(r.spend).toBeGreaterThanOrEqual(10000);
      }
      const never = await client.clients.list(LA, { never_visited: true, page_size: 200 });
      for (const r of never.rows) expect(r.visits).toBe(0);
      const recent = bySpend.rows.find((r) => r.last_visit !== null)?.last_visit as string;
      const since = await client.clients.list(LA, { last_visit_from: recent, last_visit_to: recent, page_size: 200 });
      expect(since.rows.length).toBeGreaterThan(0);
      for (const r of since.rows) expect(r.last_visit).toBe(recent);
    });

    it('filters by tags (any or all) and by a segment of the location', async () => {
      const { client } = await signedIn(server, 'owner');
      const a = await client.clients.createTag(LA, { name: `Filter A ${Date.now()}` });
      const b = await client.clients.createTag(LA, { name: `Filter B ${Date.now()}`, color: '#10b981' });
      const one = await newClient(LA);
      const both = await newClient(LA);
      await client.clients.setTags(LA, one, [a.id]);
      await client.clients.setTags(LA, both, [a.id, b.id]);
      const anyOf = await client.clients.list(LA, { tags: `${a.id},${b.id}`, page_size: 200 });
      expect(anyOf.rows.map((r) => r.id).sort()).toEqual([one, both].sort());
      const allOf = await client.clients.list(LA, { tags: `${a.id},${b.id}`, tag_match: 'all' });
      expect(allOf.rows.map((r) => r.id)).toEqual([both]);
      expect(allOf.rows[0]?.tags.map((t) => t.id).sort()).toEqual([a.id, b.id].sort());

      // A segment of the location: its members, nothing else.
      const [segment] = await q<{ id: number }>(sql`insert into customer_segments (business_id, network_id, name, query_parameters, business_list)
        values (${LA}, 1, ${`Tagged ${Date.now()}`}, ${JSON.stringify({ type: 'group', match: 'all', children: [{ type: 'condition', kind: 'hasAnyTag', ids: [b.id] }] })}::jsonb, '{1}') returning id`);
      const members = await client.clients.list(LA, { segment: (segment as { id: number }).id });
      expect(members.rows.map((r) => r.id)).toEqual([both]);
      const err = await refusal(client.clients.list(LA, { segment: 999_999 }));
      expect(err.status).toBe(404);
    });

    it('refuses bad input with a clear 400 and names the field', async () => {
      const { client } = await signedIn(server, 'owner');
      for (const [query, field] of [
        [{ sort: 'phone' }, 'sort'],
        [{ dir: 'up' }, 'dir'],
        [{ page_size: 1000 }, 'page_size'],
        [{ last_visit_from: '2024-13-01' }, 'last_visit_from'],
        [{ tags: '1,,2' }, 'tags'],
        [{ visits_min: -1 }, 'visits_min'],
      ] as const) {
        const err = await refusal(client.clients.list(LA, query as Record<string, string | number>));
        expect(err.status, JSON.stringify(query)).toBe(400);
        expect(err.issues?.some((i) => i.path.includes(field))).toBe(true);
      }
    });
  });

  describe('permissions', () => {
    it('needs the customer permission and a business the user may see', async () => {
      const manager = await signedIn(server, 'manager');
      expect(await refusal(manager.client.clients.list(LA))).toMatchObject(forbidden);
      const lotus = await signedIn(server, 'lotus');
      expect(await refusal(lotus.client.clients.list(LA))).toMatchObject(forbidden);
      const frontdesk = await signedIn(server, 'frontdesk');
      expect(await refusal(frontdesk.client.clients.getTags(KTM))).toMatchObject(forbidden);
      const anonymous = await rawRequest(server, `/protected/business/${LA}/clients`);
      expect(anonymous.status).toBe(401);
    });

    it('does not reach a client or tag of another location through this one', async () => {
      const { client } = await signedIn(server, 'owner');
      const ny = await newClient(NY);
      expect((await refusal(client.clients.get(LA, ny))).status).toBe(404);
      expect((await refusal(client.clients.update(LA, ny, { notes: 'x' }))).status).toBe(404);
      expect((await refusal(client.clients.erase(LA, ny))).status).toBe(404);
      expect((await refusal(client.clients.merge(LA, await newClient(LA), [ny]))).status).toBe(400);
      // Tags are the network's: LA and NY share them, Kathmandu's network does not.
      const lotus = await signedIn(server, 'lotus');
      const ktmTag = await lotus.client.clients.createTag(KTM, { name: `Lotus only ${Date.now()}` });
      expect((await refusal(client.clients.updateTag(LA, ktmTag.id, { name: 'Mine' }))).status).toBe(404);
      expect((await refusal(client.clients.setTags(LA, ny, [ktmTag.id]))).status).toBe(404);
      const la = await newClient(LA);
      const err = await refusal(client.clients.setTags(LA, la, [ktmTag.id]));
      expect(err).toMatchObject({ status: 400, message: MESSAGES.tagNotFound });
      expect((await client.clients.getTags(NY)).map((t) => t.id)).not.toContain(ktmTag.id);
    });
  });

  describe('profile and update', () => {
    it('shows contact, facts, visits with their tickets, cards and memberships; saves an edit and refuses a bad one', async () => {
      const { client } = await signedIn(server, 'owner');
      const [busy] = await q<{ customer_id: number }>(sql`select customer_id from customer_facts where business_id = ${LA} and visits >= 2 order by customer_id limit 1`);
      const id = (busy as { customer_id: number }).customer_id;
      const profile = await client.clients.get(LA, id);
      expect(profile.visits).toBeGreaterThanOrEqual(2);
      expect(profile.location).toBe('Luxe Los Angeles');
      const visits = await client.clients.visits(LA, id, { page_size: 100 });
      expect(visits.rows.filter((v) => v.completed)).toHaveLength(profile.visits);
      expect(visits.rows.filter((v) => v.completed).reduce((s, v) => s + v.total, 0)).toBe(profile.spend);
      expect(visits.rows[0]?.items.length).toBeGreaterThan(0);

      const updated = await client.clients.update(LA, id, { birthday: '1991-04-12', notes: 'Prefers mornings', email: 'new.mail@example.com', firstname: '  Renamed ' });
      expect(updated).toMatchObject({ birthday: '1991-04-12', notes: 'Prefers mornings', email: 'new.mail@example.com', firstname: 'Renamed' });
      for (const body of [{ email: 'not an email' }, { birthday: '1991-02-30' }, { phone: '12' }, { notes: 'x'.repeat(5001) }, {}]) {
        const err = await refusal(client.clients.update(LA, id, body));
        expect(err.status, JSON.stringify(body)).toBe(400);
      }
      expect(await client.clients.get(LA, id)).toMatchObject({ birthday: '1991-04-12', email: 'new.mail@example.com' });
      expect((await refusal(client.clients.get(LA, 999_999))).status).toBe(404);
    });
  });

  describe('merge', () => {
    it('keeps every ticket, card, point and tag of the duplicates on the kept client', async () => {
      const { client } = await signedIn(server, 'owner');
      const kept = await newClient(LA, { firstname: 'Dana', lastname: 'Merge', phone: '(555) 300-1001' });
      const dup = await newClient(LA, { firstname: 'Dana', lastname: 'Merge', phone: '555-300-1001', email: 'dana.merge@example.com' });
      await createPaidTicket(server.database.db, LA, 3000, { customerId: kept });
      const t1 = await createPaidTicket(server.database.db, LA, 2000, { customerId: dup });
      const t2 = await createPaidTicket(server.database.db, LA, 1000, { customerId: dup });
      await q(sql`update customers set loyalty_points = 7 where id = ${dup}`);
      await q(sql`insert into prepaid_cards (business_id, network_id, kind, card_number, customer_id, issued_on) values (${LA}, 1, 'giftcard', ${`9${Date.now()}`}, ${dup}, current_date)`);
      const tag = await client.clients.createTag(LA, { name: `Merge ${Date.now()}` });
      await client.clients.setTags(LA, dup, [tag.id]);

      const candidates = await client.clients.duplicates(LA, kept);
      expect(candidates.find((c) => c.id === dup)?.reasons).toEqual(['phone', 'name']);

      const before = await client.clients.get(LA, kept);
      const merged = await client.clients.merge(LA, kept, [dup]);
      expect(merged.visits).toBe(before.visits + 2);
      expect(merged.loyalty_points).toBe(before.loyalty_points + 7);
      expect(merged.email).toBe('dana.merge@example.com');
      expect(merged.tags.map((t) => t.id)).toEqual([tag.id]);
      expect(merged.cards).toHaveLength(1);
      expect(merged.merged_from.map((m) => m.id)).toEqual([dup]);
      const owners = await q<{ customer_id: number }>(sql`select customer_id from queue where id in (${t1.id}, ${t2.id})`);
      expect(owners.map((o) => o.customer_id)).toEqual([kept, kept]);
      // The duplicate is no longer listed and cannot be changed or merged again.
      expect((await client.clients.list(LA, { q: 'dana merge' })).rows.map((r) => r.id)).toEqual([kept]);
      expect((await refusal(client.clients.update(LA, dup, { notes: 'x' }))).status).toBe(409);
      expect((await refusal(client.clients.merge(LA, kept, [dup]))).status).toBe(400);
      expect(await refusal(client.clients.merge(LA, kept, [kept]))).toMatchObject({ status: 400, message: MESSAGES.mergeIntoItself });
      expect((await refusal(client.clients.merge(LA, kept, []))).status).toBe(400);
    });
  });

  describe('merge of clients a campaign reached twice', () => {
    it('moves what does not collide and leaves the same message sent to both records with the merged one; an unsubscribe carries over', async () => {
      const { client } = await signedIn(server, 'owner');
      const kept = await newClient(LA, { firstname: 'Cam', lastname: 'Twice', phone: '(555) 300-2001' });
      const dup = await newClient(LA, { firstname: 'Cam', lastname: 'Twice', phone: '(555) 300-2002' });
      const dup2 = await newClient(LA, { firstname: 'Cam', lastname: 'Twice', phone: '(555) 300-2003' });
      const campaigns = await q<{ id: number }>(sql`select id from campaigns where business_id = ${LA} order by id limit 2`);
      const [first, second] = campaigns;
      if (!first || !second) throw new Error('The demo has fewer than two campaigns in LA');
      const deliver = (customer: number, campaign: number, token: string) =>
        q<{ id: number }>(sql`insert into campaign_deliveries (business_id, campaign_id, customer_id, round, channel, recipient, status, token)
          values (${LA}, ${campaign}, ${customer}, 1, 'email', 'cam@example.com', 'handed', ${`${token}-${customer}`}) returning id`);
      // The first campaign reached all three records; the second only a duplicate.
      await deliver(kept, first.id, 'merge-a');
      const [dupFirst] = await deliver(dup, first.id, 'merge-b');
      const [dup2First] = await deliver(dup2, first.id, 'merge-c');
      const [dupSecond] = await deliver(dup, second.id, 'merge-d');
      // The duplicates unsubscribed from email and text; the kept record from nothing.
      await q(sql`insert into campaign_unsubscribes (business_id, customer_id, channel) values (${LA}, ${dup}, 'email'), (${LA}, ${dup2}, 'email'), (${LA}, ${dup2}, 'sms')`);
      const before = await q<{ n: number }>(sql`select count(*)::int as n from campaign_deliveries where campaign_id in (${first.id}, ${second.id})`);

      await client.clients.merge(LA, kept, [dup, dup2]);

      const owners = await q<{ id: number; customer_id: number }>(sql`select id, customer_id from campaign_deliveries where id in (${dupFirst?.id ?? 0}, ${dup2First?.id ?? 0}, ${dupSecond?.id ?? 0}) order by id`);
      expect(owners).toEqual([
        { id: dupFirst?.id, customer_id: dup },
        { id: dup2First?.id, customer_id: dup2 },
        { id: dupSecond?.id, customer_id: kept },
      ]);
      expect(await q(sql`select count(*)::int as n from campaign_deliveries where campaign_id in (${first.id}, ${second.id})`)).toEqual(before);
      expect(await q(sql`select channel from campaign_unsubscribes where business_id = ${LA} and customer_id = ${kept} order by channel`)).toEqual([{ channel: 'email' }, { channel: 'sms' }]);
    });
  });

  describe('personal data export and erasure', () => {
    it('exports everything kept about a client, then erases it and keeps the tickets anonymised', async () => {
      const { client, fetch } = await signedIn(server, 'owner');
      const id = await newClient(LA, { firstname: 'Erin', lastname: 'Erase', phone: '(555) 888-1234', email: 'erin.erase@example.com' });
      const ticket = await createPaidTicket(server.database.db, LA, 5200, { customerId: id });
      await q(sql`update queue set details = ${JSON.stringify([{ name: 'customername', value: 'Erin Erase' }, { name: 'removedetail', value: 'kept' }])}::jsonb where id = ${ticket.id}`);
      await client.clients.update(LA, id, { birthday: '1988-08-08', notes: 'Allergic to latex' });
      const tag = await client.clients.createTag(LA, { name: `Erase ${Date.now()}` });
      await client.clients.setTags(LA, id, [tag.id]);
      // Booked, and reached by a campaign: the appointment and the message carry the name and address too.
      const [appointment] = await q<{ id: number }>(sql`insert into appointments (business_id, staff_id, customer_name, customer_id, starts_at, duration_minutes)
        select ${LA}, min(id), 'Erin Erase', ${id}, now() + interval '3 days', 60 from staff where business_id = ${LA} returning id`);
      const [message] = await q<{ id: number }>(sql`insert into outbox (channel, recipient, subject, body, status) values ('email', 'erin.erase@example.com', 'Hello Erin', 'Hi Erin, come back soon', 'sent') returning id`);
      const [campaign] = await q<{ id: number }>(sql`select id from campaigns where business_id = ${LA} order by id limit 1`);
      if (!appointment || !message || !campaign) throw new Error('The demo has no staff or campaign in LA');
      await q(sql`insert into campaign_deliveries (business_id, campaign_id, customer_id, round, channel, recipient, status, outbox_id, token, handed_at)
        values (${LA}, ${campaign.id}, ${id}, 1, 'email', 'erin.erase@example.com', 'handed', ${message.id}, ${`erase-test-${id}`}, now())`);

      const data = await client.clients.personalData(LA, id);
      expect(data.client).toMatchObject({ firstname: 'Erin', email: 'erin.erase@example.com', birthday: '1988-08-08', notes: 'Allergic to latex' });
      expect(data.tags).toEqual([tag.name]);
      expect(data.visits.map((v) => v.ticket_id)).toEqual([ticket.id]);

      // The confirmation must name the client.
      const wrong = await fetch(`${server.baseUrl}/protected/business/${LA}/clients/${id}/erase`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
        body: JSON.stringify({ confirm: id + 1 }),
      });
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as { message: string }).message).toBe(MESSAGES.eraseConfirmMismatch);
      expect((await client.clients.get(LA, id)).firstname).toBe('Erin');

      const erased = await client.clients.erase(LA, id);
      expect(erased).toMatchObject({ name: 'Erased client', firstname: null, lastname: null, email: null, phone: '', birthday: null, notes: '', tags: [], visits: 1, spend: 5200 });
      expect(erased.erased_at).not.toBeNull();
      const [kept] = await q<{ customer_id: number; details: { name: string }[] }>(sql`select customer_id, details from queue where id = ${ticket.id}`);
      expect(kept?.customer_id).toBe(id);
      expect(kept?.details.map((d) => d.name)).toEqual(['removedetail']);
      expect((await client.clients.list(LA, { q: 'erin erase' })).rows).toEqual([]);
      expect(await q(sql`select customer_name, customer_id from appointments where id = ${appointment.id}`)).toEqual([{ customer_name: 'Erased client', customer_id: id }]);
      expect(await q(sql`select recipient, status from campaign_deliveries where customer_id = ${id}`)).toEqual([{ recipient: '', status: 'handed' }]);
      expect(await q(sql`select recipient, subject, body, status from outbox where id = ${message.id}`)).toEqual([{ recipient: '', subject: null, body: '', status: 'sent' }]);
      expect((await refusal(client.clients.erase(LA, id))).status).toBe(409);
      expect((await refusal(client.clients.setTags(LA, id, []))).status).toBe(409);
    });
  });

  describe('tags', () => {
    it('creates, renames, recolours and deletes a network tag; names are unique whatever the case', async () => {
      const { client } = await signedIn(server, 'owner');
      const name = `Vip ${Date.now()}`;
      const tag = await client.clients.createTag(LA, { name, color: '#ef4444' });
      expect(tag).toMatchObject({ name, color: '#ef4444', clients: 0 });
      expect((await client.clients.getTags(NY)).map((t) => t.id)).toContain(tag.id);
      expect(await refusal(client.clients.createTag(NY, { name: name.toUpperCase() }))).toMatchObject({ status: 409, message: MESSAGES.tagNameTaken });
      for (const body of [{ name: '' }, { name: 'x'.repeat(41) }, { name: 'ok', color: 'red' }]) {
        expect((await refusal(client.clients.createTag(LA, body))).status).toBe(400);
      }
      const renamed = await client.clients.updateTag(LA, tag.id, { name: `${name} gold`, color: '#f59e0b' });
      expect(renamed).toMatchObject({ name: `${name} gold`, color: '#f59e0b' });
      const c = await newClient(LA);
      await client.clients.setTags(LA, c, [tag.id]);
      expect((await client.clients.getTags(LA)).find((t) => t.id === tag.id)?.clients).toBe(1);
      await client.clients.deleteTag(LA, tag.id);
      expect((await client.clients.get(LA, c)).tags).toEqual([]);
      expect((await refusal(client.clients.deleteTag(LA, tag.id))).status).toBe(404);
    });
  });

  describe('the export', () => {
    it('writes the filtered list as CSV', async () => {
      const { client } = await signedIn(server, 'owner');
      await newClient(LA, { firstname: 'Csv', lastname: 'Exported', email: 'csv.exported@example.com' });
      const file = await client.exports.download(clientExports.clients, { params: { id: LA }, query: { q: 'csv exported', format: 'csv' } });
      const text = await file.blob.text();
      expect(text.split('\n')[0]).toContain('Client');
      expect(text).toContain('csv.exported@example.com');
    });
  });
});
