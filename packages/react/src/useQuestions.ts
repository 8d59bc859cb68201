import type { AdHocQuery, NewQuestionCard, QuestionCardChanges, ReportParameterValues, ReportSource } from '@salondesk/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { questionQueries } from './questionQueries';
import { useSalondeskContext } from './SalondeskProvider';

/** The saved questions (cards) of a business. */
export function useQuestionCards(businessId: number) {
  const { client } = useSalondeskContext('useQuestionCards');
  return useQuery({ ...questionQueries.list(client, businessId), enabled: businessId > 0 });
}

/** One card; `cardId` null (a new card) asks nothing. */
export function useQuestionCard(businessId: number, cardId: number | null) {
  const { client } = useSalondeskContext('useQuestionCard');
  return useQuery({ ...questionQueries.card(client, businessId, cardId ?? 0), enabled: businessId > 0 && cardId !== null });
}

/** A saved card's result, with parameter overrides. */
export function useQuestionRun(businessId: number, cardId: number | null, params: ReportParameterValues = {}) {
  const { client } = useSalondeskContext('useQuestionRun');
  return useQuery({ ...questionQueries.run(client, businessId, cardId ?? 0, params), enabled: businessId > 0 && cardId !== null });
}

/**
 * The editor's live preview of a source with its values (null: nothing chosen yet). The previous
 * result stays on screen while the next one loads, so the preview does not flash empty.
 */
export function useQuestionPreview(businessId: number, query: AdHocQuery | null) {
  const { client } = useSalondeskContext('useQuestionPreview');
  return useQuery({
    ...questionQueries.preview(client, businessId, query ?? { source: { kind: 'function', name: 'none' } }),
    enabled: businessId > 0 && query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Adds a card (`create`) or changes one (`id` and `changes`); the cards refetch. */
export function useSaveQuestionCard(businessId: number) {
  const { client } = useSalondeskContext('useSaveQuestionCard');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { create: NewQuestionCard } | { id: number; changes: QuestionCardChanges }) =>
      'create' in input ? client.questions.add(businessId, input.create) : client.questions.update(businessId, input.id, input.changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionQueries.cards(businessId) }),
  });
}

/** Deletes a card; the cards refetch. */
export function useDeleteQuestionCard(businessId: number) {
  const { client } = useSalondeskContext('useDeleteQuestionCard');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) => client.questions.remove(businessId, cardId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionQueries.cards(businessId) }),
  });
}

/** The signed address of an embed report, renewed before it expires. */
export function useEmbedAddress(businessId: number, reportId: number) {
  const { client } = useSalondeskContext('useEmbedAddress');
  return useQuery({ ...questionQueries.embed(client, businessId, reportId), enabled: businessId > 0 && reportId > 0 });
}

/** The data sources a card may read in a business. */
export function useQuestionDataSources(businessId: number) {
  const { client } = useSalondeskContext('useQuestionDataSources');
  return useQuery({ ...questionQueries.dataSources(client, businessId), enabled: businessId > 0 });
}

/** The parameters of a source as it opens now (defaults for today, fresh choices); null asks nothing. */
export function useSourceParameters(businessId: number, source: ReportSource | null) {
  const { client } = useSalondeskContext('useSourceParameters');
  return useQuery({ ...questionQueries.parameters(client, businessId, source ?? { kind: 'function', name: 'none' }), enabled: businessId > 0 && source !== null });
}
