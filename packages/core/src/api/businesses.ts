import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { business, businessSummary } from '../models/business';
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
} as const;

export function businessesClient(transport: Transport) {
  return {
    /** One business, as user `userId` sees it. */
    get: (userId: number, businessId: number) =>
      transport.request(businessEndpoints.detail, { params: { uid: userId, id: businessId } }),
    /** Every business on the platform (admins only). */
    listAll: () => transport.request(businessEndpoints.adminList, {}),
  };
}
