import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { business, businessSummary, reportSettings } from '../models/business';
import { OFFERABLE_REPORT_SLUGS } from '../rules/reportSlugs';
import { id } from '../models/ids';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

export const businessEndpoints = {
  detail: defineEndpoint({
    name: 'businesses.detail',
    method: 'GET',
    path: '/protected/user/{uid}/business/{id}/detail',
    access: 'business',
    params: z.object({ uid: id, id }),
    response: business,
    errorMessage: MESSAGES.failedToFetchBusinessData,
  }),
  adminList: defineEndpoint({
    name: 'businesses.adminList',
    method: 'GET',
    path: '/protected/admin/businesses',
    access: 'admin',
    response: z.array(businessSummary),
    errorMessage: MESSAGES.failedToFetchBusinessData,
  }),
  updateReportSettings: defineEndpoint({
    name: 'businesses.updateReportSettings',
    method: 'POST',
    path: '/protected/business/{id}/reportsettings/update',
    access: 'business',
    permission: 'setting.editsetting',
    params: z.object({ id }),
    /** Whether the location offers reports at all, and which daily and period reports (slugs of spec 000 §2, each once). */
    body: reportSettingsInput(),
    response: reportSettings,
    errorMessage: MESSAGES.failedToUpdateSetting,
  }),
} as const;

function reportSettingsInput() {
  return z.object({
    enabled: z.boolean(),
    reports: z
      .array(z.enum(OFFERABLE_REPORT_SLUGS as [string, ...string[]], { error: 'Must be a daily or period report of this list' }))
      .check(
        z.maxLength(OFFERABLE_REPORT_SLUGS.length),
        z.refine((slugs) => new Set(slugs).size === slugs.length, { error: 'Each report may be listed once' }),
      ),
  });
}

export function businessesClient(transport: Transport) {
  return {
    /** One business, as user `userId` sees it. */
    get: (userId: number, businessId: number) =>
      transport.request(businessEndpoints.detail, { params: { uid: userId, id: businessId } }),
    /** Every business on the platform (admins only). */
    listAll: () => transport.request(businessEndpoints.adminList, {}),
    /** Turns a location's reports on or off, and picks the daily and period reports it offers. */
    updateReportSettings: (businessId: number, body: { enabled: boolean; reports: string[] }) =>
      transport.request(businessEndpoints.updateReportSettings, { params: { id: businessId }, body }),
  };
}
