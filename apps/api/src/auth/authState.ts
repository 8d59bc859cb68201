import type { User } from '@salondesk/core';

/** Who is signed in on a request, and what they were granted. */
export interface AuthState {
  user: User;
  grants: { networkIds: number[]; businessIds: number[] };
  tokenHash: string;
}
