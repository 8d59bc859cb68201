import { campaignSendInstant, dayInZone, addDays } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';

export interface CampaignSeedOptions {
  businessId: number;
  name: string;
  timezone: string;
  now: Date;
}

/** A link's key in SQL: 32 hexadecimal characters from two random UUIDs (128 random bits). */
const TOKEN = sql.raw(`substr(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 1, 32)`);

/**
 * The demo's campaigns of a location (issue 18), in SQL and quick: an NPS survey; "Spring offer",
 * an email sent twelve days ago at 10:00 to every client (those without an email skipped, a few
 * refused by the mail server, a few unsubscribed through its link); "How did we do?", sent three
 * days ago at 18:30 with the survey to the clients who visited in the last 60 days, about half of
 * whom answered, scores and comments attached to the visit's staff and services; and a text
 * message left as a draft. The messages are in the outbox as a mail server would have left them.
 */
export async function seedCampaigns(tx: Executor, o: CampaignSeedOptions): Promise<void> {
  const b = o.businessId;
  const today = dayInZone(o.now, o.timezone);
  const spring = campaignSendInstant(addDays(today, -12), '10:00', o.timezone).toISOString();
  const survey = campaignSendInstant(addDays(today, -3), '18:30', o.timezone).toISOString();
  const recentFrom = addDays(today, -60);

  await tx.execute(sql`
    with s as (
      insert into surveys (business_id, name, question, created_at)
      values (${b}, 'After your visit', 'How likely are you to recommend us to a friend or colleague?', ${spring}::timestamptz - interval '2 days') returning id
    ), a as (
      insert into campaigns (business_id, name, channel, subject, body, status, send_day, send_time, send_at, schedule_version, rounds, sent_at, cap_messages, cap_days, created_at, updated_at)
      values (${b}, 'Spring offer', 'email', 'Spring is here, {first_name}', 'Hello {first_name},\n\nBook a cut and colour this month and get 20% off a treatment.\n\nSee you soon!',
        'sent', ${addDays(today, -12)}, '10:00', ${spring}::timestamptz, 1, 1, ${spring}::timestamptz, 2, 7, ${spring}::timestamptz - interval '1 day', ${spring}::timestamptz)
      returning id
    ), c as (
      insert into campaigns (business_id, name, channel, subject, body, survey_id, status, send_day, send_time, send_at, schedule_version, rounds, sent_at, cap_messages, cap_days, created_at, updated_at)
      select ${b}, 'How did we do?', 'email', 'A quick question about your visit', 'Hi {first_name}, thank you for coming in. One click tells us how we did: {survey_link}',
        s.id, 'sent', ${addDays(today, -3)}, '18:30', ${survey}::timestamptz, 1, 1, ${survey}::timestamptz, 2, 7, ${survey}::timestamptz - interval '1 day', ${survey}::timestamptz
      from s returning id
    )
    insert into campaigns (business_id, name, channel, body, status, cap_messages, cap_days, created_at, updated_at)
    select ${b}, 'Weekend openings', 'sms', 'Hi {first_name}! We have openings this Saturday. Reply or book online.', 'draft', 2, 7, now(), now()
    from a, c`);

  // "Spring offer": every client; without an email skipped; about 3% refused by the mail server.
  await tx.execute(sql`
    insert into campaign_deliveries (business_id, campaign_id, customer_id, round, channel, recipient, status, skip_reason, token, created_at, handed_at)
    select ${b}, k.id, cu.id, 1, 'email', coalesce(lower(cu.email), ''),
      case when coalesce(cu.email, '') = '' then 'skipped' else 'handed' end,
      case when coalesce(cu.email, '') = '' then 'no_address' end,
      ${TOKEN}, ${spring}::timestamptz, case when coalesce(cu.email, '') <> '' then ${spring}::timestamptz end
    from customers cu, campaigns k
    where cu.business_id = ${b} and k.business_id = ${b} and k.name = 'Spring offer'`);
  // "How did we do?": the clients with an email who visited in the last 60 days.
  await tx.execute(sql`
    insert into campaign_deliveries (business_id, campaign_id, customer_id, round, channel, recipient, status, token, created_at, handed_at)
    select ${b}, k.id, cu.id, 1, 'email', lower(cu.email), 'handed', ${TOKEN}, ${survey}::timestamptz, ${survey}::timestamptz
    from customers cu, campaigns k
    where cu.business_id = ${b} and k.business_id = ${b} and k.name = 'How did we do?' and coalesce(cu.email, '') <> ''
      and exists (select 1 from queue q join checkouts co on co.queue_id = q.id and co.voided_at is null where q.customer_id = cu.id and co.checkout_day >= ${recentFrom}::date)`);
  await tx.execute(sql`
    insert into survey_invitations (business_id, survey_id, delivery_id, customer_id, checkout_id, token, created_at)
    select ${b}, k.survey_id, d.id, d.customer_id,
      (select co.id from queue q join checkouts co on co.queue_id = q.id and co.voided_at is null where q.customer_id = d.customer_id order by co.checkout_day desc, co.id desc limit 1),
      ${TOKEN}, d.created_at
    from campaign_deliveries d join campaigns k on k.id = d.campaign_id
    where k.business_id = ${b} and k.name = 'How did we do?'`);
  // About half answered, within two days: mostly promoters, some passives, a few detractors.
  await tx.execute(sql`
    update survey_invitations i set
      score = case when i.id % 10 < 6 then 9 + i.id % 2 when i.id % 10 < 8 then 7 + i.id % 2 else i.id % 7 end,
      comment = case i.id % 9 when 0 then 'Lovely as always, thank you!' when 3 then 'Great cut, but I waited 15 minutes past my time.' when 6 then 'Friendly team and a relaxing visit.' end,
      answered_at = i.created_at + ((i.id % 47) || ' hours')::interval
    where i.business_id = ${b} and i.id % 2 = 0`);

  // The messages, in the outbox as the mail server left them (about 3% of the offer refused).
  await tx.execute(sql`
    with handed as (
      select d.id, d.recipient, k.id as campaign_id, d.handed_at, k.name as campaign,
        row_number() over (partition by k.id order by d.id) as n
      from campaign_deliveries d join campaigns k on k.id = d.campaign_id
      where k.business_id = ${b} and d.status = 'handed'
    ), written as (
      insert into outbox (channel, recipient, subject, body, ref, status, error, created_at)
      select 'email', h.recipient,
        case when h.campaign = 'Spring offer' then 'Spring is here' else 'A quick question about your visit' end,
        case when h.campaign = 'Spring offer' then 'Hello, book a cut and colour this month and get 20% off a treatment.' else 'Thank you for coming in. One click tells us how we did.' end
          || E'\n\n--\nYou receive this because you are a client of ' || ${o.name} || '.',
        'campaign:' || h.campaign_id || ':' || h.id,
        case when h.campaign = 'Spring offer' and h.n % 33 = 0 then 'failed' else 'sent' end,
        case when h.campaign = 'Spring offer' and h.n % 33 = 0 then '550 mailbox unavailable' end,
        h.handed_at
      from handed h
      returning id, ref
    )
    update campaign_deliveries d set outbox_id = w.id from written w where d.id = split_part(w.ref, ':', 3)::int`);
  await tx.execute(sql`update outbox set ref = 'campaign:' || split_part(ref, ':', 2) where ref like 'campaign:%:%'`);
  // A few clients unsubscribed through the offer's link.
  await tx.execute(sql`
    insert into campaign_unsubscribes (business_id, customer_id, channel, delivery_id, created_at)
    select ${b}, d.customer_id, 'email', d.id, d.handed_at + interval '3 hours'
    from campaign_deliveries d join campaigns k on k.id = d.campaign_id
    where k.business_id = ${b} and k.name = 'Spring offer' and d.status = 'handed' and d.id % 50 = 7`);
}
