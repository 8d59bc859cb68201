import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';

/** The demo's client tags of each network, with their colours. */
export const DEMO_TAGS: readonly [string, string][] = [
  ['VIP', '#f59e0b'],
  ['Colour client', '#8b5cf6'],
  ['Prefers mornings', '#10b981'],
  ['Sensitive skin', '#ef4444'],
  ['Referred a friend', '#3b82f6'],
  ['Bridal', '#ec4899'],
];

const NOTES = [
  'Prefers a quiet appointment; no small talk.',
  'Allergic to latex gloves — use nitrile.',
  'Likes her coffee black. Books for her daughter too.',
  'Colour formula: 6N + 20 vol, 35 minutes.',
  'Runs 10 minutes late; book the last slot before lunch.',
  'Wants reminders by SMS only.',
];

/**
 * The demo's client details (issue 18), set-based and quick, consistent with the tickets (run
 * after them): birthdays for most clients (every month, some this month and this week), notes on
 * a few, the network's tags given by what each client did (`customer_facts`: VIP = the top tenth
 * by spend, colour clients = bought a colour service, ...), and per location two duplicate
 * records of real clients (same phone typed another way, or same name with an email) to merge.
 */
export async function seedClients(tx: Executor, options: { networkIds: readonly number[]; businessIds: readonly number[]; now: Date; seed: number }): Promise<void> {
  const s = options.seed;
  const today = options.now.toISOString().slice(0, 10);
  // Birthdays: 80% of the clients with a real phone, born 1955–2005; one in twelve this month.
  await tx.execute(sql`update customers c set birthday = make_date(
      1955 + (hashint4(c.id + ${s}) & 1023) % 50,
      m.month,
      1 + (hashint4(c.id + ${s + 2}) & 1023) % 28)
    from (select id, case when (hashint4(id + ${s + 3}) & 1023) % 12 = 0 then extract(month from ${today}::date)::int
                        else 1 + (hashint4(id + ${s + 1}) & 1023) % 12 end as month
          from customers) m
    where m.id = c.id and c.phone_type not in ('TEMP', 'GUEST') and (hashint4(c.id + ${s + 4}) & 1023) % 10 < 8
      and c.business_id = any(${`{${options.businessIds.join(',')}}`}::int[])`);
  // Notes on one client in eight.
  await tx.execute(sql`update customers c set notes = (${`{${NOTES.map((n) => `"${n.replace(/"/g, '\\"')}"`).join(',')}}`}::text[])[1 + (hashint4(c.id + ${s + 5}) & 1023) % ${NOTES.length}]
    where (hashint4(c.id + ${s + 6}) & 1023) % 8 = 0 and c.phone_type not in ('TEMP', 'GUEST')
      and c.business_id = any(${`{${options.businessIds.join(',')}}`}::int[])`);
  // The tags of each network.
  for (const networkId of options.networkIds) {
    for (const [name, color] of DEMO_TAGS) {
      await tx.execute(sql`insert into customer_tags (network_id, name, color) values (${networkId}, ${name}, ${color})`);
    }
  }
  const tag = (name: string) => sql`(select t.id from customer_tags t where t.network_id = c.network_id and t.name = ${name})`;
  const clients = sql`customers c join customer_facts f on f.customer_id = c.id and f.business_id = c.business_id
    where c.business_id = any(${`{${options.businessIds.join(',')}}`}::int[]) and c.phone_type not in ('TEMP', 'GUEST')`;
  // VIP: the top tenth of each location by spend.
  await tx.execute(sql`insert into customer_tag_links (customer_id, tag_id)
    select x.id, x.tag from (select c.id, ${tag('VIP')} as tag, ntile(10) over (partition by c.business_id order by f.spend desc) as tenth from ${clients} and f.visits > 0) x
    where x.tenth = 1 and x.tag is not null`);
  // Colour clients: bought a colour service.
  await tx.execute(sql`insert into customer_tag_links (customer_id, tag_id)
    select c.id, ${tag('Colour client')} from ${clients}
      and exists (select 1 from queue q join saleslogs l on l.queue_id = q.id and not l.voided where q.customer_id = c.id and l.name ilike '%colo%')
      and ${tag('Colour client')} is not null`);
  // The rest by chance, a few each.
  for (const [i, name] of ['Prefers mornings', 'Sensitive skin', 'Referred a friend', 'Bridal'].entries()) {
    await tx.execute(sql`insert into customer_tag_links (customer_id, tag_id)
      select c.id, ${tag(name)} from ${clients} and (hashint4(c.id + ${s + 10 + i}) & 1023) % ${[9, 14, 11, 40][i] as number} = 0 and ${tag(name)} is not null`);
  }
  // Two duplicates per location to merge: a client's phone typed another way (the same digits), and a name with a new email.
  await tx.execute(sql`insert into customers (business_id, network_id, phone_type, phone, firstname, lastname, email, created_at)
    select d.business_id, d.network_id, 'MOBILE',
      case when d.k = 1 then '(' || substr(d.phone_digits, 1, 3) || ') ' || substr(d.phone_digits, 4, 3) || '-' || substr(d.phone_digits, 7) else '555' || lpad(((hashint4(d.id) & 1048575) % 9999999)::text, 7, '0') end,
      d.firstname, d.lastname,
      case when d.k = 2 then lower(d.firstname || '.' || d.lastname || '.new@example.com') end,
      ${options.now.toISOString()}::timestamptz - interval '20 days'
    from (select c.*, row_number() over (partition by c.business_id order by f.visits desc, c.id) as k from ${clients}
            and c.firstname is not null and c.lastname is not null and length(c.phone_digits) >= 10 and f.visits >= 3) d
    where d.k <= 2`);
}
