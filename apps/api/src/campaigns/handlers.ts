import {
  campaignCan,
  campaignSendInstant,
  campaignWallClock,
  endpoints,
  hasSurveyLink,
  isAdmin,
  maskPhone,
  MESSAGES,
  searchRangeProblem,
  type SkipReason,
  userCan,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { visibleBusinesses } from '../businesses/queries';
import { loadUserAccess } from '../auth/users';
import { HttpError, notFound, pleaseLogIn } from '../http/errors';
import { maskEmail } from '../outbox/outbox';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { planDeliveries, segmentExists } from './audience';
import { addFigures, campaignFiguresOf, emptyFigures, loadCampaigns, selectCampaigns } from './queries';
import type { Executor } from '../db/executor';
import { loadSurveys, surveyResults } from './surveys';
import { clientNameSql } from '../customers/display-name';

/**
 * Campaigns, surveys and their public pages (issue 18). A campaign is written as a draft, then
 * scheduled for a day and time in the business's time zone (or now): the `campaign.send` job
 * goes out at that moment (and `campaign.due` catches any the queue missed); only a draft or a
 * scheduled campaign changes; a sent one is duplicated or resent.
 */


const campaignNotFound = () => new HttpError(404, MESSAGES.campaignNotFound);
const conflict = (message: string, field: string) => new HttpError(409, message, { issues: [{ path: ['params', field], message }] });
const badField = (message: string, field: string) => new HttpError(400, message, { issues: [{ path: ['body', field], message }] });
const linkNotValid = () => new HttpError(404, MESSAGES.linkNotValid);

async function oneCampaign(db: Executor, businessId: number, campaignId: number) {
  const [found] = await loadCampaigns(db, sql`c.business_id = ${businessId} and c.id = ${campaignId}`);
  if (!found) throw campaignNotFound();
  const { businessName: _, ...campaign } = found;
  return campaign;
}

/** Locks a campaign of the business for a change; 404 when it is not there. */
async function lockCampaign(db: Executor, businessId: number, campaignId: number) {
  const [row] = await selectCampaigns(db, sql`c.business_id = ${businessId} and c.id = ${campaignId} `, { forUpdate: true });
  if (!row) throw campaignNotFound();
  return row;
}

/** Checks what a campaign will point at: a segment and a survey of this business, the survey's link in the message. */
async function checkReferences(db: Executor, businessId: number, value: { segmentId: number | null; surveyId: number | null; body: string; channel: 'email' | 'sms'; subject: string | null }) {
  if (value.segmentId !== null && !(await segmentExists(db, businessId, value.segmentId))) throw badField(MESSAGES.campaignSegmentUnknown, 'segmentId');
  if (value.surveyId !== null) {
    const { rows } = await db.execute(sql`select 1 from surveys where id = ${value.surveyId} and business_id = ${businessId}`);
    if (rows.length === 0) throw badField(MESSAGES.campaignSurveyUnknown, 'surveyId');
    if (!hasSurveyLink(value.body)) throw badField(MESSAGES.campaignSurveyNeedsLink, 'body');
  }
  if (value.channel === 'email' && !value.subject) throw badField(MESSAGES.campaignSubjectRequired, 'subject');
  if (value.channel === 'sms' && value.body.length > 1_600) throw badField(MESSAGES.campaignSmsTooLong, 'body');
}

export function campaignHandlers() {
  const e = endpoints.campaigns;
  const s = endpoints.surveys;
  const p = endpoints.campaignPublic;

  /** Queues the send job for a campaign's moment (after the change is committed, so the job sees it). */
  const queueSend = async (ctx: HandlerContext, campaignId: number, version: number, at: Date) => {
    await ctx.request.server.jobs.send('campaign.send', { campaignId, version }, { startAfter: at });
  };

  return [
    implement(e.list, async (_req, ctx) => {
      const business = businessOf(ctx);
      return (await loadCampaigns(ctx.db, sql`c.business_id = ${business.id}`)).map(({ businessName: _, ...c }) => c);
    }),

    implement(e.listForUser, async ({ params }, ctx) => {
      if (!ctx.auth) throw pleaseLogIn();
      const access = params.id === ctx.auth.user.id ? ctx.auth : await loadUserAccess(ctx.db, params.id);
      if (!access || !userCan(access.user, 'operation.view-campaigns')) return [];
      const ids = (await visibleBusinesses(ctx.db, access)).map((b) => b.id);
      if (ids.length === 0) return [];
      return loadCampaigns(ctx.db, isAdmin(access.user) ? sql`true` : sql`c.business_id = any(${`{${ids.join(',')}}`}::int[])`);
    }),

    implement(e.get, async ({ params }, ctx) => oneCampaign(ctx.db, businessOf(ctx).id, params.campaignId)),

    implement(e.create, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const value = { ...body, subject: body.channel === 'email' ? (body.subject ?? null) : null, surveyId: body.surveyId ?? null };
      await checkReferences(ctx.db, business.id, value);
      const cap = body.frequencyCap === undefined ? { messages: 2, days: 7 } : body.frequencyCap;
      const { rows } = await ctx.db.execute(sql`
        insert into campaigns (business_id, name, channel, subject, body, segment_id, survey_id, cap_messages, cap_days, created_by)
        values (${business.id}, ${body.name}, ${body.channel}, ${value.subject}, ${body.body}, ${body.segmentId}, ${value.surveyId},
          ${cap?.messages ?? null}, ${cap?.days ?? null}, ${ctx.auth?.user.id ?? null})
        returning id`);
      return oneCampaign(ctx.db, business.id, Number(rows[0]?.id));
    }),

    implement(e.update, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.transaction(async (tx) => {
        const row = await lockCampaign(tx, business.id, params.campaignId);
        if (!campaignCan.edit(row)) throw conflict(MESSAGES.campaignNotEditable, 'campaignId');
        const next = {
          name: body.name ?? row.name,
          channel: body.channel ?? row.channel,
          subject: body.subject !== undefined ? body.subject : row.subject,
          body: body.body ?? row.body,
          segmentId: body.segmentId !== undefined ? body.segmentId : row.segment_id,
          surveyId: body.surveyId !== undefined ? body.surveyId : row.survey_id,
          cap: body.frequencyCap !== undefined ? body.frequencyCap : row.cap_messages !== null && row.cap_days !== null ? { messages: row.cap_messages, days: row.cap_days } : null,
        };
        const subject = next.channel === 'email' ? next.subject : null;
        await checkReferences(tx, business.id, { ...next, subject });
        await tx.execute(sql`
          update campaigns set name = ${next.name}, channel = ${next.channel}, subject = ${subject}, body = ${next.body}, segment_id = ${next.segmentId},
            survey_id = ${next.surveyId}, cap_messages = ${next.cap?.messages ?? null}, cap_days = ${next.cap?.days ?? null}, updated_at = now()
          where id = ${row.id}`);
      });
      return oneCampaign(ctx.db, business.id, params.campaignId);
    }),

    implement(e.duplicate, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const { rows } = await ctx.db.execute(sql`
        insert into campaigns (business_id, name, channel, subject, body, segment_id, survey_id, cap_messages, cap_days, duplicated_from_id, created_by)
        select business_id, left(name || ' (copy)', 120), channel, subject, body, segment_id, survey_id, cap_messages, cap_days, id, ${ctx.auth?.user.id ?? null}
        from campaigns where id = ${params.campaignId} and business_id = ${business.id}
        returning id`);
      if (!rows[0]) throw campaignNotFound();
      return oneCampaign(ctx.db, business.id, Number(rows[0].id));
    }),

    implement(e.schedule, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      const at = 'now' in body ? now : campaignSendInstant(body.day, body.time, business.timezone);
      if (!('now' in body) && at.getTime() < now.getTime() - 60_000) {
        throw new HttpError(400, MESSAGES.campaignInPast, { issues: [{ path: ['body', 'time'], message: MESSAGES.campaignInPast }] });
      }
      const wall = 'now' in body ? campaignWallClock(now, business.timezone) : { day: body.day, time: body.time };
      const version = await ctx.db.transaction(async (tx) => {
        const row = await lockCampaign(tx, business.id, params.campaignId);
        if (!campaignCan.schedule(row)) throw conflict(MESSAGES.campaignNotEditable, 'campaignId');
        await checkReferences(tx, business.id, { segmentId: row.segment_id, surveyId: row.survey_id, body: row.body, channel: row.channel, subject: row.subject });
        const { rows } = await tx.execute(sql`
          update campaigns set status = 'scheduled', send_day = ${wall.day}, send_time = ${wall.time}, send_at = ${at.toISOString()}::timestamptz,
            schedule_version = schedule_version + 1, updated_at = now()
          where id = ${row.id} returning schedule_version`);
        return Number(rows[0]?.schedule_version);
      });
      await queueSend(ctx, params.campaignId, version, at);
      return oneCampaign(ctx.db, business.id, params.campaignId);
    }),

    implement(e.cancel, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.transaction(async (tx) => {
        const row = await lockCampaign(tx, business.id, params.campaignId);
        if (!campaignCan.cancel(row)) throw conflict(MESSAGES.campaignNotScheduled, 'campaignId');
        await tx.execute(sql`
          update campaigns set status = 'draft', send_day = null, send_time = null, send_at = null, schedule_version = schedule_version + 1, updated_at = now()
          where id = ${row.id}`);
      });
      return oneCampaign(ctx.db, business.id, params.campaignId);
    }),

    implement(e.resend, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      const version = await ctx.db.transaction(async (tx) => {
        const row = await lockCampaign(tx, business.id, params.campaignId);
        if (!campaignCan.resend(row)) throw conflict(MESSAGES.campaignNotSent, 'campaignId');
        const { rows } = await tx.execute(sql`
          update campaigns set status = 'scheduled', send_day = ${campaignWallClock(now, business.timezone).day}, send_time = ${campaignWallClock(now, business.timezone).time},
            send_at = ${now.toISOString()}::timestamptz, schedule_version = schedule_version + 1, updated_at = now()
          where id = ${row.id} returning schedule_version`);
        return Number(rows[0]?.schedule_version);
      });
      await queueSend(ctx, params.campaignId, version, now);
      return oneCampaign(ctx.db, business.id, params.campaignId);
    }),

    implement(e.remove, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.transaction(async (tx) => {
        const row = await lockCampaign(tx, business.id, params.campaignId);
        if (!campaignCan.remove(row)) throw conflict(MESSAGES.campaignNotDraft, 'campaignId');
        await tx.execute(sql`delete from campaigns where id = ${row.id}`);
      });
      return { id: params.campaignId };
    }),

    implement(e.audience, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const [row] = await selectCampaigns(ctx.db, sql`c.business_id = ${business.id} and c.id = ${params.campaignId}`);
      if (!row) throw campaignNotFound();
      const plan = await planDeliveries(ctx.db, row, ctx.now(), { excludeReached: row.status === 'sent' });
      const count = (reason: SkipReason) => plan.filter((d) => d.skipReason === reason).length;
      return {
        members: plan.length,
        reachable: plan.filter((d) => d.skipReason === null).length,
        unsubscribed: count('unsubscribed'),
        noAddress: count('no_address'),
        overCap: count('frequency_cap'),
      };
    }),

    implement(e.deliveries, async ({ params, query }, ctx) => {
      const business = businessOf(ctx);
      await oneCampaign(ctx.db, business.id, params.campaignId);
      const { rows } = await ctx.db.execute(sql`
        select d.id, d.customer_id, ${clientNameSql('c', { erased: true })} as name, d.recipient, d.round, d.status, d.skip_reason,
          o.status as outbox_status, d.created_at
        from campaign_deliveries d
        join customers c on c.id = d.customer_id
        left join outbox o on o.id = d.outbox_id
        where d.campaign_id = ${params.campaignId} and d.business_id = ${business.id}
        order by d.round desc, d.id
        limit ${query.limit ?? 1000}`);
      return rows.map((r) => ({
        id: Number(r.id),
        customerId: Number(r.customer_id),
        name: (r.name as string) || 'Client',
        recipient: r.recipient as string,
        round: Number(r.round),
        status: r.status as 'queued' | 'handed' | 'skipped',
        skipReason: (r.skip_reason as SkipReason | null) ?? null,
        outboxStatus: (r.outbox_status as string | null) ?? null,
        createdAt: new Date(r.created_at as string).toISOString(),
      }));
    }),

    implement(e.report, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const problem = searchRangeProblem({ start: query.start, end: query.end });
      if (problem) throw new HttpError(400, problem, { issues: [{ path: ['query', 'end'], message: problem }] });
      const { rows } = await ctx.db.execute(sql`
        select id, name, channel, sent_at, to_char((sent_at at time zone ${business.timezone})::date, 'YYYY-MM-DD') as sent_day
        from campaigns
        where business_id = ${business.id} and sent_at is not null
          and (sent_at at time zone ${business.timezone})::date between ${query.start}::date and ${query.end}::date
        order by sent_at desc, id desc`);
      const figures = await campaignFiguresOf(
        ctx.db,
        rows.map((r) => Number(r.id)),
      );
      const campaigns = rows.map((r) => ({
        id: Number(r.id),
        name: r.name as string,
        channel: r.channel as 'email' | 'sms',
        sentAt: new Date(r.sent_at as string).toISOString(),
        sentDay: r.sent_day as string,
        figures: figures.get(Number(r.id)) ?? emptyFigures(),
      }));
      return { start: query.start, end: query.end, campaigns, totals: campaigns.reduce((t, c) => addFigures(t, c.figures), emptyFigures()) };
    }),

    // ——— Surveys ———————————————————————————————————————————————————————————————————
    implement(s.list, async (_req, ctx) => loadSurveys(ctx.db, businessOf(ctx).id)),

    implement(s.create, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const { rows } = await ctx.db.execute(sql`
        insert into surveys (business_id, name, question, created_by)
        values (${business.id}, ${body.name}, ${body.question ?? 'How likely are you to recommend us to a friend or colleague?'}, ${ctx.auth?.user.id ?? null})
        returning id`);
      const [created] = await loadSurveys(ctx.db, business.id, Number(rows[0]?.id));
      return created ?? Promise.reject(notFound());
    }),

    implement(s.update, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const { rows } = await ctx.db.execute(sql`
        update surveys set name = coalesce(${body.name ?? null}, name), question = coalesce(${body.question ?? null}, question),
          active = coalesce(${body.active ?? null}::boolean, active)
        where id = ${params.surveyId} and business_id = ${business.id} returning id`);
      if (!rows[0]) throw new HttpError(404, MESSAGES.surveyNotFound);
      const [updated] = await loadSurveys(ctx.db, business.id, params.surveyId);
      return updated ?? Promise.reject(notFound());
    }),

    implement(s.results, async ({ params }, ctx) => {
      const results = await surveyResults(ctx.db, businessOf(ctx).id, params.surveyId);
      if (!results) throw new HttpError(404, MESSAGES.surveyNotFound);
      return results;
    }),

    // ——— The public pages ————————————————————————————————————————————————————————————
    implement(p.survey, async ({ params }, ctx) => (await publicSurveyOf(ctx.db, params.token)) ?? Promise.reject(linkNotValid())),

    implement(p.answer, async ({ params, body }, ctx) => {
      await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`
          select i.id, i.answered_at, s.active from survey_invitations i join surveys s on s.id = i.survey_id
          where i.token = ${params.token} for update of i`);
        const invitation = rows[0];
        if (!invitation) throw linkNotValid();
        if (invitation.answered_at) throw new HttpError(409, MESSAGES.surveyAlreadyAnswered);
        if (!invitation.active) throw new HttpError(409, MESSAGES.surveyClosed);
        await tx.execute(sql`update survey_invitations set score = ${body.score}, comment = ${body.comment || null}, answered_at = ${ctx.now().toISOString()}::timestamptz where id = ${invitation.id}`);
      });
      return (await publicSurveyOf(ctx.db, params.token)) ?? Promise.reject(linkNotValid());
    }),

    implement(p.unsubscribeInfo, async ({ params }, ctx) => (await publicUnsubscribeOf(ctx.db, params.token)) ?? Promise.reject(linkNotValid())),

    implement(p.unsubscribe, async ({ params }, ctx) => {
      const { rows } = await ctx.db.execute(sql`
        insert into campaign_unsubscribes (business_id, customer_id, channel, delivery_id)
        select business_id, customer_id, channel, id from campaign_deliveries where token = ${params.token}
        on conflict do nothing returning customer_id`);
      const answer = await publicUnsubscribeOf(ctx.db, params.token);
      if (!answer) throw linkNotValid();
      if (rows.length > 0) ctx.request.log.info({ customer: Number(rows[0]?.customer_id) }, 'A client unsubscribed from campaign messages');
      return answer;
    }),
  ];
}

async function publicSurveyOf(db: Executor, token: string) {
  const { rows } = await db.execute(sql`
    select b.name as business_name, s.question, i.answered_at, to_char(co.checkout_day, 'YYYY-MM-DD') as visit_day
    from survey_invitations i
    join surveys s on s.id = i.survey_id
    join businesses b on b.id = i.business_id
    left join checkouts co on co.id = i.checkout_id
    where i.token = ${token}`);
  const r = rows[0];
  if (!r) return null;
  return { businessName: r.business_name as string, question: r.question as string, visitDay: (r.visit_day as string | null) ?? null, answered: r.answered_at !== null };
}

async function publicUnsubscribeOf(db: Executor, token: string) {
  const { rows } = await db.execute(sql`
    select b.name as business_name, d.channel, d.recipient,
      exists (select 1 from campaign_unsubscribes u where u.business_id = d.business_id and u.customer_id = d.customer_id and u.channel = d.channel) as unsubscribed
    from campaign_deliveries d join businesses b on b.id = d.business_id
    where d.token = ${token}`);
  const r = rows[0];
  if (!r) return null;
  const channel = r.channel as 'email' | 'sms';
  const recipient = r.recipient as string;
  return { businessName: r.business_name as string, channel, recipient: channel === 'email' ? maskEmail(recipient) : maskPhone(recipient), unsubscribed: Boolean(r.unsubscribed) };
}
