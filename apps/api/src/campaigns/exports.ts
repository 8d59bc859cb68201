import {
  CAMPAIGN_CHANNEL_LABEL,
  CAMPAIGN_EXPORT_FIGURES,
  CAMPAIGN_STATUS_LABEL,
  campaignAudienceLabel,
  endpoints,
  MESSAGES,
  type NpsSummary,
  SURVEY_EXPORT_FIGURES,
  surveyStatusLabel,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { asOfToday } from '../export/context';
import { implementExport, once } from '../export/implementExport';
import { HttpError } from '../http/errors';
import { businessOf, type HandlerContext } from '../http/registry';
import { loadCampaigns } from './queries';
import { loadSurveys, surveyResults } from './surveys';

/** The NPS figures of a row of a survey's results, as the export's columns. */
const npsCells = (r: NpsSummary) => Object.fromEntries(SURVEY_EXPORT_FIGURES.map((f) => [f, r[f]])) as Record<(typeof SURVEY_EXPORT_FIGURES)[number], number | null>;

/** A survey's results as `survey/{surveyId}/results` answers them, read before the file starts (404 for another location's). */
async function resultsOf(ctx: HandlerContext, surveyId: number) {
  const results = await surveyResults(ctx.db, businessOf(ctx).id, surveyId);
  if (!results) throw new HttpError(404, MESSAGES.surveyNotFound);
  return results;
}

/** A survey's file is named after it too: `luxe-los-angeles_after-visit-nps-survey-by-staff_2026-03-02.csv`. */
const namedAfter = (survey: string, endpoint: { report: string }) => ({ report: `${survey} ${endpoint.report}` });

/**
 * The campaign screens' exports (core's `campaignExports`), read by the lists' own queries: the
 * campaigns with their delivery figures (`loadCampaigns`, one definition of each figure), the
 * surveys (`loadSurveys`) and a survey's results per staff member and service (`surveyResults`).
 */
export function campaignExportHandlers() {
  const x = endpoints.campaignExports;
  return [
    implementExport(x.campaigns, async (_request, ctx) => {
      const business = businessOf(ctx);
      return {
        ...asOfToday(ctx, business),
        rows: once(async () =>
          (await loadCampaigns(ctx.db, sql`c.business_id = ${business.id}`)).map((c) => ({
            name: c.name,
            status: CAMPAIGN_STATUS_LABEL[c.status],
            channel: CAMPAIGN_CHANNEL_LABEL[c.channel],
            audience: campaignAudienceLabel(c),
            survey: c.surveyName,
            send_time: c.sentAt ?? c.sendAt,
            ...(Object.fromEntries(CAMPAIGN_EXPORT_FIGURES.map((f) => [f, c.figures[f]])) as Record<(typeof CAMPAIGN_EXPORT_FIGURES)[number], number>),
          })),
        ),
      };
    }),

    implementExport(x.surveys, async (_request, ctx) => {
      const business = businessOf(ctx);
      return {
        ...asOfToday(ctx, business),
        rows: once(async () =>
          (await loadSurveys(ctx.db, business.id)).map((s) => ({
            name: s.name,
            nps: s.nps,
            answers: s.answers,
            invited: s.invited,
            question: s.question,
            status: surveyStatusLabel(s),
          })),
        ),
      };
    }),

    implementExport(x.surveyByStaff, async ({ params }, ctx) => {
      const results = await resultsOf(ctx, params.surveyId);
      return {
        ...asOfToday(ctx, businessOf(ctx)),
        ...namedAfter(results.survey.name, x.surveyByStaff),
        rows: once(async () => results.byStaff.map((r) => ({ name: r.name, ...npsCells(r) }))),
      };
    }),

    implementExport(x.surveyByService, async ({ params }, ctx) => {
      const results = await resultsOf(ctx, params.surveyId);
      return {
        ...asOfToday(ctx, businessOf(ctx)),
        ...namedAfter(results.survey.name, x.surveyByService),
        rows: once(async () => results.byService.map((r) => ({ name: r.name, ...npsCells(r) }))),
      };
    }),
  ];
}
