import { type BusinessTarget, type Currency, formatBillingAmount, INVOICE_STATUS_LABEL, type InvoiceStatus, isAdmin, SUBSCRIPTION_STATE_LABEL, type SubscriptionState, type UserTarget } from '@salondesk/core';
import { useSession } from '@salondesk/react';
import { useMemo } from 'react';
import type { StatusTone } from '../../ui/StatusBadge';

/** Where the billing calls of a screen run: the business (with the signed-in user as `uid`) and the signed-in user. */
export function useBillingTargets(businessId: number): { business: BusinessTarget | null; user: UserTarget | null; admin: boolean; userId: number | null } {
  const user = useSession().session?.user;
  return useMemo(() => {
    if (!user) return { business: null, user: null, admin: false, userId: null };
    return { business: Number.isInteger(businessId) && businessId > 0 ? { businessId, uid: user.id } : null, user: { userId: user.id }, admin: isAdmin(user), userId: user.id };
  }, [user, businessId]);
}

const INVOICE_TONE: Record<InvoiceStatus, StatusTone> = {
  unpaid: 'warning',
  paid: 'success',
  pending: 'info',
  fail: 'danger',
  withdrawn: 'neutral',
  paused: 'neutral',
  queued: 'info',
  refund: 'neutral',
  alternate: 'info',
};

/** An invoice status's badge: its label (`alternate` → "Alternate Arrangement") and a colour. */
export const invoiceBadge = (status: InvoiceStatus) => ({ label: INVOICE_STATUS_LABEL[status], tone: INVOICE_TONE[status] });

const STATE_TONE: Record<SubscriptionState, StatusTone> = { active: 'success', paused: 'warning', alternate: 'info', withdrawn: 'neutral' };
export const subscriptionBadge = (state: SubscriptionState) => ({ label: SUBSCRIPTION_STATE_LABEL[state], tone: STATE_TONE[state] });

/** Money of an invoice in its own currency (spec 000 §9: symbol plus hundredths with two decimals). */
export const money = (cents: number, currency: Currency) => formatBillingAmount(cents, currency);

/** The business day of an instant, as the lists show it (`2026-03-01`). */
export const dayOf = (instant: string) => instant.slice(0, 10);

/** The address of an invoice's detail. */
export const invoicePath = (businessId: number, invoiceId: number) => `/${businessId}/billing/invoices/${invoiceId}`;

type Issue = { path: readonly PropertyKey[]; message: string };
type Parser<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } } };

/**
 * Checks a request body with its dest's own schema before sending (CONTRIBUTING: a form checks
 * itself with the request's schema): the parsed body, or each field's first problem, keyed by the
 * field's name (a line's `description` under `description`).
 */
export function checkBody<T>(schema: Parser<T> | undefined, value: unknown): { ok: true; data: T } | { ok: false; problems: Record<string, string> } {
  if (!schema) return { ok: true, data: value as T };
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const names = issue.path.filter((p): p is string => typeof p === 'string');
    const field = names[names.length - 1] ?? '';
    problems[field] ??= issue.message;
  }
  return { ok: false, problems };
}
