import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { businessInfo } from '../models/business';
import { businessInfoChanges, type BusinessInfoChanges } from '../models/businessInfoChanges';
import { id } from '../models/ids';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/**
 * The business info a location edits on its settings screen (spec 001 §3). Its own area, not the
 * sign-in client's `businesses`: the login screen's bundle does not carry it.
 */
export const businessInfoEndpoints = {
  /**
   * Changes the business info of spec 001 §3 that the settings screen edits: the web payment
   * provider (the epay settings' one column), the loyalty points threshold, points per dollar and
   * the payment information. Answers the business info after the change.
   */
  update: defineEndpoint({
    name: 'businessInfo.update',
    method: 'POST',
    path: '/protected/business/{id}/businessinfo/update',
    access: 'business',
    permission: 'setting.editsetting',
    params: z.object({ id }),
    body: businessInfoChanges,
    response: businessInfo,
    errorMessage: MESSAGES.failedToUpdateSetting,
    successMessage: MESSAGES.businessInfoUpdated,
  }),
} as const;

export function businessInfoClient(transport: Transport) {
  return {
    /** Changes the web payment provider, the loyalty threshold, points per dollar or the payment information (`businessinfo/update`). */
    update: (businessId: number, changes: BusinessInfoChanges) => transport.request(businessInfoEndpoints.update, { params: { id: businessId }, body: changes }),
  };
}
