import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { session } from '../models/session';
import { hashPassword, PASSWORD_HASH_PATTERN } from '../rules/password';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/** A password after the client-side transform: 64 lowercase hex characters. */
export const passwordHash = z.string().check(z.regex(PASSWORD_HASH_PATTERN, { error: 'Password must be sent hashed' }));

export const authEndpoints = {
  login: defineEndpoint({
    name: 'auth.login',
    method: 'POST',
    path: '/login',
    access: 'public',
    body: z.object({
      username: z.string().check(z.trim(), z.minLength(1, { error: 'Enter your username or email' }), z.maxLength(254)),
      password: passwordHash,
    }),
    response: session,
    errorMessage: MESSAGES.requestFailed,
    successMessage: MESSAGES.loggedIn,
  }),
  logout: defineEndpoint({
    name: 'auth.logout',
    method: 'GET',
    path: '/logout',
    access: 'public',
    response: z.object({ loggedOut: z.boolean() }),
    errorMessage: MESSAGES.requestFailed,
  }),
  checkStatus: defineEndpoint({
    name: 'auth.checkStatus',
    method: 'GET',
    path: '/protected/user/{id}/checkstatus',
    access: 'user',
    params: z.object({ id }),
    response: session,
    errorMessage: MESSAGES.requestFailed,
  }),
} as const;

export function authClient(transport: Transport) {
  return {
    /** Signs in with a username (or email) and the plain password, which is hashed here first. */
    async login(input: { username: string; password: string }) {
      const password = await hashPassword(input.password);
      return transport.request(authEndpoints.login, { body: { username: input.username, password } });
    },
    logout: () => transport.request(authEndpoints.logout, {}),
    /** The current session of user `id`; fails with `Please log in to continue.` when it is over. */
    checkStatus: (userId: number) => transport.request(authEndpoints.checkStatus, { params: { id: userId } }),
  };
}
