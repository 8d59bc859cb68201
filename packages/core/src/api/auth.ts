import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { text } from '../models/input';
import { loginResult, session } from '../models/session';
import { hashPassword, PASSWORD_HASH_PATTERN } from '../rules/password';
import { normalizeFullPhone, normalizePhone } from '../rules/phone';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/** A password after the client-side transform: 64 lowercase hex characters. */
export const passwordHash = z.string().check(z.regex(PASSWORD_HASH_PATTERN, { error: 'Password must be sent hashed' }));

/** A one-time code as a person types it: 6 digits. */
export const oneTimePin = z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'Enter the 6-digit code' }));

const login = text(254, { trim: true, min: 1, tooShort: 'Enter your username or email' });
const email = text(254, { trim: true, min: 3, tooShort: 'Enter your email' }).check(z.regex(/^[^\s@]+@[^\s@]+$/, { error: 'Enter your email' }));

export const authEndpoints = {
  /**
   * Password sign-in. Answers the session (and sets the cookie), or for a platform admin the
   * code challenge: no session until `adminOtp` completes it.
   */
  login: defineEndpoint({
    name: 'auth.login',
    method: 'POST',
    path: '/login',
    access: 'public',
    body: z.object({ username: login, password: passwordHash }),
    response: loginResult,
    errorMessage: MESSAGES.requestFailed,
    successMessage: MESSAGES.loggedIn,
  }),
  /** The admin's second step: the code sent to their email, with the challenge's key. */
  adminOtp: defineEndpoint({
    name: 'auth.adminOtp',
    method: 'POST',
    path: '/login/{uid}/dashboard/otp',
    access: 'public',
    params: z.object({ uid: id }),
    body: z.object({ admin: login, key: text(200, { min: 1 }), pin: oneTimePin }),
    response: session,
    errorMessage: MESSAGES.requestFailed,
    successMessage: MESSAGES.loggedIn,
  }),
  /** Sends a code by SMS when the number belongs to an account; answers the same either way. */
  phoneOtpRequest: defineEndpoint({
    name: 'auth.phoneOtpRequest',
    method: 'POST',
    path: '/login/account/otp/request',
    access: 'public',
    body: z.object({
      cc: text(8, { trim: true, min: 1, tooShort: 'Enter the country code' }),
      phone: text(32, { trim: true, min: 1, tooShort: MESSAGES.invalidPhone }),
    }),
    response: z.object({ sent: z.literal(true) }),
    errorMessage: MESSAGES.requestFailed,
    successMessage: MESSAGES.codeSent,
  }),
  /** Signs in with the code sent to `phone` (the complete number, country code first). */
  phoneOtpValidate: defineEndpoint({
    name: 'auth.phoneOtpValidate',
    method: 'POST',
    path: '/login/account/otp/validate',
    access: 'public',
    body: z.object({
      phone: z.string().check(
        z.maxLength(32),
        z.refine((value) => normalizeFullPhone(value) !== null, { error: MESSAGES.invalidPhone }),
      ),
      pin: oneTimePin,
    }),
    response: session,
    errorMessage: MESSAGES.requestFailed,
    successMessage: MESSAGES.loggedIn,
  }),
  /** Emails a reset link when the email belongs to an account; answers the same either way. */
  passwordForgot: defineEndpoint({
    name: 'auth.passwordForgot',
    method: 'POST',
    path: '/password/forgot',
    access: 'public',
    body: z.object({ email }),
    response: z.object({ sent: z.literal(true) }),
    errorMessage: MESSAGES.requestFailed,
    successMessage: MESSAGES.resetLinkSent,
  }),
  /** Sets a new password with the token of a reset link; ends every session of the user. */
  passwordReset: defineEndpoint({
    name: 'auth.passwordReset',
    method: 'POST',
    path: '/password/{token}/reset',
    access: 'public',
    params: z.object({ token: text(200, { min: 1 }) }),
    body: z.object({ email, password: passwordHash }),
    response: z.object({ reset: z.literal(true) }),
    errorMessage: MESSAGES.requestFailed,
    successMessage: MESSAGES.passwordChanged,
  }),
  logout: defineEndpoint({
    name: 'auth.logout',
    method: 'GET',
    path: '/logout',
    access: 'public',
    changesState: true,
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
    /**
     * Signs in with a username (or email) and the plain password, which is hashed here first.
     * Resolves to the session, or for a platform admin to the code challenge (`isOtpChallenge`).
     */
    async login(input: { username: string; password: string }) {
      const password = await hashPassword(input.password);
      return transport.request(authEndpoints.login, { body: { username: input.username, password } });
    },
    /** Completes an admin's sign-in with the emailed code: `admin` is their username or email. */
    verifyAdminCode: (input: { uid: number; admin: string; key: string; pin: string }) =>
      transport.request(authEndpoints.adminOtp, { params: { uid: input.uid }, body: { admin: input.admin, key: input.key, pin: input.pin } }),
    /** Asks for a code by SMS; resolves the same whether or not the number is known. */
    requestPhoneCode: (input: { cc: string; phone: string }) => transport.request(authEndpoints.phoneOtpRequest, { body: input }),
    /** Signs in with an SMS code; `phone` is normalized here (country code and local number, or the full number). */
    verifyPhoneCode(input: { cc?: string; phone: string; pin: string }) {
      const phone = (input.cc === undefined ? normalizeFullPhone(input.phone) : normalizePhone(input.cc, input.phone)) ?? input.phone;
      return transport.request(authEndpoints.phoneOtpValidate, { body: { phone, pin: input.pin } });
    },
    /** Asks for a reset link; resolves the same whether or not the email is known. */
    forgotPassword: (input: { email: string }) => transport.request(authEndpoints.passwordForgot, { body: input }),
    /** Sets a new password with a reset link's token; the plain password is hashed here first. */
    async resetPassword(input: { token: string; email: string; password: string }) {
      const password = await hashPassword(input.password);
      return transport.request(authEndpoints.passwordReset, { params: { token: input.token }, body: { email: input.email, password } });
    },
    logout: () => transport.request(authEndpoints.logout, {}),
    /** The current session of user `id`; fails with `Please log in to continue.` when it is over. */
    checkStatus: (userId: number) => transport.request(authEndpoints.checkStatus, { params: { id: userId } }),
  };
}
