import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { suspension, suspensionUpdate } from '../models/suspension';
import { suspensionStatus } from '../models/suspensionStatus';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

export const suspensionEndpoints = {
  /**
   * Sets or lifts a business's suspension (spec 001 §7 "Settings and suspension", an admin path,
   * spec 001 §6): `{ date: 'YYYY-MM-DD' }` suspends it from that day in its time zone (today or
   * earlier: at once), `{ date: null }` lifts it at once. Answers the business's suspension.
   */
  update: defineEndpoint({
    name: 'suspension.update',
    method: 'POST',
    path: '/protected/admin/{id}/suspension/update',
    access: 'admin',
    params: z.object({ id }),
    body: suspensionUpdate,
    response: suspension,
    errorMessage: MESSAGES.failedToUpdateSuspension,
  }),
  /**
   * Salondesk's: what the business's users can do about its suspension (issue 28) — since when and
   * why, what its open invoices owe with the one to pay first, and the platform's support contact
   * for when it owes nothing. Any user of the business, and reachable while it is suspended
   * (`REACHABLE_WHEN_SUSPENDED`).
   */
  status: defineEndpoint({
    name: 'suspension.status',
    method: 'GET',
    path: '/protected/business/{id}/suspension',
    access: 'business',
    params: z.object({ id }),
    response: suspensionStatus,
    errorMessage: MESSAGES.failedToFetchData,
  }),
} as const;

export function suspensionClient(transport: Transport) {
  return {
    /** Suspends business `businessId` from `date` (a day in its time zone) for `reason`, or lifts it with `null` (admins only): `update(1, '2026-12-01', 'Card declined')`. */
    update: (businessId: number, date: string | null, reason?: string | null) =>
      transport.request(suspensionEndpoints.update, { params: { id: businessId }, body: reason === undefined ? { date } : { date, reason } }),
    /** `status(1)`: since when and why business 1 is suspended, what it owes, and whom to contact. */
    status: (businessId: number) => transport.request(suspensionEndpoints.status, { params: { id: businessId } }),
  };
}
