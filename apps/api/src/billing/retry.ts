import { BILLING_MAX_ATTEMPTS } from '@salondesk/core';

/** How failed charges are retried (spec 000 §9 "billing setting constant 3"). */
export interface BillingRetrySettings {
  /** Attempts of an invoice before it stays failed (default 3). */
  maxAttempts: number;
  /** Days after the n-th failed attempt before the next one (`[3, 4]`: the 2nd 3 days after the 1st, the 3rd 4 days after the 2nd); the last value repeats. */
  retryAfterDays: readonly number[];
}

export const DEFAULT_BILLING_RETRY: BillingRetrySettings = { maxAttempts: BILLING_MAX_ATTEMPTS, retryAfterDays: [3, 4] };

const DAY_MS = 86_400_000;

/** When the attempt after the `attempts`-th (failed at `failedAt`) is due, or null when none is left. */
export function nextAttemptAt(attempts: number, failedAt: Date, settings: BillingRetrySettings): Date | null {
  if (attempts >= settings.maxAttempts) return null;
  const days = settings.retryAfterDays;
  const wait = days[Math.min(attempts - 1, days.length - 1)] ?? 1;
  return new Date(failedAt.getTime() + wait * DAY_MS);
}

/** Reads `SALONDESK_BILLING_ATTEMPTS` (1–10) and `SALONDESK_BILLING_RETRY_DAYS` (`3,4`: whole days, 1–60). */
export function billingRetryFromEnv(env: NodeJS.ProcessEnv = process.env): BillingRetrySettings {
  const attempts = env.SALONDESK_BILLING_ATTEMPTS?.trim();
  const days = env.SALONDESK_BILLING_RETRY_DAYS?.trim();
  const maxAttempts = attempts ? Number(attempts) : DEFAULT_BILLING_RETRY.maxAttempts;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 10) throw new Error(`SALONDESK_BILLING_ATTEMPTS must be a whole number from 1 to 10, got "${attempts}"`);
  const retryAfterDays = days ? days.split(',').map((d) => Number(d.trim())) : DEFAULT_BILLING_RETRY.retryAfterDays;
  if (retryAfterDays.length === 0 || retryAfterDays.some((d) => !Number.isInteger(d) || d < 1 || d > 60)) {
    throw new Error(`SALONDESK_BILLING_RETRY_DAYS must be whole numbers of days from 1 to 60 separated by commas (3,4), got "${days}"`);
  }
  return { maxAttempts, retryAfterDays };
}
