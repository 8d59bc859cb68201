import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { dashboardCard, dashboardChart, dashboardHome, dashboardKpi, dashboardMetric, periodSnapshotSetting, type PeriodSnapshotSetting } from '../models/dashboard';
import { id } from '../models/ids';
import { text, wholeNumber } from '../models/input';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/** The home dashboard (spec 001 §7 Dashboard). Any user who may see the business may use it. */
const P = '/protected/business/{id}';

export const DASHBOARD_TYPE = { HOME: 'home', CHART: 'chart' } as const;

export const dashboardEndpoints = {
  get: defineEndpoint({
    name: 'dashboard.get',
    method: 'GET',
    path: `${P}/dashboard`,
    access: 'business',
    params: z.object({ id }),
    query: z.object({
      type: z.enum(['home', 'chart']),
      /** Chart only: how many days back, today included. */
      days: z._default(wholeNumber(7, 92, { tooSmall: 'At least 7 days', tooLarge: 'At most 92 days' }), 30),
    }),
    response: z.discriminatedUnion('type', [dashboardHome, dashboardChart]),
    errorMessage: MESSAGES.failedToFetchDataBang,
  }),
  addCard: defineEndpoint({
    name: 'dashboard.addCard',
    method: 'POST',
    path: `${P}/pivotcolumn/dashboardcard/add`,
    access: 'business',
    params: z.object({ id }),
    body: z.object({
      column: dashboardMetric,
      title: z.optional(text(60, { trim: true, min: 1 })),
      /** Where to put it (undoing a removal puts it back where it was); default after the others. */
      order: z.optional(z.int().check(z.minimum(0), z.maximum(10_000))),
    }),
    response: dashboardCard,
    errorMessage: MESSAGES.somethingWentWrong,
    successMessage: MESSAGES.addedSuccessfully,
  }),
  addKpi: defineEndpoint({
    name: 'dashboard.addKpi',
    method: 'POST',
    path: `${P}/dashboardkpi/add`,
    access: 'business',
    params: z.object({ id }),
    body: z.object({ column: text(64, { min: 1, tooShort: 'Choose a KPI' }), global: z._default(z.boolean(), false) }),
    response: dashboardKpi,
    errorMessage: MESSAGES.somethingWentWrong,
    successMessage: MESSAGES.addedSuccessfully,
  }),
  removeCard: defineEndpoint({
    name: 'dashboard.removeCard',
    method: 'POST',
    path: `${P}/dashboardcard-column/delete/{cardId}`,
    access: 'business',
    params: z.object({ id, cardId: id }),
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToDeleteBang,
    successMessage: MESSAGES.deletedSuccessfully,
  }),
  removeKpi: defineEndpoint({
    name: 'dashboard.removeKpi',
    method: 'POST',
    path: `${P}/dashboardkpi-column/delete/{kpiId}`,
    access: 'business',
    params: z.object({ id, kpiId: id }),
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToDeleteBang,
    successMessage: MESSAGES.deletedSuccessfully,
  }),
  /** Hides (or shows again) a card on the signed-in user's own dashboard only. */
  hideCard: defineEndpoint({
    name: 'dashboard.hideCard',
    method: 'POST',
    path: `${P}/dashboardcard-column/hide/{cardId}`,
    access: 'business',
    params: z.object({ id, cardId: id }),
    body: z.object({ hidden: z.boolean() }),
    response: z.object({ id, hidden: z.boolean() }),
    errorMessage: MESSAGES.failedToUpdateBang,
  }),
  /** Hides (or shows again) a KPI on the signed-in user's own dashboard only (a global one in every location). */
  hideKpi: defineEndpoint({
    name: 'dashboard.hideKpi',
    method: 'POST',
    path: `${P}/dashboardkpi-column/hide/{kpiId}`,
    access: 'business',
    params: z.object({ id, kpiId: id }),
    body: z.object({ hidden: z.boolean() }),
    response: z.object({ id, hidden: z.boolean() }),
    errorMessage: MESSAGES.failedToUpdateBang,
  }),
  getPeriodSnapshot: defineEndpoint({
    name: 'dashboard.getPeriodSnapshot',
    method: 'GET',
    path: `${P}/periodsnapshotsetting/get`,
    access: 'business',
    params: z.object({ id }),
    response: periodSnapshotSetting,
    errorMessage: MESSAGES.failedToFetchDataBang,
  }),
  updatePeriodSnapshot: defineEndpoint({
    name: 'dashboard.updatePeriodSnapshot',
    method: 'POST',
    path: `${P}/periodsnapshotsetting/update`,
    access: 'business',
    params: z.object({ id }),
    body: periodSnapshotSetting,
    response: periodSnapshotSetting,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedBang,
  }),
} as const;

export function dashboardClient(transport: Transport) {
  const e = dashboardEndpoints;
  return {
    /** Today, yesterday (whole and up to now) and last month's end compared, the queue, the cards and the KPIs. */
    home: async (businessId: number) => {
      const data = await transport.request(e.get, { params: { id: businessId }, query: { type: 'home' } });
      if (data.type !== 'home') throw new Error('dashboard: expected the home answer');
      return data;
    },
    /** Net sales per day for the last `days` days. */
    chart: async (businessId: number, days = 30) => {
      const data = await transport.request(e.get, { params: { id: businessId }, query: { type: 'chart', days } });
      if (data.type !== 'chart') throw new Error('dashboard: expected the chart answer');
      return data;
    },
    addCard: (businessId: number, body: { column: z.infer<typeof dashboardMetric>; title?: string; order?: number }) =>
      transport.requestWithMessage(e.addCard, { params: { id: businessId }, body }),
    addKpi: (businessId: number, body: { column: string; global?: boolean }) => transport.requestWithMessage(e.addKpi, { params: { id: businessId }, body }),
    removeCard: (businessId: number, cardId: number) => transport.requestWithMessage(e.removeCard, { params: { id: businessId, cardId } }),
    removeKpi: (businessId: number, kpiId: number) => transport.requestWithMessage(e.removeKpi, { params: { id: businessId, kpiId } }),
    /** Hides a card for the signed-in user only (`hidden: false` shows it again). */
    hideCard: (businessId: number, cardId: number, hidden: boolean) => transport.request(e.hideCard, { params: { id: businessId, cardId }, body: { hidden } }),
    /** Hides a KPI for the signed-in user only (`hidden: false` shows it again). */
    hideKpi: (businessId: number, kpiId: number, hidden: boolean) => transport.request(e.hideKpi, { params: { id: businessId, kpiId }, body: { hidden } }),
    periodSnapshot: (businessId: number) => transport.request(e.getPeriodSnapshot, { params: { id: businessId } }),
    updatePeriodSnapshot: (businessId: number, body: PeriodSnapshotSetting) =>
      transport.requestWithMessage(e.updatePeriodSnapshot, { params: { id: businessId }, body }),
  };
}
