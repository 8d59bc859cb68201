import type { Campaign, CampaignCreate, CampaignSchedule, CampaignUpdate, Survey, SurveyAnswer } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignQueries } from './campaignQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** Whether a campaign is going out now (its figures are still moving). */
const goingOut = (campaigns: readonly Campaign[] | undefined, now: number): boolean =>
  (campaigns ?? []).some((c) => c.status === 'sending' || (c.status === 'scheduled' && c.sendAt !== null && Date.parse(c.sendAt) <= now));

/** The business's campaigns (`getCampaigns`), newest first, with their figures; refetched every 2 s while one is going out. */
export function useCampaigns(businessId: number) {
  const { client } = useSalondeskContext('useCampaigns');
  return useQuery({ ...campaignQueries.list(client, businessId), enabled: valid(businessId), refetchInterval: (query) => (goingOut(query.state.data, Date.now()) ? 2_000 : false) });
}

/** The campaigns of every location the user may see campaigns of, each with its location's name; `enabled` off until asked for. */
export function useUserCampaigns(userId: number | undefined, options: { enabled?: boolean } = {}) {
  const { client } = useSalondeskContext('useUserCampaigns');
  return useQuery({ ...campaignQueries.userList(client, userId ?? 0), enabled: userId !== undefined && userId > 0 && (options.enabled ?? true) });
}

/** One campaign with its figures. */
export function useCampaign(businessId: number, campaignId: number) {
  const { client } = useSalondeskContext('useCampaign');
  return useQuery({ ...campaignQueries.campaign(client, businessId, campaignId), enabled: valid(businessId) && valid(campaignId) });
}

/** Who the campaign would reach if sent now. */
export function useCampaignAudience(businessId: number, campaignId: number, enabled = true) {
  const { client } = useSalondeskContext('useCampaignAudience');
  return useQuery({ ...campaignQueries.audience(client, businessId, campaignId), enabled: enabled && valid(businessId) && valid(campaignId) });
}

/** Every recipient of a campaign (needs `reporting.campaignreport`). */
export function useCampaignDeliveries(businessId: number, campaignId: number, enabled = true) {
  const { client } = useSalondeskContext('useCampaignDeliveries');
  return useQuery({ ...campaignQueries.deliveries(client, businessId, campaignId), enabled: enabled && valid(businessId) && valid(campaignId) });
}

/** The delivery figures of the campaigns sent in a range (needs `reporting.campaignreport`). */
export function useCampaignReport(businessId: number, range: { start: string; end: string }, enabled = true) {
  const { client } = useSalondeskContext('useCampaignReport');
  return useQuery({ ...campaignQueries.report(client, businessId, range), enabled: enabled && valid(businessId) });
}

/** Every change of a campaign: `mutate({ kind: 'schedule', campaignId, body: { now: true } })`. */
export type CampaignChange =
  | { kind: 'create'; body: CampaignCreate }
  | { kind: 'update'; campaignId: number; body: CampaignUpdate }
  | { kind: 'schedule'; campaignId: number; body: CampaignSchedule }
  | { kind: 'cancel' | 'duplicate' | 'resend'; campaignId: number };

/** Creates, changes, schedules, cancels, duplicates or resends a campaign; on success everything of the business's campaigns is refetched. */
export function useCampaignChange(businessId: number) {
  const { client } = useSalondeskContext('useCampaignChange');
  const queryClient = useQueryClient();
  const api = client.campaigns;
  return useMutation({
    mutationFn: (change: CampaignChange): Promise<Campaign> => {
      const at = { businessId };
      switch (change.kind) {
        case 'create':
          return api.create(at, change.body);
        case 'update':
          return api.update({ businessId, campaignId: change.campaignId }, change.body);
        case 'schedule':
          return api.schedule({ businessId, campaignId: change.campaignId }, change.body);
        case 'cancel':
          return api.cancel({ businessId, campaignId: change.campaignId });
        case 'duplicate':
          return api.duplicate({ businessId, campaignId: change.campaignId });
        case 'resend':
          return api.resend({ businessId, campaignId: change.campaignId });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignQueries.business(businessId) }),
  });
}

/** Deletes a draft. */
export function useRemoveCampaign(businessId: number) {
  const { client } = useSalondeskContext('useRemoveCampaign');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: number) => client.campaigns.remove({ businessId, campaignId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignQueries.business(businessId) }),
  });
}

/** The business's surveys (`survey/getall`) with their NPS. */
export function useSurveys(businessId: number) {
  const { client } = useSalondeskContext('useSurveys');
  return useQuery({ ...campaignQueries.surveys(client, businessId), enabled: valid(businessId) });
}

/** A survey's results: overall, per score, per staff member and per service. */
export function useSurveyResults(businessId: number, surveyId: number) {
  const { client } = useSalondeskContext('useSurveyResults');
  return useQuery({ ...campaignQueries.surveyResults(client, businessId, surveyId), enabled: valid(businessId) && valid(surveyId) });
}

/** Creates a survey, or changes one (`surveyId` given). */
export function useSurveyChange(businessId: number) {
  const { client } = useSalondeskContext('useSurveyChange');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { surveyId?: number; name?: string; question?: string; active?: boolean }): Promise<Survey> => {
      const { surveyId, ...body } = change;
      return surveyId === undefined ? client.campaigns.surveys.create({ businessId }, { name: body.name ?? '', question: body.question }) : client.campaigns.surveys.update({ businessId, surveyId }, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignQueries.business(businessId) }),
  });
}

/** The public survey page: the question, and answering it once. */
export function usePublicSurvey(token: string) {
  const { client } = useSalondeskContext('usePublicSurvey');
  const queryClient = useQueryClient();
  const survey = useQuery({ ...campaignQueries.publicSurvey(client, token), enabled: token.length > 0 });
  const answer = useMutation({
    mutationFn: (body: SurveyAnswer) => client.campaigns.public.answer(token, body),
    onSuccess: (data) => queryClient.setQueryData(campaignQueries.publicSurvey(client, token).queryKey, data),
  });
  return { survey, answer };
}

/** The public unsubscribe page: whose address, and unsubscribing. */
export function usePublicUnsubscribe(token: string) {
  const { client } = useSalondeskContext('usePublicUnsubscribe');
  const queryClient = useQueryClient();
  const info = useQuery({ ...campaignQueries.publicUnsubscribe(client, token), enabled: token.length > 0 });
  const unsubscribe = useMutation({
    mutationFn: () => client.campaigns.public.unsubscribe(token),
    onSuccess: (data) => queryClient.setQueryData(campaignQueries.publicUnsubscribe(client, token).queryKey, data),
  });
  return { info, unsubscribe };
}

/** The location's segments a campaign can go to (id and name). */
export function useCampaignSegmentChoices(businessId: number) {
  const { client } = useSalondeskContext('useCampaignSegmentChoices');
  return useQuery({ ...campaignQueries.segmentChoices(client, businessId), enabled: valid(businessId) });
}
