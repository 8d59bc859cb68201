import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id, instant, reportedDay, timeOfDay } from './ids';
import { boundedInt, changes, text } from './input';

/**
 * Campaigns and surveys (spec 001 §1 campaigns, surveys; §7 Also `getCampaigns`, `survey/getall`;
 * spec 000 §7 user `campaign/all`; issue 18): an email or text message to the clients of a
 * segment, sent through the outbox at any hour the business picks in its own time zone, with a
 * frequency cap and an unsubscribe link; a survey (NPS) sent by a campaign and answered on a
 * public page. Reading needs `operation.view-campaigns`, every change `operation.campaigns`, the
 * delivery figures `reporting.campaignreport`.
 */

export const CAMPAIGN_CHANNEL = { EMAIL: 'email', SMS: 'sms' } as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNEL)[keyof typeof CAMPAIGN_CHANNEL];
export const CAMPAIGN_CHANNEL_LABEL: Record<CampaignChannel, string> = { email: 'Email', sms: 'Text message' };
export const campaignChannel = z.enum(['email', 'sms']);

/**
 * Where a campaign is: `draft` (editable), `scheduled` (waits for its moment; cancel makes it a
 * draft again), `sending`, `sent`. Only a draft or a scheduled campaign can be changed.
 */
export const CAMPAIGN_STATUS = { DRAFT: 'draft', SCHEDULED: 'scheduled', SENDING: 'sending', SENT: 'sent' } as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUS)[keyof typeof CAMPAIGN_STATUS];
export const CAMPAIGN_STATUS_LABEL: Record<CampaignStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', sending: 'Sending', sent: 'Sent' };
export const campaignStatus = z.enum(['draft', 'scheduled', 'sending', 'sent']);

/** Who a campaign goes to, as the list and its export name it: the segment, `Deleted segment`, or `All clients`. */
export const campaignAudienceLabel = (c: { segmentId: number | null; segmentName: string | null }): string => c.segmentName ?? (c.segmentId ? 'Deleted segment' : 'All clients');

/** A survey's state as the list and its export name it: `Open` (answers taken), `Closed`. */
export const surveyStatusLabel = (s: { active: boolean }): string => (s.active ? 'Open' : 'Closed');

/** What a campaign may do in each status, with the statuses it is allowed in. */
export const campaignCan = {
  edit: Object.assign((c: { status: CampaignStatus }) => campaignCan.edit.states.includes(c.status), { states: ['draft', 'scheduled'] as CampaignStatus[] }),
  schedule: Object.assign((c: { status: CampaignStatus }) => campaignCan.schedule.states.includes(c.status), { states: ['draft', 'scheduled'] as CampaignStatus[] }),
  cancel: Object.assign((c: { status: CampaignStatus }) => campaignCan.cancel.states.includes(c.status), { states: ['scheduled'] as CampaignStatus[] }),
  resend: Object.assign((c: { status: CampaignStatus }) => campaignCan.resend.states.includes(c.status), { states: ['sent'] as CampaignStatus[] }),
  remove: Object.assign((c: { status: CampaignStatus }) => campaignCan.remove.states.includes(c.status), { states: ['draft'] as CampaignStatus[] }),
};

/** What happened to one recipient of a campaign. */
export const DELIVERY_STATUS = {
  /** Chosen, not yet handed to the outbox. */
  QUEUED: 'queued',
  /** Handed to the outbox (whose own status says whether the mailer or gateway took it). */
  HANDED: 'handed',
  /** Not sent: `skipReason` says why. */
  SKIPPED: 'skipped',
} as const;
export type DeliveryStatus = (typeof DELIVERY_STATUS)[keyof typeof DELIVERY_STATUS];

/** Why a member of the segment was not sent the campaign. */
export const SKIP_REASON = { UNSUBSCRIBED: 'unsubscribed', FREQUENCY_CAP: 'frequency_cap', NO_ADDRESS: 'no_address' } as const;
export type SkipReason = (typeof SKIP_REASON)[keyof typeof SKIP_REASON];
export const SKIP_REASON_LABEL: Record<SkipReason, string> = {
  unsubscribed: 'Unsubscribed',
  frequency_cap: 'Frequency cap reached',
  no_address: 'No email or phone',
};

/** The longest email body and subject, the longest text message (10 SMS segments). */
export const CAMPAIGN_LIMITS = { name: 120, subject: 200, emailBody: 10_000, smsBody: 1_600, capMessages: 50, capDays: 365 } as const;

/**
 * The frequency cap: nobody gets more than `messages` campaign messages of this business within
 * `days` days (this one included). Members over it are skipped and counted.
 */
export const frequencyCap = z.object({
  messages: boundedInt(1, CAMPAIGN_LIMITS.capMessages),
  days: boundedInt(1, CAMPAIGN_LIMITS.capDays),
});
export type FrequencyCap = z.infer<typeof frequencyCap>;
/** The cap a new campaign gets: two messages a week. */
export const DEFAULT_FREQUENCY_CAP: FrequencyCap = { messages: 2, days: 7 };

/** The figures of one campaign (`CAMPAIGN_FIGURES` in rules/figures.ts names them). */
export const campaignFigures = z.object({
  /** Members of the segment when it was sent (every round). */
  recipients: z.number(),
  /** Handed to the outbox. */
  handed: z.number(),
  /** Of those, taken by the mail server or SMS gateway. */
  delivered: z.number(),
  /** Of those, refused by the mail server or SMS gateway. */
  failed: z.number(),
  skippedUnsubscribed: z.number(),
  skippedCap: z.number(),
  skippedNoAddress: z.number(),
  /** Recipients who unsubscribed through this campaign's link. */
  unsubscribed: z.number(),
  /** Survey answers that came through this campaign. */
  surveyAnswers: z.number(),
});
export type CampaignFigures = z.infer<typeof campaignFigures>;

export const campaign = z.object({
  id,
  businessId: id,
  name: z.string(),
  channel: campaignChannel,
  /** Email only. */
  subject: z.nullable(z.string()),
  /** Plain text; `{first_name}` and `{survey_link}` are filled per recipient. */
  body: z.string(),
  /** Who it goes to; null: every client of the location. */
  segmentId: z.nullable(id),
  segmentName: z.nullable(z.string()),
  surveyId: z.nullable(id),
  surveyName: z.nullable(z.string()),
  frequencyCap: z.nullable(frequencyCap),
  status: campaignStatus,
  /** When it is (or was) to go out, as the business reads it: a day and `HH:mm` in its time zone. */
  sendDay: z.nullable(reportedDay),
  sendTime: z.nullable(timeOfDay),
  /** The same moment as an instant. */
  sendAt: z.nullable(instant),
  sentAt: z.nullable(instant),
  /** How many times it was sent (1, then 2 after a resend, ...); 0 before. */
  rounds: z.number(),
  duplicatedFromId: z.nullable(id),
  createdAt: instant,
  updatedAt: instant,
  figures: campaignFigures,
});
export type Campaign = z.infer<typeof campaign>;

/** A campaign in the user-level list (`campaign/all`): with its location's name. */
export const userCampaign = z.object({ ...campaign.shape, businessName: z.string() });
export type UserCampaign = z.infer<typeof userCampaign>;

const campaignFields = {
  name: text(CAMPAIGN_LIMITS.name, { trim: true, min: 1, tooShort: MESSAGES.campaignNameRequired }),
  channel: campaignChannel,
  subject: z.nullable(text(CAMPAIGN_LIMITS.subject, { trim: true })),
  body: text(CAMPAIGN_LIMITS.emailBody, { trim: true, min: 1, tooShort: MESSAGES.campaignBodyRequired }),
  segmentId: z.nullable(id),
  surveyId: z.nullable(id),
  frequencyCap: z.nullable(frequencyCap),
};

/** What an email must have and a text message may not exceed, wherever a campaign is written. */
function campaignProblems(value: { channel?: CampaignChannel; subject?: string | null; body?: string }): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (value.channel === 'email' && value.subject !== undefined && !value.subject) problems.push({ path: 'subject', message: MESSAGES.campaignSubjectRequired });
  if (value.channel === 'sms' && value.body !== undefined && value.body.length > CAMPAIGN_LIMITS.smsBody) problems.push({ path: 'body', message: MESSAGES.campaignSmsTooLong });
  return problems;
}
const campaignCheck = z.check<{ channel?: CampaignChannel; subject?: string | null; body?: string }>((ctx) => {
  for (const p of campaignProblems(ctx.value)) ctx.issues.push({ code: 'custom', message: p.message, input: ctx.value, path: [p.path] });
});

export const campaignCreate = z.object({ ...campaignFields, subject: z.optional(campaignFields.subject), surveyId: z.optional(campaignFields.surveyId), frequencyCap: z.optional(campaignFields.frequencyCap) }).check(
  z.check((ctx) => {
    const v = ctx.value;
    const subject = v.subject ?? null;
    for (const p of campaignProblems({ ...v, subject })) ctx.issues.push({ code: 'custom', message: p.message, input: v, path: [p.path] });
  }),
);
export type CampaignCreate = z.input<typeof campaignCreate>;

export const campaignUpdate = changes(campaignFields).check(campaignCheck);
export type CampaignUpdate = z.input<typeof campaignUpdate>;

/** When to send: a day and a time in the business's time zone (any hour), or now. */
export const campaignSchedule = z.union([z.object({ day, time: timeOfDay }), z.object({ now: z.literal(true) })]);
export type CampaignSchedule = z.input<typeof campaignSchedule>;

/** Who a campaign would reach now: the segment's members and what the sending rules leave. */
export const campaignAudience = z.object({
  members: z.number(),
  reachable: z.number(),
  unsubscribed: z.number(),
  noAddress: z.number(),
  overCap: z.number(),
});
export type CampaignAudience = z.infer<typeof campaignAudience>;

/** One recipient of a campaign, for its delivery list. */
export const campaignDelivery = z.object({
  id,
  customerId: id,
  name: z.string(),
  /** The address or number it went to (empty when skipped for want of one). */
  recipient: z.string(),
  round: z.number(),
  status: z.enum(['queued', 'handed', 'skipped']),
  skipReason: z.nullable(z.enum(['unsubscribed', 'frequency_cap', 'no_address'])),
  /** The outbox's word: `recorded`, `sent`, `failed` (null until handed). */
  outboxStatus: z.nullable(z.string()),
  createdAt: instant,
});
export type CampaignDelivery = z.infer<typeof campaignDelivery>;

/** The delivery figures of a range of campaigns (`reporting.campaignreport`). */
export const campaignReport = z.object({
  start: reportedDay,
  end: reportedDay,
  /** Campaigns sent (first round) on a day of the range, newest first, with their figures. */
  campaigns: z.array(z.object({ id, name: z.string(), channel: campaignChannel, sentAt: instant, sentDay: reportedDay, figures: campaignFigures })),
  totals: campaignFigures,
});
export type CampaignReport = z.infer<typeof campaignReport>;

// ——— Surveys ————————————————————————————————————————————————————————————————————————————

export const SURVEY_LIMITS = { name: 120, question: 300, comment: 2_000 } as const;
/** The NPS question a new survey asks. */
export const DEFAULT_NPS_QUESTION = 'How likely are you to recommend us to a friend or colleague?';

export const survey = z.object({
  id,
  businessId: id,
  name: z.string(),
  /** Always `nps`: a score from 0 to 10 and a comment. */
  kind: z.literal('nps'),
  question: z.string(),
  active: z.boolean(),
  createdAt: instant,
  /** Invitations sent and answers received. */
  invited: z.number(),
  answers: z.number(),
  /** −100 to 100; null without answers. */
  nps: z.nullable(z.number()),
});
export type Survey = z.infer<typeof survey>;

export const surveyCreate = z.object({
  name: text(SURVEY_LIMITS.name, { trim: true, min: 1, tooShort: MESSAGES.surveyNameRequired }),
  question: z.optional(text(SURVEY_LIMITS.question, { trim: true, min: 1, tooShort: MESSAGES.surveyQuestionRequired })),
});
export const surveyUpdate = changes({
  name: surveyCreate.shape.name,
  question: text(SURVEY_LIMITS.question, { trim: true, min: 1, tooShort: MESSAGES.surveyQuestionRequired }),
  active: z.boolean(),
});

/** Promoters, passives and detractors, and the score they make. */
export const npsSummary = z.object({
  answers: z.number(),
  promoters: z.number(),
  passives: z.number(),
  detractors: z.number(),
  nps: z.nullable(z.number()),
});
export type NpsSummary = z.infer<typeof npsSummary>;

/** A survey's results: overall, per score, per staff member and per service of the visit asked about. */
export const surveyResults = z.object({
  survey,
  overall: npsSummary,
  /** Answers per score 0..10 (eleven numbers). */
  distribution: z.array(z.number()),
  /** Per staff member who served the visit (by `display_name`). */
  byStaff: z.array(z.object({ staffId: id, name: z.string(), ...npsSummary.shape })),
  /** Per service sold on the visit. */
  byService: z.array(z.object({ serviceId: id, name: z.string(), ...npsSummary.shape })),
  /** The newest comments. */
  comments: z.array(z.object({ id, score: z.number(), comment: z.string(), answeredAt: instant, visitDay: z.nullable(reportedDay) })),
});
export type SurveyResults = z.infer<typeof surveyResults>;

// ——— The public pages ———————————————————————————————————————————————————————————————

/** An unguessable token of a link in a message: 32 characters of base64url (192 random bits). */
export const publicToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{32}$/, { error: MESSAGES.linkNotValid }));

/** What the public survey page shows. */
export const publicSurvey = z.object({
  businessName: z.string(),
  question: z.string(),
  /** The day of the visit asked about, in the business's time zone. */
  visitDay: z.nullable(reportedDay),
  answered: z.boolean(),
});
export type PublicSurvey = z.infer<typeof publicSurvey>;
export const surveyAnswer = z.object({
  score: boundedInt(0, 10, { tooSmall: MESSAGES.surveyScoreRange, tooLarge: MESSAGES.surveyScoreRange, notANumber: MESSAGES.surveyScoreRange }),
  comment: z.optional(text(SURVEY_LIMITS.comment, { trim: true })),
});
export type SurveyAnswer = z.input<typeof surveyAnswer>;

/** What the public unsubscribe page shows. */
export const publicUnsubscribe = z.object({
  businessName: z.string(),
  channel: campaignChannel,
  /** The address or number, partly hidden (`j•••@example.com`, `•••••6808`). */
  recipient: z.string(),
  unsubscribed: z.boolean(),
});
export type PublicUnsubscribe = z.infer<typeof publicUnsubscribe>;

/** The dashboard's public pages a message links to (no sign-in: `PUBLIC_PATH_MARKERS`). */
export const SURVEY_PAGE_PATH = '/public/share/survey/{token}';
export const UNSUBSCRIBE_PAGE_PATH = '/public/share/unsubscribe/{token}';
