import { z } from 'zod/mini';
import { isApiError } from '../errors';
import { MESSAGES } from '../messages';
import { id, instant } from '../models/ids';
import { text, wholeNumber } from '../models/input';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

export const OUTBOX_CHANNEL = { EMAIL: 'email', SMS: 'sms' } as const;
export type OutboxChannel = (typeof OUTBOX_CHANNEL)[keyof typeof OUTBOX_CHANNEL];
export const OUTBOX_CHANNEL_LABEL: Record<OutboxChannel, string> = { email: 'Email', sms: 'SMS' };

/** One message the server sent (or tried to): sign-in codes, reset links. */
export const outboxMessage = z.object({
  id,
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.nullable(z.string()),
  body: z.string(),
  /** What caused it, opaque (for an admin code: the SHA-256 hex of the challenge key). */
  ref: z.nullable(z.string()),
  /** `recorded` (outbox only), `sent`, or `failed` (the mailer or SMS gateway refused). */
  status: z.string(),
  createdAt: instant,
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxEndpoints = {
  /**
   * The developer outbox: the newest messages first. Exists only while the server runs in demo
   * mode (otherwise 404), so a newcomer can finish a code or reset flow on one machine.
   */
  list: defineEndpoint({
    name: 'outbox.list',
    method: 'GET',
    path: '/dev/outbox/messages',
    access: 'public',
    query: z.object({
      to: z.optional(text(254)),
      ref: z.optional(text(128)),
      limit: z.optional(wholeNumber(0, 200)),
    }),
    response: z.array(outboxMessage),
    errorMessage: MESSAGES.failedToFetchData,
  }),
} as const;

export function outboxClient(transport: Transport) {
  return {
    /** The newest messages, optionally only those to one address or number. */
    list: (query: { to?: string; ref?: string; limit?: number } = {}) => transport.request(outboxEndpoints.list, { query }),
    /** Whether the server offers the developer outbox (demo mode). */
    async available(): Promise<boolean> {
      try {
        await transport.request(outboxEndpoints.list, { query: { limit: 0 } });
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return false;
        throw error;
      }
    },
  };
}
