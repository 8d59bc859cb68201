import { fillPath, renderCampaignMessage, SURVEY_PAGE_PATH, UNSUBSCRIBE_PAGE_PATH } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Database } from '../db/client';
import { defineJob } from '../jobs/defineJob';
import type { Logger } from '../logger';
import type { Outbox } from '../outbox/outbox';
import { newPublicToken, planDeliveries, segmentExists } from './audience';

/** How many deliveries one claim takes (and hands over) at a time. */
const BATCH = 200;

export interface CampaignSendOptions {
  outbox: Outbox;
  /** The dashboard's public address, for the links in the messages. */
  publicUrl: string;
}

/**
 * Sends one round of a campaign, safely on any number of nodes at once and after a crash:
 *
 * 1. **Claim** (one transaction): the campaign goes from `scheduled` to `sending` only if it is
 *    still at the schedule version the job was queued for (a reschedule or a cancel since makes
 *    the job do nothing); its round's deliveries are written then, one per member (a resend's
 *    round only those it reaches: the first round counted the skipped), unique on
 *    campaign, round and client, under a per-business advisory lock so two campaigns never
 *    both pass a frequency cap for the same client. A node that finds the campaign already
 *    `sending` at that version (another node, or this job before a crash) skips to step 2.
 * 2. **Hand over**: batches of queued deliveries are claimed with `FOR UPDATE SKIP LOCKED` and
 *    marked `handed` before the outbox is called, so each message is handed once (at most once:
 *    a crash between the claim and the outbox loses that message rather than sending it twice).
 * 3. **Finish**: with nothing queued and every handed message in the outbox, the campaign is `sent`
 *    (by whichever node hands the last one).
 */
export async function sendCampaignRound(db: Database, options: CampaignSendOptions & { log: Logger; now: () => Date }, campaignId: number, version: number): Promise<{ handed: number }> {
  const claimed = await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      update campaigns set status = 'sending', rounds = rounds + 1, sent_at = coalesce(sent_at, ${options.now().toISOString()}::timestamptz), updated_at = now()
      where id = ${campaignId} and schedule_version = ${version} and status = 'scheduled'
      returning id, business_id, channel, segment_id, survey_id, cap_messages, cap_days, rounds`);
    const campaign = rows[0];
    if (!campaign) return null;
    if (campaign.segment_id !== null && !(await segmentExists(tx, Number(campaign.business_id), Number(campaign.segment_id)))) {
      // Its segment was deleted after it was scheduled: it goes to nobody and is a draft again (or stays sent, for a resend).
      await tx.execute(sql`update campaigns set status = case when rounds = 1 then 'draft' else 'sent' end, rounds = rounds - 1, sent_at = case when rounds = 1 then null else sent_at end, send_at = null, send_day = null, send_time = null,
        schedule_version = schedule_version + 1 where id = ${campaignId}`);
      options.log.warn({ campaign: campaignId, segment: campaign.segment_id }, 'Campaign not sent: its segment no longer exists; it is a draft again');
      return null;
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('salondesk:campaign-audience'), ${campaign.business_id as number})`);
    const round = Number(campaign.rounds);
    const plan = await planDeliveries(
      tx,
      {
        id: campaignId,
        business_id: Number(campaign.business_id),
        channel: campaign.channel as 'email' | 'sms',
        segment_id: campaign.segment_id === null ? null : Number(campaign.segment_id),
        cap_messages: campaign.cap_messages === null ? null : Number(campaign.cap_messages),
        cap_days: campaign.cap_days === null ? null : Number(campaign.cap_days),
      },
      options.now(),
      { excludeReached: round > 1 },
    ).then((all) => (round > 1 ? all.filter((p) => p.skipReason === null) : all));
    for (let i = 0; i < plan.length; i += 1000) {
      const chunk = plan.slice(i, i + 1000);
      const values = sql.join(
        chunk.map(
          (p) =>
            sql`(${campaign.business_id}, ${campaignId}, ${p.customerId}, ${round}, ${campaign.channel}, ${p.recipient}, ${p.skipReason ? 'skipped' : 'queued'}, ${p.skipReason}, ${newPublicToken()})`,
        ),
        sql`, `,
      );
      const { rows: inserted } = await tx.execute(sql`
        insert into campaign_deliveries (business_id, campaign_id, customer_id, round, channel, recipient, status, skip_reason, token)
        values ${values}
        on conflict (campaign_id, round, customer_id) do nothing
        returning id, customer_id, status`);
      if (campaign.survey_id !== null) {
        const invited = inserted.filter((d) => d.status === 'queued');
        if (invited.length > 0) {
          // The invitation asks about the client's last visit (a live checkout) before now.
          await tx.execute(sql`
            insert into survey_invitations (business_id, survey_id, delivery_id, customer_id, checkout_id, token)
            select ${campaign.business_id}, ${campaign.survey_id}, d.id, d.customer_id,
              (select co.id from checkouts co join queue q on q.id = co.queue_id
               where q.customer_id = d.customer_id and co.business_id = ${campaign.business_id} and co.voided_at is null
               order by co.checkout_day desc, co.id desc limit 1),
              t.token
            from unnest(${`{${invited.map((d) => d.id).join(',')}}`}::int[], ${`{${invited.map(() => newPublicToken()).join(',')}}`}::text[]) as t(delivery_id, token)
            join campaign_deliveries d on d.id = t.delivery_id`);
        }
      }
    }
    return { round, recipients: plan.length };
  });

  if (claimed) options.log.info({ campaign: campaignId, round: claimed.round, recipients: claimed.recipients }, 'Campaign round claimed');
  const { rows: state } = await db.execute(sql`select status, schedule_version, rounds from campaigns where id = ${campaignId}`);
  const current = state[0];
  if (!current || current.status !== 'sending' || Number(current.schedule_version) !== version) return { handed: 0 };
  const round = Number(current.rounds);

  const { rows: info } = await db.execute(sql`
    select c.channel, c.subject, c.body, b.name as business_name
    from campaigns c join businesses b on b.id = c.business_id where c.id = ${campaignId}`);
  const message = info[0] as { channel: 'email' | 'sms'; subject: string | null; body: string; business_name: string };
  const base = options.publicUrl.replace(/\/+$/, '');
  let handed = 0;
  for (;;) {
    const { rows: batch } = await db.execute(sql`
      update campaign_deliveries d set status = 'handed', handed_at = now()
      from customers c
      where c.id = d.customer_id and d.id in (
        select id from campaign_deliveries
        where campaign_id = ${campaignId} and round = ${round} and status = 'queued'
        order by id limit ${BATCH} for update skip locked)
      returning d.id, d.recipient, d.token, c.firstname,
        (select i.token from survey_invitations i where i.delivery_id = d.id) as survey_token`);
    if (batch.length === 0) break;
    for (const d of batch) {
      const rendered = renderCampaignMessage(message, {
        firstName: (d.firstname as string | null) ?? null,
        businessName: message.business_name,
        unsubscribeUrl: base + fillPath(UNSUBSCRIBE_PAGE_PATH, { token: d.token }),
        surveyUrl: d.survey_token ? base + fillPath(SURVEY_PAGE_PATH, { token: d.survey_token }) : null,
      });
      const ref = `campaign:${campaignId}`;
      const outboxId =
        message.channel === 'email'
          ? await options.outbox.email({ to: d.recipient as string, subject: rendered.subject ?? message.business_name, text: rendered.text, ref })
          : await options.outbox.sms({ to: d.recipient as string, text: rendered.text, ref });
      await db.execute(sql`update campaign_deliveries set outbox_id = ${outboxId} where id = ${d.id}`);
      handed += 1;
    }
  }
  await db.execute(sql`
    update campaigns set status = 'sent', updated_at = now()
    where id = ${campaignId} and status = 'sending' and schedule_version = ${version}
      and not exists (select 1 from campaign_deliveries where campaign_id = ${campaignId} and status = 'queued')
      -- Another node may still be handing its batch; a hand-over silent for ten minutes is a crashed one.
      and not exists (select 1 from campaign_deliveries where campaign_id = ${campaignId} and status = 'handed' and outbox_id is null and handed_at > now() - interval '10 minutes')`);
  return { handed };
}

/** The job that sends a campaign's round at its moment (queued with `startAfter`). */
export const campaignSendJob = (options: CampaignSendOptions) =>
  defineJob({
    name: 'campaign.send',
    payload: z.object({ campaignId: z.number(), version: z.number() }),
    retry: { limit: 5, delaySeconds: 30, backoff: true },
    logFields: (p) => ({ campaign: p.campaignId, version: p.version }),
    async handler(payload, ctx) {
      const { handed } = await sendCampaignRound(ctx.db, { ...options, log: ctx.log, now: ctx.now }, payload.campaignId, payload.version);
      ctx.log.info({ handed }, 'Campaign messages handed to the outbox');
    },
  });

/**
 * Every minute: campaigns whose moment has passed and that are still `scheduled` (a send job
 * lost, or queued before a crash) or `sending` (a node stopped mid-round) are sent or finished
 * here. `sendCampaignRound` makes running it beside the send jobs, on any node, harmless.
 */
export const campaignDueJob = (options: CampaignSendOptions) =>
  defineJob({
    name: 'campaign.due',
    payload: z.object({}),
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    schedule: { cron: '* * * * *', payload: {} },
    async handler(_payload, ctx) {
      const { rows } = await ctx.db.execute(sql`
        select id, schedule_version from campaigns
        where status in ('scheduled', 'sending') and send_at <= ${new Date(ctx.now().getTime() - 60_000).toISOString()}::timestamptz
        order by send_at limit 50`);
      for (const r of rows) await sendCampaignRound(ctx.db, { ...options, log: ctx.log, now: ctx.now }, Number(r.id), Number(r.schedule_version));
    },
  });
