import {
  CARD_ENTRY,
  CARD_KIND,
  CARD_STATUS,
  type CardKind,
  MEMBERSHIP_EVENT,
  MEMBERSHIP_STATUS,
  type CardEntryKind,
  type CardStatus,
  type MembershipEventKind,
  type MembershipStatus,
} from '../models/prepaid';
import { addDays } from './scheduleTime';

/**
 * Prepaid cards and memberships (spec 001 §7 Prepaid). Pure: "today" is an argument.
 *
 * A card is its ledger. Each request (`CardRequest`) is checked against the card as the ledger
 * left it (`applyCardEntry`) and, when accepted, becomes an entry of signed cents; the balance is
 * the sum of those entries (`cardBalance`) and can never go below zero, because no accepted entry
 * takes more than the balance there is.
 */

/** What a person or the point of sale asks of a card. `amount` in cents: positive, except ADJUST (signed, not zero); EXPIRE and VOID take the rest. */
export interface CardRequest {
  kind: CardEntryKind;
  amount: number;
}

/** A stored ledger entry: its kind and its signed effect in cents. */
export interface CardEntry {
  kind: CardEntryKind;
  amount: number;
}

/** A card as its ledger leaves it. */
export interface CardState {
  balance: number;
  issued: boolean;
  /** Closed by EXPIRE or VOID (null: open). */
  closed: 'EXPIRE' | 'VOID' | null;
}

export const EMPTY_CARD: CardState = Object.freeze({ balance: 0, issued: false, closed: null });

export const CARD_PROBLEM = {
  notIssued: 'The card has not been issued',
  alreadyIssued: 'The card is already issued',
  notPositive: 'Enter an amount of more than zero',
  zeroAdjustment: 'An adjustment must change the balance',
  insufficient: 'The card does not hold that much',
  closed: 'The card is closed (expired or void)',
  nothingLeft: 'The card holds nothing to take',
} as const;
export type CardProblem = (typeof CARD_PROBLEM)[keyof typeof CARD_PROBLEM];

export type CardResult = { ok: true; state: CardState; amount: number } | { ok: false; problem: CardProblem };

const refuse = (problem: CardProblem): CardResult => ({ ok: false, problem });
const accept = (state: CardState, amount: number, closed: CardState['closed'] = state.closed): CardResult => ({
  ok: true,
  amount,
  state: { balance: state.balance + amount, issued: true, closed },
});

/**
 * Checks one request against the card and returns the entry's signed amount and the card after
 * it, or why it is refused. A REFUND (a redemption given back) lands even on a closed card — the
 * money was the card holder's —, and such a card may then be voided or expired again.
 */
export function applyCardEntry(state: CardState, request: CardRequest): CardResult {
  const { kind, amount } = request;
  if (!Number.isSafeInteger(amount)) return refuse(CARD_PROBLEM.notPositive);
  if (kind === CARD_ENTRY.ISSUE) {
    if (state.issued) return refuse(CARD_PROBLEM.alreadyIssued);
    if (amount <= 0) return refuse(CARD_PROBLEM.notPositive);
    return accept(state, amount, null);
  }
  if (!state.issued) return refuse(CARD_PROBLEM.notIssued);
  switch (kind) {
    case CARD_ENTRY.REFUND:
      return amount > 0 ? accept(state, amount) : refuse(CARD_PROBLEM.notPositive);
    case CARD_ENTRY.EXPIRE:
    case CARD_ENTRY.VOID:
      if (state.closed !== null && state.balance === 0) return refuse(CARD_PROBLEM.closed);
      return accept(state, -state.balance, kind);
    default:
      break;
  }
  if (state.closed !== null) return refuse(CARD_PROBLEM.closed);
  switch (kind) {
    case CARD_ENTRY.LOAD:
      return amount > 0 ? accept(state, amount) : refuse(CARD_PROBLEM.notPositive);
    case CARD_ENTRY.REDEEM:
      if (amount <= 0) return refuse(CARD_PROBLEM.notPositive);
      return amount > state.balance ? refuse(CARD_PROBLEM.insufficient) : accept(state, -amount);
    case CARD_ENTRY.ADJUST:
      if (amount === 0) return refuse(CARD_PROBLEM.zeroAdjustment);
      return state.balance + amount < 0 ? refuse(CARD_PROBLEM.insufficient) : accept(state, amount);
    default:
      return refuse(CARD_PROBLEM.notPositive);
  }
}

/** The card a stored ledger describes (entries oldest first). */
export function replayCard(entries: readonly CardEntry[]): CardState {
  let state: CardState = EMPTY_CARD;
  for (const entry of entries) {
    const closed = entry.kind === CARD_ENTRY.EXPIRE || entry.kind === CARD_ENTRY.VOID ? entry.kind : entry.kind === CARD_ENTRY.ISSUE ? null : state.closed;
    state = { balance: state.balance + entry.amount, issued: true, closed };
  }
  return state;
}

/** A card's balance: the sum of its ledger. */
export const cardBalance = (entries: readonly CardEntry[]): number => entries.reduce((sum, e) => sum + e.amount, 0);

/** A card's status on `today`: void, expired (by entry or date), used up, or active. */
export function cardStatus(card: { balance: number; closed: CardState['closed']; expires_on: string | null }, today: string): CardStatus {
  if (card.closed === CARD_ENTRY.VOID) return CARD_STATUS.VOID;
  if (card.closed === CARD_ENTRY.EXPIRE || (card.expires_on !== null && card.expires_on < today)) return CARD_STATUS.EXPIRED;
  return card.balance > 0 ? CARD_STATUS.ACTIVE : CARD_STATUS.EMPTY;
}

/** What a manager may do to a card of a status (each predicate lists its states). */
export const cardCan = {
  load: Object.assign((s: CardStatus) => cardCan.load.states.includes(s), { states: [CARD_STATUS.ACTIVE, CARD_STATUS.EMPTY] as CardStatus[] }),
  adjust: Object.assign((s: CardStatus) => cardCan.adjust.states.includes(s), { states: [CARD_STATUS.ACTIVE, CARD_STATUS.EMPTY] as CardStatus[] }),
  void: Object.assign((s: CardStatus) => cardCan.void.states.includes(s), { states: [CARD_STATUS.ACTIVE, CARD_STATUS.EMPTY, CARD_STATUS.EXPIRED] as CardStatus[] }),
};

/**
 * The share of `part` (of a ticket's `paid`) that `refunded` of it carries: in proportion, counted
 * on the running total (rounded down), so partial refunds add up exactly to `part` when all is
 * refunded. The one rule for what a refund moves on cards: the gift tender's share goes back to
 * the cards that paid (`giftShareOfRefunds`), and a card sold on the ticket gives up its share
 * (`issuedCardTakeBack`).
 */
export function giftShareOfRefunds(refunded: number, part: number, paid: number): number {
  if (paid <= 0 || part <= 0 || refunded <= 0) return 0;
  if (refunded >= paid) return part;
  return Math.floor((refunded * part) / paid);
}

// ——— Cards sold on tickets ——————————————————————————————————————————————————————————————

/** The card a prepaid line issues, by its service's `giftcard` (spec 000 §3: 3 a prepaid package, 2 a gift card). */
export const cardKindOfGiftcard = (giftcard: number): CardKind => (giftcard === 3 ? CARD_KIND.PREPAID : CARD_KIND.GIFTCARD);

/** How long a card sold today is valid, in days, by kind (its `expires_on` is the issue day plus these). */
export const CARD_VALID_DAYS: Record<CardKind, number> = { giftcard: 730, prepaid: 540 };

/**
 * What each card of a prepaid line holds: one card per unit, the line's total split in whole
 * cents, the cents left over one each to the first cards (`[3334, 3333, 3333]` for 10,000 over 3).
 * A unit worth nothing issues no card (the issuer leaves out zeros).
 */
export function cardAmountsOfLine(total: number, quantity: number): number[] {
  const units = Math.max(0, Math.trunc(quantity));
  if (units === 0) return [];
  const whole = Math.max(0, Math.trunc(total));
  const each = Math.floor(whole / units);
  const extra = whole - each * units;
  return Array.from({ length: units }, (_, i) => each + (i < extra ? 1 : 0));
}

/**
 * What a refund (or a deletion: `refunded` = `paid`) of the ticket that sold a card takes back
 * from it. A partial refund owes the card's share of it (`giftShareOfRefunds` of the card's
 * `issued` amount, on the running total) and takes it as an ADJUST, at most what the card still
 * holds; a refund that completes the ticket's, or its deletion, VOIDs what the card holds.
 * `short` is what could not be taken because the card was spent already. Nothing to take (kind
 * null) when the card is closed and empty, or the share is nothing.
 */
export function issuedCardTakeBack(input: { issued: number; paid: number; refundedBefore: number; refunded: number; balance: number; closed: boolean }): {
  kind: typeof CARD_ENTRY.ADJUST | typeof CARD_ENTRY.VOID | null;
  owed: number;
  taken: number;
  short: number;
} {
  const { issued, paid, refundedBefore, refunded, closed } = input;
  const balance = Math.max(0, input.balance);
  const owed = giftShareOfRefunds(refunded, issued, paid) - giftShareOfRefunds(refundedBefore, issued, paid);
  if (refunded >= paid) {
    if (closed && balance === 0) return { kind: null, owed, taken: 0, short: Math.max(0, owed) };
    return { kind: CARD_ENTRY.VOID, owed, taken: balance, short: Math.max(0, owed - balance) };
  }
  const taken = closed ? 0 : Math.min(owed, balance);
  return { kind: taken > 0 ? CARD_ENTRY.ADJUST : null, owed, taken: Math.max(0, taken), short: Math.max(0, owed - Math.max(0, taken)) };
}

// ——— The search box ————————————————————————————————————————————————————————————————————

export const PREPAID_QUERY_BY = { LAST4: 'last4', NUMBER: 'number', PHONE: 'phone', EMAIL: 'email', NAME: 'name' } as const;
export type PrepaidQueryBy = (typeof PREPAID_QUERY_BY)[keyof typeof PREPAID_QUERY_BY];

/** The most characters the search box takes. */
export const PREPAID_QUERY_MAX = 80;

/**
 * How one search box is read: exactly 4 digits → a card's last 4; 12 or more digits → a card
 * number (its start); 5 to 11 digits (spaces, dashes, dots, brackets and a leading + allowed) →
 * a phone number (its end); an `@` → an email (its start); anything else → a name.
 */
export function prepaidQuery(raw: string): { by: PrepaidQueryBy; value: string } | null {
  const q = raw.trim();
  if (q === '') return null;
  if (/^\d{4}$/.test(q)) return { by: PREPAID_QUERY_BY.LAST4, value: q };
  if (/^[\d\s]{12,}$/.test(q)) {
    const digits = q.replace(/\s/g, '');
    if (digits.length >= 12) return { by: PREPAID_QUERY_BY.NUMBER, value: digits };
  }
  if (/^\+?[\d\s().-]+$/.test(q)) {
    const digits = q.replace(/\D/g, '');
    if (digits.length >= 5 && digits.length <= 11) return { by: PREPAID_QUERY_BY.PHONE, value: digits };
    if (digits.length >= 12) return { by: PREPAID_QUERY_BY.NUMBER, value: digits };
  }
  if (q.includes('@')) return { by: PREPAID_QUERY_BY.EMAIL, value: q.toLowerCase() };
  return { by: PREPAID_QUERY_BY.NAME, value: q.toLowerCase().replace(/\s+/g, ' ') };
}

// ——— Memberships ————————————————————————————————————————————————————————————————————————

/** The status each event leads to. */
export const MEMBERSHIP_EVENT_STATUS: Record<MembershipEventKind, MembershipStatus> = {
  JOINED: MEMBERSHIP_STATUS.ACTIVE,
  BILLED: MEMBERSHIP_STATUS.ACTIVE,
  RENEWED: MEMBERSHIP_STATUS.ACTIVE,
  RESUMED: MEMBERSHIP_STATUS.ACTIVE,
  PAYMENT_FAILED: MEMBERSHIP_STATUS.PAST_DUE,
  PAUSED: MEMBERSHIP_STATUS.PAUSED,
  CANCELLED: MEMBERSHIP_STATUS.CANCELLED,
  EXPIRED: MEMBERSHIP_STATUS.EXPIRED,
};

export interface MembershipEventLike {
  id: number;
  kind: MembershipEventKind;
  /** ISO instant. */
  at: string;
}

/** The latest event: by time, then by id (two events of one instant keep their order of writing). */
export function latestMembershipEvent<E extends MembershipEventLike>(events: readonly E[]): E | null {
  let latest: E | null = null;
  for (const e of events) {
    if (latest === null) {
      latest = e;
      continue;
    }
    const a = Date.parse(e.at);
    const b = Date.parse(latest.at);
    if (a > b || (a === b && e.id > latest.id)) latest = e;
  }
  return latest;
}

/** A membership's status: the status its latest event leads to, whatever came before (null: no event). */
export function membershipStatusOf(events: readonly MembershipEventLike[]): MembershipStatus | null {
  const latest = latestMembershipEvent(events);
  return latest === null ? null : MEMBERSHIP_EVENT_STATUS[latest.kind];
}

/** What a manager may do to a membership of a status. */
export const membershipCan = {
  pause: Object.assign((s: MembershipStatus) => membershipCan.pause.states.includes(s), { states: [MEMBERSHIP_STATUS.ACTIVE, MEMBERSHIP_STATUS.PAST_DUE] as MembershipStatus[] }),
  resume: Object.assign((s: MembershipStatus) => membershipCan.resume.states.includes(s), { states: [MEMBERSHIP_STATUS.PAUSED] as MembershipStatus[] }),
  cancel: Object.assign((s: MembershipStatus) => membershipCan.cancel.states.includes(s), {
    states: [MEMBERSHIP_STATUS.ACTIVE, MEMBERSHIP_STATUS.PAUSED, MEMBERSHIP_STATUS.PAST_DUE] as MembershipStatus[],
  }),
};

/** The event each action writes. */
export const MEMBERSHIP_ACTION_EVENT = { pause: MEMBERSHIP_EVENT.PAUSED, resume: MEMBERSHIP_EVENT.RESUMED, cancel: MEMBERSHIP_EVENT.CANCELLED } as const;
export type MembershipAction = keyof typeof MEMBERSHIP_ACTION_EVENT;

export const MEMBERSHIP_PROBLEM = {
  cannotPause: 'Only an active or past-due membership can be paused',
  cannotResume: 'Only a paused membership can be resumed',
  cannotCancel: 'This membership is already cancelled or expired',
  pauseUntilFuture: 'Pause until a day after today',
  pauseTooLong: 'A pause may last at most a year',
} as const;

/** The most days a pause may last. */
export const MEMBERSHIP_PAUSE_MAX_DAYS = 366;

/** Whether `action` may be taken on a membership of `status` today; for a pause, until `until`. */
export function membershipActionProblem(action: MembershipAction, status: MembershipStatus, today: string, until?: string): string | null {
  if (!membershipCan[action](status)) {
    return action === 'pause' ? MEMBERSHIP_PROBLEM.cannotPause : action === 'resume' ? MEMBERSHIP_PROBLEM.cannotResume : MEMBERSHIP_PROBLEM.cannotCancel;
  }
  if (action === 'pause') {
    if (until === undefined || until <= today) return MEMBERSHIP_PROBLEM.pauseUntilFuture;
    if (until > addDays(today, MEMBERSHIP_PAUSE_MAX_DAYS)) return MEMBERSHIP_PROBLEM.pauseTooLong;
  }
  return null;
}

/** The statuses that still run toward the end of a term (the "expiring" preset looks at these). */
export const MEMBERSHIP_OPEN_STATUSES: readonly MembershipStatus[] = [MEMBERSHIP_STATUS.ACTIVE, MEMBERSHIP_STATUS.PAST_DUE, MEMBERSHIP_STATUS.PAUSED];

/** Expiring within `days`: still open, and the term paid for ends from today to `days` days ahead. */
export const isExpiringWithin = (m: { status: MembershipStatus; expires_on: string }, today: string, days: number): boolean =>
  MEMBERSHIP_OPEN_STATUSES.includes(m.status) && m.expires_on >= today && m.expires_on <= addDays(today, days);

/** Did not renew: the term ended before today and the membership ended with it (expired or cancelled). */
export const didNotRenew = (m: { status: MembershipStatus; expires_on: string }, today: string): boolean =>
  (m.status === MEMBERSHIP_STATUS.EXPIRED || m.status === MEMBERSHIP_STATUS.CANCELLED) && m.expires_on < today;

/** The presets of the membership search. */
export const MEMBERSHIP_PRESETS = {
  expiring30: { label: 'Expiring in 30 days', query: { expiring_within: 30 } },
  didNotRenew: { label: 'Did not renew', query: { did_not_renew: true } },
} as const;
