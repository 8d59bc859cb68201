import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers of a business's campaigns and surveys, all under
 * `campaignQueries.business(id)`: any change (a new draft, a schedule, a survey) refreshes every
 * one of them, figures included.
 */
export const campaignQueries = {
  all: () => ['salondesk', 'campaigns'] as const,
  business: (businessId: number) => [...campaignQueries.all(), businessId] as const,

  /** Every campaign of the locations user `userId` may see campaigns of (user-level `campaign/all`). */
  userList: (client: SalondeskClient, userId: number) =>
    queryOptions({ queryKey: [...campaignQueries.all(), 'user', userId] as const, queryFn: () => client.campaigns.listForUser({ userId }) }),

  list: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...campaignQueries.business(businessId), 'list'] as const, queryFn: () => client.campaigns.list({ businessId }) }),

  campaign: (client: SalondeskClient, businessId: number, campaignId: number) =>
    queryOptions({ queryKey: [...campaignQueries.business(businessId), 'campaign', campaignId] as const, queryFn: () => client.campaigns.get({ businessId, campaignId }) }),

  audience: (client: SalondeskClient, businessId: number, campaignId: number) =>
    queryOptions({ queryKey: [...campaignQueries.business(businessId), 'audience', campaignId] as const, queryFn: () => client.campaigns.audience({ businessId, campaignId }) }),

  deliveries: (client: SalondeskClient, businessId: number, campaignId: number) =>
    queryOptions({ queryKey: [...campaignQueries.business(businessId), 'deliveries', campaignId] as const, queryFn: () => client.campaigns.deliveries({ businessId, campaignId }) }),

  report: (client: SalondeskClient, businessId: number, range: { start: string; end: string }) =>
    queryOptions({ queryKey: [...campaignQueries.business(businessId), 'report', range] as const, queryFn: () => client.campaigns.report({ businessId }, range) }),

  surveys: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...campaignQueries.business(businessId), 'surveys'] as const, queryFn: () => client.campaigns.surveys.list({ businessId }) }),

  surveyResults: (client: SalondeskClient, businessId: number, surveyId: number) =>
    queryOptions({ queryKey: [...campaignQueries.business(businessId), 'survey', surveyId] as const, queryFn: () => client.campaigns.surveys.results({ businessId, surveyId }) }),

  /** The location's segments, as a campaign's audience choices (id and name). */
  segmentChoices: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...campaignQueries.business(businessId), 'segment-choices'] as const,
      queryFn: async () => (await client.segments.list(businessId)).map((s) => ({ id: s.id, name: s.name })),
    }),

  publicSurvey: (client: SalondeskClient, token: string) =>
    queryOptions({ queryKey: ['public', 'survey', token] as const, queryFn: () => client.campaigns.public.survey(token), retry: false }),

  publicUnsubscribe: (client: SalondeskClient, token: string) =>
    queryOptions({ queryKey: ['public', 'unsubscribe', token] as const, queryFn: () => client.campaigns.public.unsubscribeInfo(token), retry: false }),
};
