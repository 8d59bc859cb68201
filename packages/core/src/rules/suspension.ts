import { fromZonedTime } from 'date-fns-tz';
import { SUSPENSION_STATE } from '../models/billing';
import type { Suspension } from '../models/suspension';
import { suspensionState } from './billing';

/**
 * Account suspension (spec 001 §4): no date means not suspended; a future date means will be
 * suspended; a past date means suspended (billing's `suspensionState`, one rule). The stored date
 * (`businesses.suspended_after`) is a day in the business's time zone, and the suspension starts
 * at the beginning of that day there.
 */

/** The instant a suspension day starts in the business's time zone (midnight there; DST days included). */
export const suspensionStart = (day: string, timeZone: string): Date => fromZonedTime(`${day}T00:00:00`, timeZone);

/** The suspension of a business (spec 001 §3's three fields) at instant `now`. */
export function suspensionOf(business: { suspended_after: string | null; timezone: string }, now: Date): Suspension {
  const day = business.suspended_after;
  const state = suspensionState(day === null ? null : suspensionStart(day, business.timezone), now);
  return {
    isSuspended: state === SUSPENSION_STATE.SUSPENDED,
    willBeSuspended: state === SUSPENSION_STATE.WILL_BE_SUSPENDED,
    suspended_after: day,
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
