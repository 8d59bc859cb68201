import type { Suspension } from '../models/suspension';
import { todayIn } from './scheduleTime';

/**
 * Account suspension (spec 001 §4): no date means not suspended; a future date means will be
 * suspended; a past date means suspended. The date is a day in the business's time zone and the
 * suspension starts at the beginning of that day there, so "past" is "today or earlier".
 */
export const SUSPENSION_STATE = { active: 'active', willBeSuspended: 'willBeSuspended', suspended: 'suspended' } as const;
export type SuspensionState = (typeof SUSPENSION_STATE)[keyof typeof SUSPENSION_STATE];

/** The state of a business with suspension day `suspendedAfter` (or none) on `today` (its own day). */
export function suspensionStateOn(suspendedAfter: string | null, today: string): SuspensionState {
  if (suspendedAfter === null) return SUSPENSION_STATE.active;
  return suspendedAfter <= today ? SUSPENSION_STATE.suspended : SUSPENSION_STATE.willBeSuspended;
}

/** The suspension of a business (spec 001 §3's three fields) at instant `now`, read in its time zone. */
export function suspensionOf(business: { suspended_after: string | null; timezone: string }, now: Date): Suspension {
  const state = suspensionStateOn(business.suspended_after, todayIn(business.timezone, now));
  return {
    isSuspended: state === SUSPENSION_STATE.suspended,
    willBeSuspended: state === SUSPENSION_STATE.willBeSuspended,
    suspended_after: business.suspended_after,
  };
}

/**
 * What the users of a suspended business may still reach (spec 000 §1: "only billing, to pay"),
 * enforced by the server on every business-scoped call and followed by the dashboard's routes:
 * billing calls (every `billing.*` endpoint and export, any path under `/billing`), the business
 * itself (its name, time zone and this suspension, for the shell and the banner) and the saved
 * layouts of the billing screens' tables. Platform admins are never held back.
 */
export const REACHABLE_WHEN_SUSPENDED: readonly string[] = ['businesses.detail', 'tableSettings.get', 'tableSettings.update'];

export function reachableWhenSuspended(call: { name: string; path: string }): boolean {
  if (REACHABLE_WHEN_SUSPENDED.includes(call.name)) return true;
  if (/^billing[A-Z.]/.test(call.name) || call.name.startsWith('exports.billing')) return true;
  return /\/billing(v2)?(\/|\?|$)/.test(call.path);
}

/** The dashboard paths (below `/{businessId}/`) a suspended business's users may open: billing and `billingv2`. */
export const reachableScreenWhenSuspended = (subPath: string): boolean => /^billing(v2)?(\/|$)/.test(subPath);
