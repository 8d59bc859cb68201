import { type AdHocQuery, embedRefreshDelay, type ReportParameterValues, type ReportSource, type SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers of the questions service: cards, their runs, and embed addresses. */
export const questionQueries = {
  all: () => ['salondesk', 'questions'] as const,
  cards: (businessId: number) => [...questionQueries.all(), businessId, 'cards'] as const,

  list: (client: SalondeskClient, businessId: number) => queryOptions({ queryKey: questionQueries.cards(businessId), queryFn: () => client.questions.list(businessId) }),

  card: (client: SalondeskClient, businessId: number, cardId: number) =>
    queryOptions({ queryKey: [...questionQueries.cards(businessId), cardId] as const, queryFn: () => client.questions.get(businessId, cardId) }),

  /** The data sources a card may read in the business (the report engine's `datasources`), for the editor's source picker. */
  dataSources: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...questionQueries.all(), businessId, 'datasources'] as const, queryFn: () => client.reportEngine.dataSources(businessId) }),

  /**
   * A source's parameters as it opens now (the report engine's): defaults resolved for today,
   * choices read from their queries each time (never kept between visits).
   */
  parameters: (client: SalondeskClient, businessId: number, source: ReportSource) =>
    queryOptions({
      queryKey: [...questionQueries.all(), businessId, 'parameters', source] as const,
      queryFn: () => (source.kind === 'function' ? client.reportEngine.params(businessId, source.name) : client.reportEngine.dataSourceParams(businessId, source.id)),
      staleTime: 0,
      gcTime: 0,
    }),

  /** A saved card's run (with parameter overrides); kept until the card changes. */
  run: (client: SalondeskClient, businessId: number, cardId: number, params: ReportParameterValues = {}) =>
    queryOptions({ queryKey: [...questionQueries.cards(businessId), cardId, 'run', params] as const, queryFn: () => client.questions.query(businessId, cardId, params) }),

  /** The editor's preview: the source and values being edited, run as they are. */
  preview: (client: SalondeskClient, businessId: number, query: AdHocQuery) =>
    queryOptions({ queryKey: [...questionQueries.all(), businessId, 'preview', query] as const, queryFn: () => client.questions.adHoc(businessId, query) }),

  /**
   * The signed address of an embed report: asked again before it expires (a minute early), so
   * the frame never shows an expired token; never cached between visits.
   */
  embed: (client: SalondeskClient, businessId: number, reportId: number, now: () => Date = () => new Date()) =>
    queryOptions({
      queryKey: [...questionQueries.all(), businessId, 'embed', reportId] as const,
      queryFn: () => client.questions.embed(businessId, reportId),
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchInterval: (query) => (query.state.data ? embedRefreshDelay(query.state.data.expires_at, now()) : false),
      refetchIntervalInBackground: true,
    }),
};
