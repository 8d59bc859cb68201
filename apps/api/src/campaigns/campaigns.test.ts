import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AnyExportEndpoint,
  CAMPAIGN_CHANNEL_LABEL,
  CAMPAIGN_EXPORT_FIGURES,
  CAMPAIGN_FIGURES,
  CAMPAIGN_STATUS_LABEL,
  type Campaign,
  campaignExports,
  campaignSendInstant,
  columnHeader,
  type ExportColumn,
  exportPath,
  localDateTime,
  MESSAGES,
  type Survey,
  SURVEY_FIGURES,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import type { EmailMessage, Mailer } from '../outbox/mailer';
import { download, readCsv, readXlsx, sheetRows } from '../test/exports';
import { createWebhookSmsSender } from '../outbox/sms';
import { freshDatabaseUrl, rawRequest, refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';
import { sendCampaignRound } from './send';

const LA = 1;
const KTM = 4;
/** Clients of Luxe Los Angeles the test keeps reachable; the others lose their email and phone. */
const REACHABLE = 12;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };

/** A mail server as the outbox sees it: takes every message, refuses one address. */
function recordingMailer(refuse: () => string): Mailer & { sent: EmailMessage[] } {
  const sent: EmailMessage[] = [];
  return {
    sent,
    async send(message) {
      if (message.to === refuse()) throw new Error('550 mailbox unavailable');
      sent.push(message);
    },
  };
}

/** An SMS gateway on 127.0.0.1 receiving the webhook's `POST {to, text}`. */
async function smsGateway(): Promise<{ url: string; received: { to: string; text: string }[]; close(): Promise<void> }> {
  const received: { to: string; text: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, received, close: () => new Promise((r) => server.close(() => r())) };
}

const until = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

describe('campaigns and surveys', () => {
  let databaseUrl: string;
  let a: TestServer;
  let b: TestServer;
  let gateway: Awaited<ReturnType<typeof smsGateway>>;
  let refusedEmail = '';
  let demo: [Campaign[], Survey[]];
  let demoClients = 0;
  const mailers = [recordingMailer(() => refusedEmail), recordingMailer(() => refusedEmail)];
  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(a.database.db, query);

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    gateway = await smsGateway();
    const jobs = { workers: true, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 };
    // Two nodes on one database, both running the job workers.
    [a, b] = await Promise.all(
      [0, 1].map((i) => startTestServer({ databaseUrl, jobs, mailer: mailers[i], sms: createWebhookSmsSender(gateway.url), publicUrl: 'https://salon.example' })),
    ) as [TestServer, TestServer];
    // The demo's campaigns are checked first (below); the tests then start this location afresh.
    demo = await signedIn(a, 'owner').then(({ client }) => Promise.all([client.campaigns.list({ businessId: LA }), client.campaigns.surveys.list({ businessId: LA })]));
    demoClients = (await q<{ n: number }>(sql`select count(*)::int as n from customers where business_id = ${LA}`))[0]?.n ?? 0;
    await q(sql`delete from campaigns where business_id = ${LA}`);
    await q(sql`delete from surveys where business_id = ${LA}`);
    await q(sql`delete from campaign_unsubscribes where business_id = ${LA}`);
    // The reachable clients are some who have visited (a live checkout), so a survey's answers are
    // about visits with staff and services: which demo clients have visits depends on the day the
    // demo was made, and the first ones by id may have none.
    const reachable = sql`select cu.id from customers cu where cu.business_id = ${LA}
      and exists (select 1 from queue qu join checkouts co on co.queue_id = qu.id and co.voided_at is null where qu.customer_id = cu.id)
      order by cu.id limit ${REACHABLE}`;
    await q(sql`update customers set email = null, phone = 'none' where business_id = ${LA} and id not in (${reachable})`);
    await q(sql`update customers set email = 'c' || id || '@example.com', phone = '(310) 555-' || lpad(id::text, 4, '0') where business_id = ${LA} and id in (${reachable})`);
    const [first] = await q<{ email: string }>(sql`select email from customers where business_id = ${LA} and email is not null order by id limit 1`);
    refusedEmail = (first as { email: string }).email;
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await gateway?.close();
  });

  const members = () => q<{ n: number }>(sql`select count(*)::int as n from customers where business_id = ${LA}`).then((r) => (r[0] as { n: number }).n);
  const waitSent = (campaignId: number) =>
    until(async () => (await q<{ status: string }>(sql`select status from campaigns where id = ${campaignId}`))[0]?.status === 'sent', `campaign ${campaignId} sent`);
  const outboxOf = (campaignId: number) => q<{ recipient: string; body: string; subject: string | null; status: string }>(sql`select recipient, body, subject, status from outbox where ref = ${`campaign:${campaignId}`} order by id`);

  it('has a demo: two sent campaigns with their figures, a survey with answers, a draft', () => {
    const [campaigns, surveys] = demo;
    const sent = campaigns.filter((c) => c.status === 'sent');
    expect(sent.map((c) => c.name).sort()).toEqual(['How did we do?', 'Spring offer']);
    for (const c of sent) expect(c.figures.handed).toBeGreaterThan(0);
    const offer = sent.find((c) => c.name === 'Spring offer')!;
    // "Spring offer" went to every client of the location.
    expect(demoClients).toBeGreaterThan(1000);
    expect(offer.figures).toMatchObject({ recipients: demoClients });
    expect(offer.figures.failed).toBeGreaterThan(0);
    expect(offer.figures.unsubscribed).toBeGreaterThan(0);
    expect(offer.figures.delivered + offer.figures.failed).toBe(offer.figures.handed);
    expect(offer.figures.handed + offer.figures.skippedNoAddress).toBe(offer.figures.recipients);
    expect(sent.find((c) => c.name === 'How did we do?')!.figures.surveyAnswers).toBeGreaterThan(0);
    expect(campaigns.some((c) => c.status === 'draft')).toBe(true);
    expect(surveys).toHaveLength(1);
    expect(surveys[0]!.answers).toBeGreaterThan(0);
    expect(surveys[0]!.nps).not.toBeNull();
  });

  describe('bad input and permissions', () => {
    it('refuses a campaign without a name, an email without a subject, a long text message, an unknown survey or segment, and changes nothing', async () => {
      const { client } = await signedIn(a, 'owner');
      const before = (await client.campaigns.list({ businessId: LA })).length;
      const base = { name: 'June', channel: 'email' as const, subject: 'Hi', body: 'Hello', segmentId: null };
      expect(await refusal(client.campaigns.create({ businessId: LA }, { ...base, name: '  ' }))).toMatchObject({ status: 400 });
      expect(await refusal(client.campaigns.create({ businessId: LA }, { ...base, subject: null }))).toMatchObject({ status: 400 });
      expect(await refusal(client.campaigns.create({ businessId: LA }, { ...base, channel: 'sms', body: 'x'.repeat(1601) }))).toMatchObject({ status: 400 });
      expect(await refusal(client.campaigns.create({ businessId: LA }, { ...base, surveyId: 999999 }))).toMatchObject({ status: 400, message: MESSAGES.campaignSurveyUnknown });
      expect(await refusal(client.campaigns.create({ businessId: LA }, { ...base, segmentId: 999999 }))).toMatchObject({ status: 400, message: MESSAGES.campaignSegmentUnknown });
      expect(await refusal(client.campaigns.create({ businessId: LA }, { ...base, frequencyCap: { messages: 0, days: 7 } }))).toMatchObject({ status: 400 });
      expect((await client.campaigns.list({ businessId: LA })).length).toBe(before);
    });

    it('lets only users with the campaign permissions of the business read and change them', async () => {
      const { client: manager, session } = await signedIn(a, 'manager');
      expect(await refusal(manager.campaigns.list({ businessId: LA }))).toMatchObject(forbidden);
      expect(await refusal(manager.campaigns.surveys.list({ businessId: LA }))).toMatchObject(forbidden);
      expect(await refusal(manager.campaigns.report({ businessId: LA }, { start: '2026-01-01', end: '2026-01-31' }))).toMatchObject(forbidden);
      expect(await manager.campaigns.listForUser({ userId: session.user.id })).toEqual([]);
      const { client: lotus } = await signedIn(a, 'lotus');
      expect(await refusal(lotus.campaigns.create({ businessId: LA }, { name: 'x', channel: 'sms', body: 'x', segmentId: null }))).toMatchObject(forbidden);
      const { client: owner } = await signedIn(a, 'owner');
      const mine = await owner.campaigns.create({ businessId: LA }, { name: 'Owner’s', channel: 'sms', body: 'x', segmentId: null });
      // Another business's id in the path does not reach this campaign.
      expect(await refusal(lotus.campaigns.get({ businessId: KTM, campaignId: mine.id }))).toMatchObject({ status: 404 });
      expect(await refusal(lotus.campaigns.update({ businessId: KTM, campaignId: mine.id }, { name: 'stolen' }))).toMatchObject({ status: 404 });
      expect((await owner.campaigns.get({ businessId: LA, campaignId: mine.id })).name).toBe('Owner’s');
      await owner.campaigns.remove({ businessId: LA, campaignId: mine.id });
    });

    it('refuses a moment that has passed, and schedules at any hour in the business’s time zone', async () => {
      const { client } = await signedIn(a, 'owner');
      const c = await client.campaigns.create({ businessId: LA }, { name: 'Late night', channel: 'email', subject: 'Hi', body: 'Hello', segmentId: null });
      expect(await refusal(client.campaigns.schedule({ businessId: LA, campaignId: c.id }, { day: '2020-01-01', time: '10:00' }))).toMatchObject({ status: 400, message: MESSAGES.campaignInPast });
      const scheduled = await client.campaigns.schedule({ businessId: LA, campaignId: c.id }, { day: '2099-03-08', time: '03:30' });
      expect(scheduled).toMatchObject({ status: 'scheduled', sendDay: '2099-03-08', sendTime: '03:30' });
      expect(scheduled.sendAt).toBe(campaignSendInstant('2099-03-08', '03:30', 'America/Los_Angeles').toISOString());
      const draft = await client.campaigns.cancel({ businessId: LA, campaignId: c.id });
      expect(draft).toMatchObject({ status: 'draft', sendAt: null });
      expect(await refusal(client.campaigns.cancel({ businessId: LA, campaignId: c.id }))).toMatchObject({ status: 409, message: MESSAGES.campaignNotScheduled });
      expect(await refusal(client.campaigns.resend({ businessId: LA, campaignId: c.id }))).toMatchObject({ status: 409, message: MESSAGES.campaignNotSent });
      await client.campaigns.remove({ businessId: LA, campaignId: c.id });
      expect(await refusal(client.campaigns.get({ businessId: LA, campaignId: c.id }))).toMatchObject({ status: 404 });
    });

    it('answers a link that is not one with a clear 4xx', async () => {
      const bad = await rawRequest(a, '/public/survey/not-a-token/get');
      expect(bad.status).toBe(400);
      const unknown = await rawRequest(a, `/public/unsubscribe/${'A'.repeat(32)}/get`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ status: false, message: MESSAGES.linkNotValid });
    });
  });

  describe('sending', () => {
    let first: Campaign;

    it('sends an email campaign once although both nodes run its job (and a duplicate job), through SMTP, with a working unsubscribe link', async () => {
      const { client } = await signedIn(a, 'owner');
      first = await client.campaigns.create({ businessId: LA }, { name: 'Spring offer', channel: 'email', subject: 'Spring, {first_name}', body: 'Hello {first_name}, 20% off this week.', segmentId: null, frequencyCap: null });
      const audience = await client.campaigns.audience({ businessId: LA, campaignId: first.id });
      expect(audience).toMatchObject({ members: await members(), reachable: REACHABLE, noAddress: (await members()) - REACHABLE });
      const scheduled = await client.campaigns.schedule({ businessId: LA, campaignId: first.id }, { now: true });
      // The second node is also asked to run the same round.
      await b.app.jobs.send('campaign.send', { campaignId: first.id, version: 1 });
      await waitSent(first.id);
      expect(scheduled.status).toBe('scheduled');
      await Promise.all([a.app.outbox.settled(), b.app.outbox.settled()]);
      const messages = await outboxOf(first.id);
      expect(messages).toHaveLength(REACHABLE);
      expect(new Set(messages.map((m) => m.recipient)).size).toBe(REACHABLE);
      expect(mailers.reduce((n, m) => n + m.sent.length, 0)).toBe(REACHABLE - 1);
      expect(messages.find((m) => m.recipient === refusedEmail)?.status).toBe('failed');
      const sample = messages.find((m) => m.recipient !== refusedEmail)!;
      expect(sample.subject).toMatch(/^Spring, /);
      expect(sample.body).toContain('20% off this week.');
      expect(sample.body).toMatch(/https:\/\/salon\.example\/public\/share\/unsubscribe\/[A-Za-z0-9_-]{32}/);

      const sent = await client.campaigns.get({ businessId: LA, campaignId: first.id });
      expect(sent).toMatchObject({ status: 'sent', rounds: 1 });
      expect(sent.figures).toMatchObject({ recipients: await members(), handed: REACHABLE, delivered: REACHABLE - 1, failed: 1, skippedNoAddress: (await members()) - REACHABLE });
      expect(await refusal(client.campaigns.update({ businessId: LA, campaignId: first.id }, { name: 'changed' }))).toMatchObject({ status: 409, message: MESSAGES.campaignNotEditable });

      // The unsubscribe link: the page names the business, hides the address, and works once for good.
      const token = /unsubscribe\/([A-Za-z0-9_-]{32})/.exec(sample.body)![1]!;
      const info = await client.campaigns.public.unsubscribeInfo(token);
      expect(info).toMatchObject({ businessName: 'Luxe Los Angeles', channel: 'email', unsubscribed: false });
      expect(info.recipient).not.toBe(sample.recipient);
      expect(await client.campaigns.public.unsubscribe(token)).toMatchObject({ unsubscribed: true });
      expect(await client.campaigns.public.unsubscribe(token)).toMatchObject({ unsubscribed: true });
      expect((await client.campaigns.get({ businessId: LA, campaignId: first.id })).figures.unsubscribed).toBe(1);
    });

    it('sends each message once when two nodes run the same round at the same moment', async () => {
      const { client } = await signedIn(a, 'owner');
      const c = await client.campaigns.create({ businessId: LA }, { name: 'Race', channel: 'sms', body: 'Hi {first_name}', segmentId: null, frequencyCap: null });
      await q(sql`update campaigns set status = 'scheduled', schedule_version = 7, send_at = now() where id = ${c.id}`);
      const options = (s: TestServer) => ({ outbox: s.app.outbox, publicUrl: 'https://salon.example', log: s.app.log as never, now: () => new Date() });
      const results = await Promise.all([sendCampaignRound(a.database.db, options(a), c.id, 7), sendCampaignRound(b.database.db, options(b), c.id, 7), sendCampaignRound(a.database.db, options(a), c.id, 7)]);
      await Promise.all([a.app.outbox.settled(), b.app.outbox.settled()]);
      // Unsubscribed from email only: still reached by text.
      expect(results.reduce((s, r) => s + r.handed, 0)).toBe(REACHABLE);
      const messages = await outboxOf(c.id);
      expect(messages).toHaveLength(REACHABLE);
      expect(new Set(messages.map((m) => m.recipient)).size).toBe(REACHABLE);
      expect(messages.every((m) => /^\+1310555\d{4}$/.test(m.recipient) && m.body.startsWith('Luxe Los Angeles: Hi ') && m.body.includes('Stop: https://salon.example/public/share/unsubscribe/'))).toBe(true);
      await until(async () => gateway.received.filter((r) => r.text.includes('Luxe Los Angeles: Hi ')).length >= REACHABLE, 'the SMS gateway');
      expect((await client.campaigns.get({ businessId: LA, campaignId: c.id })).status).toBe('sent');
    });

    it('skips the unsubscribed and those over the frequency cap; duplicate and resend reach only who was not reached', async () => {
      const { client } = await signedIn(a, 'owner');
      const copy = await client.campaigns.duplicate({ businessId: LA, campaignId: first.id });
      expect(copy).toMatchObject({ name: 'Spring offer (copy)', status: 'draft', duplicatedFromId: first.id, body: first.body, subject: first.subject });
      // One email in the last week already (the first campaign): a cap of one skips them.
      await client.campaigns.update({ businessId: LA, campaignId: copy.id }, { frequencyCap: { messages: 1, days: 7 } });
      expect(await client.campaigns.audience({ businessId: LA, campaignId: copy.id })).toMatchObject({ reachable: 0, unsubscribed: 1, overCap: REACHABLE - 1 });
      await client.campaigns.update({ businessId: LA, campaignId: copy.id }, { frequencyCap: { messages: 5, days: 7 } });
      await client.campaigns.schedule({ businessId: LA, campaignId: copy.id }, { now: true });
      await waitSent(copy.id);
      const sent = await client.campaigns.get({ businessId: LA, campaignId: copy.id });
      expect(sent.figures).toMatchObject({ handed: REACHABLE - 1, skippedUnsubscribed: 1 });

      // A new client joins; the resend reaches them (and the one whose email failed), nobody twice.
      const [added] = await q<{ id: number }>(sql`insert into customers (business_id, network_id, phone, firstname, email) values (${LA}, 1, '3105550999', 'Nora', 'nora@example.com') returning id`);
      const before = (await outboxOf(copy.id)).length;
      await client.campaigns.resend({ businessId: LA, campaignId: copy.id });
      await waitSent(copy.id);
      await Promise.all([a.app.outbox.settled(), b.app.outbox.settled()]);
      const after = await outboxOf(copy.id);
      expect(after.slice(before).map((m) => m.recipient).sort()).toEqual(['nora@example.com', refusedEmail].sort());
      expect(await client.campaigns.get({ businessId: LA, campaignId: copy.id })).toMatchObject({ rounds: 2, status: 'sent' });
      const deliveries = await client.campaigns.deliveries({ businessId: LA, campaignId: copy.id });
      expect(deliveries.filter((d) => d.customerId === (added as { id: number }).id)).toMatchObject([{ round: 2, status: 'handed', name: 'Nora' }]);
    });
  });

  describe('segments', () => {
    it('sends to the members of a segment only, named on the campaign; a segment deleted after scheduling sends nothing', async () => {
      const { client } = await signedIn(a, 'owner');
      const segment = await client.segments.create(LA, { name: 'Has an email', description: '', query_parameters: { type: 'group', match: 'all', children: [{ type: 'condition', kind: 'hasEmail' }] } });
      const c = await client.campaigns.create({ businessId: LA }, { name: 'To the segment', channel: 'email', subject: 'Hi', body: 'Hello {first_name}', segmentId: segment.id, frequencyCap: null });
      expect(c).toMatchObject({ segmentId: segment.id, segmentName: 'Has an email' });
      const [withEmail] = await q<{ n: number }>(sql`select count(*)::int as n from customers where business_id = ${LA} and coalesce(email, '') <> ''`);
      const audience = await client.campaigns.audience({ businessId: LA, campaignId: c.id });
      expect(audience.members).toBe((withEmail as { n: number }).n);
      expect(audience.noAddress).toBe(0);
      await client.campaigns.schedule({ businessId: LA, campaignId: c.id }, { now: true });
      await waitSent(c.id);
      expect((await client.campaigns.get({ businessId: LA, campaignId: c.id })).figures).toMatchObject({ recipients: audience.members, skippedNoAddress: 0 });

      const later = await client.campaigns.duplicate({ businessId: LA, campaignId: c.id });
      await client.campaigns.schedule({ businessId: LA, campaignId: later.id }, { day: '2099-01-01', time: '09:00' });
      await client.segments.remove(LA, segment.id);
      await q(sql`update campaigns set send_at = now() where id = ${later.id}`);
      const options = { outbox: a.app.outbox, publicUrl: 'https://salon.example', log: a.app.log as never, now: () => new Date() };
      expect(await sendCampaignRound(a.database.db, options, later.id, 1)).toEqual({ handed: 0 });
      expect(await client.campaigns.get({ businessId: LA, campaignId: later.id })).toMatchObject({ status: 'draft', segmentId: segment.id, segmentName: null, rounds: 0 });
      expect(await outboxOf(later.id)).toHaveLength(0);
    });
  });

  describe('surveys', () => {
    it('sends an NPS survey by a campaign, takes one answer per unguessable link, and gives results per staff member and service', async () => {
      const { client } = await signedIn(a, 'owner');
      expect(await refusal(client.campaigns.surveys.create({ businessId: LA }, { name: '' }))).toMatchObject({ status: 400 });
      const survey = await client.campaigns.surveys.create({ businessId: LA }, { name: 'After your visit' });
      expect(survey).toMatchObject({ kind: 'nps', invited: 0, answers: 0, nps: null });
      const body = { name: 'How did we do?', channel: 'email' as const, subject: 'A quick question', segmentId: null, surveyId: survey.id, frequencyCap: null };
      expect(await refusal(client.campaigns.create({ businessId: LA }, { ...body, body: 'Tell us' }))).toMatchObject({ status: 400, message: MESSAGES.campaignSurveyNeedsLink });
      const c = await client.campaigns.create({ businessId: LA }, { ...body, body: 'Tell us: {survey_link}' });
      await client.campaigns.schedule({ businessId: LA, campaignId: c.id }, { now: true });
      await waitSent(c.id);
      const messages = await outboxOf(c.id);
      expect(messages.length).toBeGreaterThan(2);
      const tokens = messages.map((m) => /survey\/([A-Za-z0-9_-]{32})/.exec(m.body)?.[1]).filter((t): t is string => Boolean(t));
      expect(tokens).toHaveLength(messages.length);
      expect(new Set(tokens).size).toBe(tokens.length);

      const page = await client.campaigns.public.survey(tokens[0]!);
      expect(page).toMatchObject({ businessName: 'Luxe Los Angeles', question: 'How likely are you to recommend us to a friend or colleague?', answered: false });
      expect(await refusal(client.campaigns.public.answer(tokens[0]!, { score: 11 }))).toMatchObject({ status: 400 });
      expect(await client.campaigns.public.answer(tokens[0]!, { score: 10, comment: 'Lovely' })).toMatchObject({ answered: true });
      expect(await refusal(client.campaigns.public.answer(tokens[0]!, { score: 0 }))).toMatchObject({ status: 409, message: MESSAGES.surveyAlreadyAnswered });
      await client.campaigns.public.answer(tokens[1]!, { score: 3 });
      await client.campaigns.public.answer(tokens[2]!, { score: 8 });

      const results = await client.campaigns.surveys.results({ businessId: LA, surveyId: survey.id });
      expect(results.overall).toEqual({ answers: 3, promoters: 1, passives: 1, detractors: 1, nps: 0 });
      expect(results.distribution[10]).toBe(1);
      expect(results.comments).toMatchObject([{ score: 10, comment: 'Lovely' }]);
      // Per staff and service: the answers about visits, each attributed to that visit's lines.
      const [visits] = await q<{ staff: number; services: number }>(sql`
        select count(distinct l.employee_id)::int as staff, count(distinct l.service_id) filter (where l.kind = 'service')::int as services
        from survey_invitations i join saleslogs l on l.checkout_id = i.checkout_id and not l.voided
        where i.survey_id = ${survey.id} and i.answered_at is not null`);
      expect(results.byStaff).toHaveLength((visits as { staff: number }).staff);
      expect(results.byService).toHaveLength((visits as { services: number }).services);
      for (const row of [...results.byStaff, ...results.byService]) expect(row.answers).toBeGreaterThan(0);
      expect((await client.campaigns.get({ businessId: LA, campaignId: c.id })).figures.surveyAnswers).toBe(3);

      const closed = await client.campaigns.surveys.update({ businessId: LA, surveyId: survey.id }, { active: false });
      expect(closed.active).toBe(false);
      expect(await refusal(client.campaigns.public.answer(tokens[3]!, { score: 9 }))).toMatchObject({ status: 409, message: MESSAGES.surveyClosed });
      expect((await client.campaigns.surveys.list({ businessId: LA })).find((s) => s.id === survey.id)).toMatchObject({ answers: 3, nps: 0, invited: tokens.length });
    });
  });

  describe('delivery figures', () => {
    it('adds up the campaigns sent in a range (reporting.campaignreport), and lists every campaign of the user’s locations', async () => {
      const { client, session } = await signedIn(a, 'owner');
      const all = await client.campaigns.list({ businessId: LA });
      const sent = all.filter((c) => c.status === 'sent');
      const days = sent.map((c) => c.sentAt!.slice(0, 10)).sort();
      // A range longer than the search limit is refused.
      expect(await refusal(client.campaigns.report({ businessId: LA }, { start: '2000-01-01', end: '2099-12-31' }))).toMatchObject({ status: 400 });
      const shift = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
      const figures = await client.campaigns.report({ businessId: LA }, { start: shift(days[0]!, -1), end: shift(days[days.length - 1]!, 1) });
      expect(figures.campaigns.map((c) => c.id).sort()).toEqual(sent.map((c) => c.id).sort());
      expect(figures.totals.handed).toBe(sent.reduce((s, c) => s + c.figures.handed, 0));
      const mine = await client.campaigns.listForUser({ userId: session.user.id });
      expect(mine.filter((c) => c.businessId === LA).map((c) => c.id).sort()).toEqual(all.map((c) => c.id).sort());
      expect(mine.every((c) => c.businessName.startsWith('Luxe'))).toBe(true);
    });
  });
  describe('exports (CSV, XLSX)', () => {
    const LA_CONTEXT = { currency: 'USD', currencySymbol: '$', timeZone: 'America/Los_Angeles' };
    const file = (endpoint: AnyExportEndpoint, params: Record<string, number>, query: Record<string, string>, jar: Map<string, string>) =>
      download(a, exportPath(endpoint, { params: { id: LA, ...params }, query: query as { format: 'csv' } }), jar);
    const csv = async (endpoint: AnyExportEndpoint, params: Record<string, number>, jar: Map<string, string>) => {
      const got = await file(endpoint, params, { format: 'csv' }, jar);
      expect(got.status, got.body.toString('utf8').slice(0, 200)).toBe(200);
      const lines = await readCsv(got.body);
      expect(lines[0]).toEqual(endpoint.columns.map((c: ExportColumn) => columnHeader(c, LA_CONTEXT)));
      return lines.slice(1);
    };
    const text = (n: number | null) => (n === null ? '' : String(n));

    it('the campaigns with every delivery figure, under the figures’ own labels, sent times in the business’s time zone', async () => {
      const { client, jar } = await signedIn(a, 'owner');
      const listed = await client.campaigns.list({ businessId: LA });
      expect(listed.filter((c) => c.status === 'sent').length).toBeGreaterThan(2);
      expect(campaignExports.campaigns.columns.slice(-CAMPAIGN_EXPORT_FIGURES.length).map((c) => c.label)).toEqual(Object.values(CAMPAIGN_FIGURES).map((f) => f.label));
      const lines = await csv(campaignExports.campaigns, {}, jar);
      expect(lines).toEqual(
        listed.map((c) => [
          c.name,
          CAMPAIGN_STATUS_LABEL[c.status],
          CAMPAIGN_CHANNEL_LABEL[c.channel],
          c.segmentName ?? (c.segmentId ? 'Deleted segment' : 'All clients'),
          c.surveyName ?? '',
          c.sentAt ?? c.sendAt ? localDateTime((c.sentAt ?? c.sendAt) as string, 'America/Los_Angeles') : '',
          ...CAMPAIGN_EXPORT_FIGURES.map((f) => String(c.figures[f])),
        ]),
      );
      const sheet = sheetRows(await readXlsx((await file(campaignExports.campaigns, {}, { format: 'xlsx' }, jar)).body));
      expect(sheet.slice(1).map((r) => r[7])).toEqual(listed.map((c) => c.figures.handed));
    });

    it('the surveys, and a survey’s results per staff member and per service', async () => {
      const { client, jar } = await signedIn(a, 'owner');
      const surveys = await client.campaigns.surveys.list({ businessId: LA });
      expect(await csv(campaignExports.surveys, {}, jar)).toEqual(surveys.map((s) => [s.name, text(s.nps), String(s.answers), String(s.invited), s.question, s.active ? 'Open' : 'Closed']));
      // The survey the NPS test sent (the demo's went with the rest of the location's campaigns):
      // three answers, each about a visit of a client who has one (see `reachable`).
      const answered = surveys.reduce((most, s) => (s.answers > most.answers ? s : most));
      expect(answered.answers).toBeGreaterThan(1);
      const results = await client.campaigns.surveys.results({ businessId: LA, surveyId: answered.id });
      expect(results.byStaff.length).toBeGreaterThan(0);
      const figures = ['nps', 'answers', 'promoters', 'passives', 'detractors'] as const;
      expect(campaignExports.surveyByStaff.columns.slice(1).map((c) => c.label)).toEqual(figures.map((f) => SURVEY_FIGURES[f].label));
      expect(await csv(campaignExports.surveyByStaff, { surveyId: answered.id }, jar)).toEqual(results.byStaff.map((r) => [r.name, ...figures.map((f) => text(r[f]))]));
      expect(await csv(campaignExports.surveyByService, { surveyId: answered.id }, jar)).toEqual(results.byService.map((r) => [r.name, ...figures.map((f) => text(r[f]))]));
      const named = await file(campaignExports.surveyByStaff, { surveyId: answered.id }, { format: 'xlsx' }, jar);
      expect(named.headers.get('content-disposition')).toMatch(/^attachment; filename="luxe-los-angeles_after-your-visit-survey-by-staff_\d{4}-\d{2}-\d{2}\.xlsx"$/);
      expect(sheetRows(await readXlsx(named.body)).slice(1).map((r) => r[2])).toEqual(results.byStaff.map((r) => r.answers));
    });

    it('refuses bad input with a 400, a user without `operation.view-campaigns` with a 403, another business with a 403 or 404', async () => {
      const { jar } = await signedIn(a, 'owner');
      const [survey] = await q<{ id: number }>(sql`select id from surveys where business_id = ${LA} order by id limit 1`);
      const surveyId = (survey as { id: number }).id;
      for (const endpoint of Object.values(campaignExports)) {
        const params: Record<string, number> = endpoint.pathParams.includes('surveyId') ? { surveyId } : {};
        expect((await file(endpoint, params, { format: 'pdf' }, jar)).status, endpoint.report).toBe(400);
        expect((await file(endpoint, params, {}, jar)).status, endpoint.report).toBe(400);
        const manager = await signedIn(a, 'manager');
        const refused = await file(endpoint, params, { format: 'csv' }, manager.jar);
        expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ status: false, message: forbidden.message });
        expect(refused.status).toBe(403);
        const lotus = await signedIn(a, 'lotus');
        expect([403, 404]).toContain((await file(endpoint, params, { format: 'csv' }, lotus.jar)).status);
        // Another location's id in the path does not reach this location's survey.
        if (endpoint.pathParams.includes('surveyId')) {
          expect((await download(a, exportPath(endpoint, { params: { id: KTM, surveyId }, query: { format: 'csv' } }), lotus.jar)).status).toBe(404);
          expect((await download(a, exportPath(endpoint, { params: { id: LA, surveyId: 999_999 }, query: { format: 'csv' } }), jar)).status).toBe(404);
        }
      }
      const bad = await rawRequest(a, `/protected/business/${LA}/export/survey/abc/by-staff?format=csv`, { headers: { cookie: `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}` } });
      expect(bad.status).toBe(400);
    });
  });
});
