import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { businessSummary } from '../models/business';
import { instant } from '../models/ids';
import { text } from '../models/input';
import { user } from '../models/user';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/** How many users one look-up answers at most. */
export const USER_LOOKUP_LIMIT = 25;

/** A user as the platform admin's look-up shows them: who, what they may do, where, and when last seen. */
export const userLookup = z.object({
  user,
  disabled: z.boolean(),
  created_at: instant,
  /** The last use of any of their sessions; null: never signed in (or every session has ended). */
  last_seen_at: z.nullable(instant),
  /** Every business, for a platform admin. */
  allBusinesses: z.boolean(),
  /** The businesses they may open (none listed for a platform admin: all of them). */
  businesses: z.array(businessSummary),
});
export type UserLookup = z.infer<typeof userLookup>;

export const userEndpoints = {
  /**
   * The platform admin's look-up of a user across businesses (the `getuser` screen, spec 000 §2):
   * by id, or by part of a name, username or email; at most `USER_LOOKUP_LIMIT`, best matches first.
   */
  lookup: defineEndpoint({
    name: 'users.lookup',
    method: 'GET',
    path: '/protected/admin/getuser',
    access: 'admin',
    query: z.object({
      q: text(254, { trim: true, min: 1, tooShort: MESSAGES.userSearchTooShort }).check(
        z.refine((q) => /^\d+$/.test(q) || q.length >= 2, { error: MESSAGES.userSearchTooShort }),
      ),
    }),
    response: z.array(userLookup),
    errorMessage: MESSAGES.failedToFetchData,
  }),
} as const;

export function usersClient(transport: Transport) {
  return {
    /** Users matching `q` (an id, or part of a name, username or email), with the businesses each may open. */
    lookup: (q: string) => transport.request(userEndpoints.lookup, { query: { q } }),
  };
}
