import { fromZonedTime } from 'date-fns-tz';
import { MESSAGES, suspendedSince, suspensionOwedToKeep, suspensionOwedToRestore, suspensionReason, suspensionScheduledOn } from '../messages';
import { SUSPENSION_STATE } from '../models/billing';
import type { Suspension } from '../models/suspension';
import type { SupportContact, SuspensionStatus } from '../models/suspensionStatus';
import { suspensionState } from './billing';

/**
 * Account suspension (spec 001 §4): no date means not suspended; a future date means will be
 * suspended; a past date means suspended (billing's `suspensionState`, one rule). The stored date
 * (`businesses.suspended_after`) is a day in the business's time zone, and the suspension starts
 * at the beginning of that day there.
 */

/** The instant a suspension day starts in the business's time zone (midnight there; DST days included). */
export const suspensionStart = (day: string, timeZone: string): Date => fromZonedTime(`${day}T00:00:00`, timeZone);

/** The suspension of a business (spec 001 §3's three fields, and the reason the admin gave) at instant `now`. */
export function suspensionOf(business: { suspended_after: string | null; timezone: string; suspension_reason?: string | null }, now: Date): Suspension {
  const day = business.suspended_after;
  const state = suspensionState(day === null ? null : suspensionStart(day, business.timezone), now);
  return {
    isSuspended: state === SUSPENSION_STATE.SUSPENDED,
    willBeSuspended: state === SUSPENSION_STATE.WILL_BE_SUSPENDED,
    suspended_after: day,
    reason: day === null ? null : (business.suspension_reason ?? null),
  };
}

/** What a business owes on its open (unpaid or failed) invoices: each one's total less what was paid on it, never below zero. */
export const balanceDue = (invoices: readonly { total: number; paid: number }[]): number => invoices.reduce((sum, i) => sum + Math.max(0, i.total - i.paid), 0);

/** The next step a suspension notice offers: pay what is owed, or ask the platform's support. */
export type SuspensionNextStep =
  | { kind: 'pay'; text: string; amount: number; invoice_id: number | null }
  | { kind: 'contact'; text: string; contact: SupportContact };

/** A suspension as its business's users read it, each thing once: since when (or from when), why, and what to do next. */
export interface SuspensionNotice {
  title: string;
  reason: string | null;
  next: SuspensionNextStep;
}

/**
 * What the banner and the billing-only view say of a suspension (issue 28), in the business's
 * formats (`day`, `money`): since when it is suspended (or the day it will be), the reason the admin
 * gave, and what to do — pay what its invoices owe (`$129.00 is owed on 1 invoice: paying restores
 * access.`), or, with nothing owed, contact the platform's support. Null when it is not suspended
 * and will not be.
 */
export function suspensionNotice(status: SuspensionStatus, format: { day: (day: string) => string; money: (cents: number) => string }): SuspensionNotice | null {
  const { suspension, owed, contact } = status;
  const day = suspension.suspended_after;
  if (day === null || (!suspension.isSuspended && !suspension.willBeSuspended)) return null;
  const title = suspension.isSuspended ? suspendedSince(format.day(day)) : suspensionScheduledOn(format.day(day));
  const reason = suspension.reason ? suspensionReason(suspension.reason) : null;
  if (owed.amount > 0) {
    const amount = format.money(owed.amount);
    const text = suspension.isSuspended ? suspensionOwedToRestore(amount, owed.invoices) : suspensionOwedToKeep(amount, owed.invoices);
    return { title, reason, next: { kind: 'pay', text, amount: owed.amount, invoice_id: owed.invoice_id } };
  }
  return { title, reason, next: { kind: 'contact', text: suspension.isSuspended ? MESSAGES.suspensionNothingOwedToRestore : MESSAGES.suspensionNothingOwedScheduled, contact } };
}

/**
 * What the users of a suspended business may still reach (spec 000 §1: "only billing, to pay"),
 * enforced by the server on every business-scoped call and followed by the dashboard's routes:
 * billing calls (every `billing.*` endpoint and export, any path under `/billing`), the business
 * itself (its name, time zone and this suspension, for the shell), the suspension's status (what
 * is owed, whom to contact: the banner) and the saved layouts of the billing screens' tables.
 * Platform admins are never held back.
 */
export const REACHABLE_WHEN_SUSPENDED: readonly string[] = ['businesses.detail', 'suspension.status', 'tableSettings.get', 'tableSettings.update'];

export function reachableWhenSuspended(call: { name: string; path: string }): boolean {
  if (REACHABLE_WHEN_SUSPENDED.includes(call.name)) return true;
  if (/^billing[A-Z.]/.test(call.name) || call.name.startsWith('exports.billing')) return true;
  return /\/billing(v2)?(\/|\?|$)/.test(call.path);
}

/** The dashboard paths (below `/{businessId}/`) a suspended business's users may open: billing and `billingv2`. */
export const reachableScreenWhenSuspended = (subPath: string): boolean => /^billing(v2)?(\/|$)/.test(subPath);
