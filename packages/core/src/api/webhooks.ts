import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id } from '../models/ids';
import { count, text } from '../models/input';
import { paymentProvider } from '../models/transaction';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/** What a replay of logged provider webhooks ran: events replayed, then how many processed and failed. */
export const webhookReplayResult = z.object({ replayed: count, processed: count, failed: count });
export type WebhookReplayResult = z.infer<typeof webhookReplayResult>;

/** Which logged events to replay; nothing given replays every one. Days are UTC days of receipt. */
export const webhookReplayFilter = z.object({
  /** Log ids (`webhook_events.id`). */
  ids: z.optional(z.array(id).check(z.maxLength(1000))),
  provider: z.optional(paymentProvider),
  /** The normalised event type (`payout.paid`). */
  type: z.optional(text(100, { min: 1 })),
  since: z.optional(day),
  until: z.optional(day),
  /** Only the events whose handlers failed. */
  failed_only: z.optional(z.boolean()),
});
export type WebhookReplayFilter = z.infer<typeof webhookReplayFilter>;

export const webhookEndpoints = {
  replay: defineEndpoint({
    name: 'webhooks.replay',
    method: 'POST',
    path: '/protected/admin/webhooks/replay',
    access: 'admin',
    body: webhookReplayFilter,
    response: webhookReplayResult,
    errorMessage: MESSAGES.requestNotFulfilled,
  }),
} as const;

export function webhooksClient(transport: Transport) {
  return {
    /** Runs the handlers of logged payment-provider webhooks again (admins only): `replay({ type: 'payout.paid', since: '2026-01-01' })`. */
    replay: (filter: WebhookReplayFilter = {}) => transport.request(webhookEndpoints.replay, { body: filter }),
  };
}
