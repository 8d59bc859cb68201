import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id } from '../models/ids';
import { wholeNumber } from '../models/input';
import {
  type CampaignCreate,
  type CampaignSchedule,
  type CampaignUpdate,
  type SurveyAnswer,
  campaign,
  campaignAudience,
  campaignCreate,
  campaignDelivery,
  campaignReport,
  campaignSchedule,
  campaignUpdate,
  publicSurvey,
  publicToken,
  publicUnsubscribe,
  survey,
  surveyAnswer,
  surveyCreate,
  surveyResults,
  surveyUpdate,
  userCampaign,
} from '../models/campaigns';
import { COLUMN_KIND as K, type ExportColumn } from '../rules/export';
import { CAMPAIGN_FIGURES, SURVEY_FIGURES } from '../rules/figures';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import type { Transport } from './transport';

/**
 * Campaigns and surveys (spec 001 §7 Also: `getCampaigns`, `survey/getall`; spec 000 §7 user
 * `campaign/all`; issue 18). Reading needs `operation.view-campaigns`; creating, changing,
 * scheduling, sending and surveys `operation.campaigns`; the delivery figures
 * `reporting.campaignreport`. The public survey and unsubscribe pages are reached by the
 * unguessable token of the link in the message, without signing in.
 */
const B = '/protected/business/{id}';
const business = z.object({ id });
const one = z.object({ id, campaignId: id });
const oneSurvey = z.object({ id, surveyId: id });
const token = z.object({ token: publicToken });

const view = 'operation.view-campaigns' as const;
const manage = 'operation.campaigns' as const;

export const campaignEndpoints = {
  /** `getCampaigns`: the location's campaigns, newest first, with their figures. */
  list: defineEndpoint({
    name: 'campaigns.list',
    method: 'GET',
    path: `${B}/getCampaigns`,
    access: 'business',
    permission: view,
    params: business,
    response: z.array(campaign),
    errorMessage: MESSAGES.failedToFetchCampaigns,
  }),
  /** User-level `campaign/all`: the campaigns of every location the user may see campaigns of. */
  listForUser: defineEndpoint({
    name: 'campaigns.listForUser',
    method: 'GET',
    path: '/protected/user/{id}/campaign/all',
    access: 'user',
    params: z.object({ id }),
    response: z.array(userCampaign),
    errorMessage: MESSAGES.failedToFetchCampaigns,
  }),
  get: defineEndpoint({
    name: 'campaigns.get',
    method: 'GET',
    path: `${B}/campaign/{campaignId}`,
    access: 'business',
    permission: view,
    params: one,
    response: campaign,
    errorMessage: MESSAGES.failedToFetchCampaigns,
  }),
  create: defineEndpoint({
    name: 'campaigns.create',
    method: 'POST',
    path: `${B}/campaign/create`,
    access: 'business',
    permission: manage,
    params: business,
    body: campaignCreate,
    /** The new draft. */
    response: campaign,
    errorMessage: MESSAGES.failedToSaveCampaign,
    successMessage: MESSAGES.successfullyAdded,
  }),
  update: defineEndpoint({
    name: 'campaigns.update',
    method: 'POST',
    path: `${B}/campaign/{campaignId}/update`,
    access: 'business',
    permission: manage,
    params: one,
    body: campaignUpdate,
    response: campaign,
    errorMessage: MESSAGES.failedToSaveCampaign,
    successMessage: MESSAGES.successfullyUpdated,
  }),
  /** A new draft with the same content, named "… (copy)". */
  duplicate: defineEndpoint({
    name: 'campaigns.duplicate',
    method: 'POST',
    path: `${B}/campaign/{campaignId}/duplicate`,
    access: 'business',
    permission: manage,
    params: one,
    response: campaign,
    errorMessage: MESSAGES.failedToSaveCampaign,
    successMessage: MESSAGES.campaignDuplicated,
  }),
  /** Sends a sent campaign again, now, to the segment's members it has not reached yet (new members, failed deliveries). */
  resend: defineEndpoint({
    name: 'campaigns.resend',
    method: 'POST',
    path: `${B}/campaign/{campaignId}/resend`,
    access: 'business',
    permission: manage,
    params: one,
    response: campaign,
    errorMessage: MESSAGES.failedToSendCampaign,
    successMessage: MESSAGES.campaignResent,
  }),
  /** Schedules a draft (or moves a scheduled one): a day and time in the business's time zone, or now. */
  schedule: defineEndpoint({
    name: 'campaigns.schedule',
    method: 'POST',
    path: `${B}/campaign/{campaignId}/schedule`,
    access: 'business',
    permission: manage,
    params: one,
    body: campaignSchedule,
    response: campaign,
    errorMessage: MESSAGES.failedToSendCampaign,
    successMessage: MESSAGES.campaignScheduled,
  }),
  /** A scheduled campaign back to a draft: nothing is sent. */
  cancel: defineEndpoint({
    name: 'campaigns.cancel',
    method: 'POST',
    path: `${B}/campaign/{campaignId}/cancel`,
    access: 'business',
    permission: manage,
    params: one,
    response: campaign,
    errorMessage: MESSAGES.failedToSaveCampaign,
    successMessage: MESSAGES.campaignCancelled,
  }),
  /** Deletes a draft (a sent campaign stays, with its figures). */
  remove: defineEndpoint({
    name: 'campaigns.remove',
    method: 'POST',
    path: `${B}/campaign/{campaignId}/delete`,
    access: 'business',
    permission: manage,
    params: one,
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToSaveCampaign,
    successMessage: MESSAGES.successfullyDeleted,
  }),
  /** Who the campaign would reach if sent now. */
  audience: defineEndpoint({
    name: 'campaigns.audience',
    method: 'GET',
    path: `${B}/campaign/{campaignId}/audience`,
    access: 'business',
    permission: view,
    params: one,
    response: campaignAudience,
    errorMessage: MESSAGES.failedToFetchCampaigns,
  }),
  /** Every recipient of a campaign, newest round first. */
  deliveries: defineEndpoint({
    name: 'campaigns.deliveries',
    method: 'GET',
    path: `${B}/campaign/{campaignId}/deliveries`,
    access: 'business',
    permission: 'reporting.campaignreport',
    params: one,
    query: z.object({ limit: z.optional(wholeNumber(1, 5_000)) }),
    response: z.array(campaignDelivery),
    errorMessage: MESSAGES.failedToFetchCampaignReport,
  }),
  /** The delivery figures of the campaigns first sent from `start` to `end` (days in the business's time zone). */
  report: defineEndpoint({
    name: 'campaigns.report',
    method: 'GET',
    path: `${B}/campaignreport`,
    access: 'business',
    permission: 'reporting.campaignreport',
    params: business,
    query: z.object({ start: day, end: day }),
    response: campaignReport,
    errorMessage: MESSAGES.failedToFetchCampaignReport,
  }),
} as const;

export const surveyEndpoints = {
  /** `survey/getall`: the location's surveys with their score. */
  list: defineEndpoint({
    name: 'surveys.list',
    method: 'GET',
    path: `${B}/survey/getall`,
    access: 'business',
    permission: view,
    params: business,
    response: z.array(survey),
    errorMessage: MESSAGES.failedToFetchSurveys,
  }),
  create: defineEndpoint({
    name: 'surveys.create',
    method: 'POST',
    path: `${B}/survey/create`,
    access: 'business',
    permission: manage,
    params: business,
    body: surveyCreate,
    response: survey,
    errorMessage: MESSAGES.failedToSaveSurvey,
    successMessage: MESSAGES.successfullyAdded,
  }),
  update: defineEndpoint({
    name: 'surveys.update',
    method: 'POST',
    path: `${B}/survey/{surveyId}/update`,
    access: 'business',
    permission: manage,
    params: oneSurvey,
    body: surveyUpdate,
    response: survey,
    errorMessage: MESSAGES.failedToSaveSurvey,
    successMessage: MESSAGES.successfullyUpdated,
  }),
  results: defineEndpoint({
    name: 'surveys.results',
    method: 'GET',
    path: `${B}/survey/{surveyId}/results`,
    access: 'business',
    permission: view,
    params: oneSurvey,
    response: surveyResults,
    errorMessage: MESSAGES.failedToFetchSurveys,
  }),
} as const;

/** The delivery figures of a campaign (core's `CAMPAIGN_FIGURES`), in the list's order. */
export const CAMPAIGN_EXPORT_FIGURES = ['recipients', 'handed', 'delivered', 'failed', 'skippedUnsubscribed', 'skippedCap', 'skippedNoAddress', 'unsubscribed', 'surveyAnswers'] as const satisfies readonly (keyof typeof CAMPAIGN_FIGURES)[];
/** The NPS figures of a survey's results per staff member or service (`SURVEY_FIGURES`), in the screen's order. */
export const SURVEY_EXPORT_FIGURES = ['nps', 'answers', 'promoters', 'passives', 'detractors'] as const satisfies readonly (keyof typeof SURVEY_FIGURES)[];

/** A count column of a campaign figure, under its one label. */
const campaignFigure = <F extends (typeof CAMPAIGN_EXPORT_FIGURES)[number]>(key: F): ExportColumn<F> => ({ key, label: CAMPAIGN_FIGURES[key].label, kind: K.COUNT });
/** A whole-number column of a survey figure (the NPS runs from −100 to 100), under its one label. */
const surveyFigure = <F extends (typeof SURVEY_EXPORT_FIGURES)[number]>(key: F): ExportColumn<F> => ({ key, label: SURVEY_FIGURES[key].label, kind: K.COUNT });
const X = `${B}/export`;

/**
 * The campaign screens as files (CSV, XLSX), made on the server with the lists' own reads and
 * permissions: the campaigns with their delivery figures, the surveys, and a survey's results per
 * staff member and per service.
 */
export const campaignExports = {
  /** `getCampaigns` as a file: each campaign with every delivery figure. */
  campaigns: defineExport({
    report: 'campaigns',
    title: 'Campaigns',
    path: `${X}/campaigns`,
    access: 'business',
    permission: view,
    params: business,
    query: {},
    columns: [
      { key: 'name', label: 'Campaign', kind: K.TEXT },
      { key: 'status', label: 'Status', kind: K.TEXT },
      { key: 'channel', label: 'Channel', kind: K.TEXT },
      { key: 'audience', label: 'Audience', kind: K.TEXT },
      { key: 'survey', label: 'Survey', kind: K.TEXT },
      { key: 'send_time', label: 'Send time', kind: K.DATETIME },
      ...CAMPAIGN_EXPORT_FIGURES.map(campaignFigure),
    ],
    errorMessage: MESSAGES.failedToFetchCampaigns,
  }),
  /** `survey/getall` as a file. */
  surveys: defineExport({
    report: 'surveys',
    title: 'Surveys',
    path: `${X}/surveys`,
    access: 'business',
    permission: view,
    params: business,
    query: {},
    columns: [
      { key: 'name', label: 'Survey', kind: K.TEXT },
      surveyFigure('nps'),
      surveyFigure('answers'),
      { key: 'invited', label: 'Invited', kind: K.COUNT },
      { key: 'question', label: 'Question', kind: K.TEXT },
      { key: 'status', label: 'Status', kind: K.TEXT },
    ],
    errorMessage: MESSAGES.failedToFetchSurveys,
  }),
  /** A survey's results per staff member (`survey/{surveyId}/results`' `byStaff`). */
  surveyByStaff: defineExport({
    report: 'survey-by-staff',
    title: 'Survey results per staff member',
    path: `${X}/survey/{surveyId}/by-staff`,
    access: 'business',
    permission: view,
    params: oneSurvey,
    query: {},
    columns: [{ key: 'name', label: 'Staff', kind: K.TEXT }, ...SURVEY_EXPORT_FIGURES.map(surveyFigure)],
    errorMessage: MESSAGES.failedToFetchSurveys,
  }),
  /** A survey's results per service (`byService`). */
  surveyByService: defineExport({
    report: 'survey-by-service',
    title: 'Survey results per service',
    path: `${X}/survey/{surveyId}/by-service`,
    access: 'business',
    permission: view,
    params: oneSurvey,
    query: {},
    columns: [{ key: 'name', label: 'Service', kind: K.TEXT }, ...SURVEY_EXPORT_FIGURES.map(surveyFigure)],
    errorMessage: MESSAGES.failedToFetchSurveys,
  }),
} as const;

/** The public pages a campaign message links to: no sign-in, the token is the key. */
export const campaignPublicEndpoints = {
  survey: defineEndpoint({
    name: 'campaignPublic.survey',
    method: 'GET',
    path: '/public/survey/{token}/get',
    access: 'public',
    params: token,
    response: publicSurvey,
    errorMessage: MESSAGES.linkNotValid,
  }),
  answer: defineEndpoint({
    name: 'campaignPublic.answer',
    method: 'POST',
    path: '/public/survey/{token}/answer',
    access: 'public',
    params: token,
    body: surveyAnswer,
    response: publicSurvey,
    errorMessage: MESSAGES.linkNotValid,
    successMessage: MESSAGES.surveyThanks,
  }),
  unsubscribeInfo: defineEndpoint({
    name: 'campaignPublic.unsubscribeInfo',
    method: 'GET',
    path: '/public/unsubscribe/{token}/get',
    access: 'public',
    params: token,
    response: publicUnsubscribe,
    errorMessage: MESSAGES.linkNotValid,
  }),
  unsubscribe: defineEndpoint({
    name: 'campaignPublic.unsubscribe',
    method: 'POST',
    path: '/public/unsubscribe/{token}/confirm',
    access: 'public',
    params: token,
    response: publicUnsubscribe,
    errorMessage: MESSAGES.linkNotValid,
    successMessage: MESSAGES.unsubscribed,
  }),
} as const;

type At = { businessId: number };
type One = At & { campaignId: number };

export function campaignsClient(transport: Transport) {
  const e = campaignEndpoints;
  const s = surveyEndpoints;
  const p = campaignPublicEndpoints;
  return {
    list: ({ businessId }: At) => transport.request(e.list, { params: { id: businessId } }),
    listForUser: ({ userId }: { userId: number }) => transport.request(e.listForUser, { params: { id: userId } }),
    get: ({ businessId, campaignId }: One) => transport.request(e.get, { params: { id: businessId, campaignId } }),
    create: ({ businessId }: At, body: CampaignCreate) => transport.request(e.create, { params: { id: businessId }, body }),
    update: ({ businessId, campaignId }: One, body: CampaignUpdate) => transport.request(e.update, { params: { id: businessId, campaignId }, body }),
    duplicate: ({ businessId, campaignId }: One) => transport.request(e.duplicate, { params: { id: businessId, campaignId } }),
    resend: ({ businessId, campaignId }: One) => transport.request(e.resend, { params: { id: businessId, campaignId } }),
    schedule: ({ businessId, campaignId }: One, body: CampaignSchedule) => transport.request(e.schedule, { params: { id: businessId, campaignId }, body }),
    cancel: ({ businessId, campaignId }: One) => transport.request(e.cancel, { params: { id: businessId, campaignId } }),
    remove: ({ businessId, campaignId }: One) => transport.request(e.remove, { params: { id: businessId, campaignId } }),
    audience: ({ businessId, campaignId }: One) => transport.request(e.audience, { params: { id: businessId, campaignId } }),
    deliveries: ({ businessId, campaignId }: One, query: { limit?: number } = {}) =>
      transport.request(e.deliveries, { params: { id: businessId, campaignId }, query }),
    report: ({ businessId }: At, query: { start: string; end: string }) => transport.request(e.report, { params: { id: businessId }, query }),
    surveys: {
      list: ({ businessId }: At) => transport.request(s.list, { params: { id: businessId } }),
      create: ({ businessId }: At, body: { name: string; question?: string }) => transport.request(s.create, { params: { id: businessId }, body }),
      update: ({ businessId, surveyId }: At & { surveyId: number }, body: { name?: string; question?: string; active?: boolean }) =>
        transport.request(s.update, { params: { id: businessId, surveyId }, body }),
      results: ({ businessId, surveyId }: At & { surveyId: number }) => transport.request(s.results, { params: { id: businessId, surveyId } }),
    },
    /** The public pages' calls (no session needed). */
    public: {
      survey: (tokenValue: string) => transport.request(p.survey, { params: { token: tokenValue } }),
      answer: (tokenValue: string, body: SurveyAnswer) => transport.request(p.answer, { params: { token: tokenValue }, body }),
      unsubscribeInfo: (tokenValue: string) => transport.request(p.unsubscribeInfo, { params: { token: tokenValue } }),
      unsubscribe: (tokenValue: string) => transport.request(p.unsubscribe, { params: { token: tokenValue } }),
    },
  };
}
