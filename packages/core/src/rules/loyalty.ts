/**
 * Loyalty (spec 001 §5, §9): the points threshold sets the number of star slots; the percent is
 * the current points over the threshold. Points must be a non-negative number, else the request
 * is refused with `Request could not be fulfilled at this time.`
 */

/** The default points threshold when a business has none set. */
export const DEFAULT_LOYALTY_THRESHOLD = 10;

export interface LoyaltyProgress {
  points: number;
  threshold: number;
  /** Star slots: the threshold, one slot per point of it (spec 001 §9; no cap). */
  slots: number;
  /** Filled stars: one per point, at most `slots`. */
  stars: number;
  /** points / threshold × 100, floored, capped at 100. */
  percent: number;
  /** Rewards earned so far: whole thresholds reached. */
  rewards: number;
}

export type LoyaltyResult = { ok: true; value: LoyaltyProgress } | { ok: false };

export function loyaltyProgress(points: number, threshold: number | null | undefined): LoyaltyResult {
  if (typeof points !== 'number' || !Number.isFinite(points) || points < 0) return { ok: false };
  const t = typeof threshold === 'number' && Number.isFinite(threshold) && threshold >= 1 ? Math.floor(threshold) : DEFAULT_LOYALTY_THRESHOLD;
  const slots = t;
  return {
    ok: true,
    value: {
      points,
      threshold: t,
      slots,
      stars: Math.min(slots, Math.floor(points + 1e-9)),
      percent: Math.min(100, Math.floor((points * 100) / t + 1e-9)),
      rewards: Math.floor(points / t),
    },
  };
}

/** Points a sale earns: whole currency units of the amount times points per dollar (floored). */
export const pointsEarned = (amountCents: number, pointsPerDollar: number): number =>
  amountCents <= 0 || !(pointsPerDollar > 0) ? 0 : Math.floor((Math.floor(amountCents / 100) * pointsPerDollar) + 1e-9);
