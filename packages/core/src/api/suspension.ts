import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { suspension, suspensionUpdate } from '../models/suspension';
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
} as const;

export function suspensionClient(transport: Transport) {
  return {
    /** Suspends business `businessId` from `date` (a day in its time zone), or lifts it with `null` (admins only). */
    update: (businessId: number, date: string | null) =>
      transport.request(suspensionEndpoints.update, { params: { id: businessId }, body: { date } }),
  };
}
