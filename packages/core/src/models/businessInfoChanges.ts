import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { boundedInt, text } from './input';
import { paymentProvider } from './transaction';

/** The most a points threshold may be (spec 001 §9 loyalty). */
export const LOYALTY_THRESHOLD_MAX = 10_000;
/** The most points per dollar a location may give. */
export const POINTS_PER_DOLLAR_MAX = 1_000;
/** The longest payment information. */
export const PAY_INFO_MAX = 1_000;

/**
 * What `businessinfo/update` changes of the business info (spec 001 §3): the web payment
 * provider, the loyalty threshold and points per dollar, the payment information. Each field is
 * optional; at least one is given.
 */
export const businessInfoChanges = z
  .object({
    webpaymentProvider: z.optional(z.nullable(paymentProvider)),
    loyaltyPointsThreshold: z.optional(boundedInt(1, LOYALTY_THRESHOLD_MAX, { notANumber: MESSAGES.loyaltyThresholdInvalid, tooSmall: MESSAGES.loyaltyThresholdInvalid, tooLarge: MESSAGES.loyaltyThresholdInvalid })),
    pointsPerDollar: z.optional(
      z.number({ error: MESSAGES.pointsPerDollarInvalid }).check(
        z.minimum(0, { error: MESSAGES.pointsPerDollarInvalid }),
        z.maximum(POINTS_PER_DOLLAR_MAX, { error: MESSAGES.pointsPerDollarInvalid }),
        z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: MESSAGES.pointsPerDollarInvalid }),
      ),
    ),
    payInfo: z.optional(z.nullable(text(PAY_INFO_MAX, { trim: true, tooLong: MESSAGES.payInfoTooLong }))),
  })
  .check(z.refine((v) => Object.values(v).some((x) => x !== undefined), { error: MESSAGES.nothingToChange }));
export type BusinessInfoChanges = z.input<typeof businessInfoChanges>;
