import { clientName, PHONE_TYPE, type PhoneType } from './clientName';
import { TRANSACTION_STATUS, TRANSACTION_STATUS_LABEL, TRANSACTION_STATUSES, type TransactionStatus, type TransactionStatusLabel } from '../models/transactionStatus';

export { TRANSACTION_STATUS, TRANSACTION_STATUS_LABEL, TRANSACTION_STATUSES, type TransactionStatus, type TransactionStatusLabel };
export { PHONE_TYPE, type PhoneType };

/**
 * Transaction (queue entry) rules: statuses and their labels (spec 001 §4), which tickets the
 * detail lists show, what may be done to a ticket, who the customer is (§3 phones), the tender
 * label (§9), how much may still be refunded, and the receipt popup (§5, §9).
 */

/** The label of a status; an unknown status shows as itself. */
export const transactionStatusLabel = (status: string): string =>
  (TRANSACTION_STATUS_LABEL as Record<string, string>)[status] ?? status;

/** The distinct labels, in the order a filter lists them. */
export const TRANSACTION_STATUS_LABELS: readonly TransactionStatusLabel[] = [
  'Completed',
  'In Service',
  'In queue',
  'Deleted after service',
  'Deleted before service',
  'Deleted',
];

/** The statuses that carry a label (a filter on a label matches all of them). */
export const statusesLabelled = (label: string): TransactionStatus[] =>
  TRANSACTION_STATUSES.filter((s) => TRANSACTION_STATUS_LABEL[s] === label);

/** Still open: waiting in the queue or being served. */
export const OPEN_STATUSES: readonly TransactionStatus[] = ['CHECKIN', 'ASSIGNED', 'ACTIVE', 'PAYMENTREADY', 'CHECKOUTREADY'];
export const isOpen = (status: string): boolean => (OPEN_STATUSES as readonly string[]).includes(status);

/**
 * Is a ticket shown in the detail lists? DELETED is left out, and so is CHECKOUT without a
 * checkout record (a half-written sale); everything else is shown (spec 001 §4).
 */
export function listedInDetail(tx: { status: string; hasCheckout: boolean }): boolean {
  if (tx.status === TRANSACTION_STATUS.DELETED) return false;
  if (tx.status === TRANSACTION_STATUS.CHECKOUT && !tx.hasCheckout) return false;
  return true;
}

/** The status a deleted ticket takes: after service when it was served (or paid), before service otherwise. */
export function statusAfterRemoval(tx: { status: string; serviced: boolean }): TransactionStatus {
  const servedStatuses: readonly string[] = ['ACTIVE', 'PAYMENTREADY', 'CHECKOUTREADY', 'CHECKOUT'];
  return tx.serviced || servedStatuses.includes(tx.status) ? TRANSACTION_STATUS.SERVICE_NOCHECKOUT : TRANSACTION_STATUS.CHECKIN_NOSERVICE;
}

/** The status a reactivated ticket goes back to in the queue: in service when it had been served. */
export const statusAfterReactivation = (tx: { serviced: boolean }): TransactionStatus =>
  tx.serviced ? TRANSACTION_STATUS.ACTIVE : TRANSACTION_STATUS.CHECKIN;

interface Predicate {
  (tx: { status: string; refunded?: number }): boolean;
  /** The statuses in which the action is allowed. */
  readonly states: readonly TransactionStatus[];
}

const predicate = (states: readonly TransactionStatus[], extra: (tx: { status: string; refunded?: number }) => boolean = () => true): Predicate =>
  Object.assign((tx: { status: string; refunded?: number }) => (states as readonly string[]).includes(tx.status) && extra(tx), { states });

/** What may be done to a ticket, with the statuses each action allows (`transactionCan.refund.states`). */
export const transactionCan = {
  /** Send a deleted ticket back to the queue. */
  reactivate: predicate(['SERVICE_NOCHECKOUT', 'CHECKIN_NOSERVICE']),
  /** Delete with a reason and a note; a ticket with refunds keeps its books and cannot be deleted. */
  remove: predicate(['CHECKIN', 'ASSIGNED', 'ACTIVE', 'PAYMENTREADY', 'CHECKOUTREADY', 'CHECKOUT'], (tx) => (tx.refunded ?? 0) === 0),
  /** Change staff, notes or the tender split. */
  update: predicate(['CHECKIN', 'ASSIGNED', 'ACTIVE', 'PAYMENTREADY', 'CHECKOUTREADY', 'CHECKOUT']),
  /** Give money back: only a completed sale. */
  refund: predicate(['CHECKOUT']),
} as const;

// ── Customer ──────────────────────────────────────────────────────────────────────────────


export interface PhoneEntry {
  type: string;
  phone: string;
  customerprofiles: readonly { firstname?: string | null; lastname?: string | null; email?: string | null }[];
}

export interface CustomerDisplay {
  name: string;
  /** Null when the number is a temporary one the till made up. */
  phone: string | null;
  email: string | null;
}

/**
 * The customer's name and phone from a ticket's phones list (spec 001 §3): a real customer's
 * number (any type but TEMP and GUEST) comes first; a GUEST shows as "Guest" unless it has a
 * name; a TEMP number is made up at the till, so it is never shown; no phone at all is a walk-in.
 */
export function customerOf(phones: readonly PhoneEntry[]): CustomerDisplay {
  const entry = phones.find((p) => p.type !== PHONE_TYPE.TEMP && p.type !== PHONE_TYPE.GUEST) ?? phones.find((p) => p.type === PHONE_TYPE.GUEST) ?? phones[0];
  if (!entry) return { name: clientName(null), phone: null, email: null };
  const profile = entry.customerprofiles[0];
  const name = clientName({ firstname: profile?.firstname, lastname: profile?.lastname, phone: entry.phone, phone_type: entry.type });
  const email = profile?.email?.trim() || null;
  return { name, phone: entry.type === PHONE_TYPE.TEMP ? null : entry.phone || null, email };
}

// ── Tender ────────────────────────────────────────────────────────────────────────────────

export const TENDER = { CASH: 'CASH', CREDIT: 'CREDIT', GIFT: 'GIFT' } as const;
export type Tender = (typeof TENDER)[keyof typeof TENDER];

/** The tender label (spec 001 §9): CASH, CREDIT and GIFT joined, for each amount above zero: `CASH/CREDIT`. Nothing paid: `''`. */
export function tenderLabel(checkout: { cashamount: number; creditamount: number; giftamount: number }): string {
  const parts: Tender[] = [];
  if (checkout.cashamount > 0) parts.push(TENDER.CASH);
  if (checkout.creditamount > 0) parts.push(TENDER.CREDIT);
  if (checkout.giftamount > 0) parts.push(TENDER.GIFT);
  return parts.join('/');
}

// ── Refunds ───────────────────────────────────────────────────────────────────────────────

/** What may still be refunded: paid minus already refunded, never below zero. */
export const refundable = (paid: number, refunded: number): number => Math.max(0, paid - refunded);

export type RefundCheck = { ok: true; remaining: number } | { ok: false; reason: 'not-positive' | 'too-much'; remaining: number };

/** May `amount` be refunded on a ticket that took `paid` and gave back `refunded` so far? */
export function checkRefund(amount: number, paid: number, refunded: number): RefundCheck {
  const left = refundable(paid, refunded);
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, reason: 'not-positive', remaining: left };
  if (amount > left) return { ok: false, reason: 'too-much', remaining: left };
  return { ok: true, remaining: left - amount };
}

// ── Receipt ───────────────────────────────────────────────────────────────────────────────

/** The receipt popup's size (spec 001 §9). */
export const RECEIPT_POPUP = { width: 480, height: 640 } as const;

/** `window.open` features for the receipt popup. */
export const receiptPopupFeatures = (): string => `popup=yes,width=${RECEIPT_POPUP.width},height=${RECEIPT_POPUP.height}`;

/** May the receipt open? It needs a URL (spec 001 §5); otherwise say `Receipt Not Available`. */
export const canOpenReceipt = (url: string | null | undefined): url is string => typeof url === 'string' && url.trim() !== '';
