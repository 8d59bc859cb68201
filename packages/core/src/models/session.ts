import { z } from 'zod/mini';
import { businessSummary } from './business';
import { id } from './ids';
import { user } from './user';

/** Who is signed in and which businesses they may open. */
export const session = z.object({
  user,
  businesses: z.array(businessSummary),
});
export type Session = z.infer<typeof session>;

/**
 * The answer to a platform admin's correct password: no session yet, a 6-digit code was sent to
 * their email, and `POST /login/{uid}/dashboard/otp` with this `key` and the code completes
 * sign-in.
 */
export const otpChallenge = z.object({
  otpRequired: z.literal(true),
  uid: id,
  key: z.string().check(z.minLength(1)),
});
export type OtpChallenge = z.infer<typeof otpChallenge>;

/** What `POST /login` answers: the session, or the admin code challenge. */
export const loginResult = z.union([otpChallenge, session]);
export type LoginResult = z.infer<typeof loginResult>;

export const isOtpChallenge = (result: LoginResult): result is OtpChallenge => 'otpRequired' in result && result.otpRequired === true;
