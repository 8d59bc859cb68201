import { z } from 'zod/mini';
import { day, id, instant, reportedDay } from './ids';
import { text } from './input';

/**
 * Prepaid cards and memberships (spec 001 §2 "Prepaid and membership search", §7 Prepaid and
 * `clubmemberships`, §8). Shared by the prepaid calls (`api/prepaid.ts`), the rules
 * (`rules/prepaid.ts`) and the screens.
 *
 * A card's balance is never stored: it is the sum of its ledger (`CARD_ENTRY`), replayed by
 * `cardBalance`, and no entry may take it below zero. A membership's status is never stored either:
 * it is the status its latest event leads to (`membershipStatus`).
 */

// ——— Cards ——————————————————————————————————————————————————————————————————————————

/** The `{card}` segment of `prepaid/{card}/{cardNumber}`: a gift card, or a prepaid package (spec 000 §3 giftcard 2 and 3). */
export const CARD_KIND = { GIFTCARD: 'giftcard', PREPAID: 'prepaid' } as const;
export type CardKind = (typeof CARD_KIND)[keyof typeof CARD_KIND];
export const CARD_KINDS = Object.values(CARD_KIND) as [CardKind, ...CardKind[]];
export const CARD_KIND_LABEL: Record<CardKind, string> = { giftcard: 'Gift card', prepaid: 'Prepaid package' };
export const cardKind = z.enum(CARD_KINDS, { error: 'Must be giftcard or prepaid' });

/**
 * What a ledger entry does to a card:
 * - `ISSUE` (the card is sold, +), `LOAD` (money added, +), `REFUND` (a redemption given back: a
 *   refund or deletion of the ticket paid with it, +);
 * - `REDEEM` (a ticket paid with it, −), `ADJUST` (a correction with a reason, + or −);
 * - `EXPIRE` and `VOID` take whatever is left (−) and close the card.
 */
export const CARD_ENTRY = { ISSUE: 'ISSUE', LOAD: 'LOAD', REDEEM: 'REDEEM', REFUND: 'REFUND', ADJUST: 'ADJUST', EXPIRE: 'EXPIRE', VOID: 'VOID' } as const;
export type CardEntryKind = (typeof CARD_ENTRY)[keyof typeof CARD_ENTRY];
export const CARD_ENTRY_KINDS = Object.values(CARD_ENTRY) as [CardEntryKind, ...CardEntryKind[]];
export const CARD_ENTRY_LABEL: Record<CardEntryKind, string> = {
  ISSUE: 'Issued',
  LOAD: 'Loaded',
  REDEEM: 'Redeemed',
  REFUND: 'Returned to card',
  ADJUST: 'Adjusted',
  EXPIRE: 'Expired',
  VOID: 'Voided',
};

/** A card's state as a person reads it (`cardStatus`). */
export const CARD_STATUS = { ACTIVE: 'active', EMPTY: 'empty', EXPIRED: 'expired', VOID: 'void' } as const;
export type CardStatus = (typeof CARD_STATUS)[keyof typeof CARD_STATUS];
export const CARD_STATUSES = Object.values(CARD_STATUS) as [CardStatus, ...CardStatus[]];
export const CARD_STATUS_LABEL: Record<CardStatus, string> = { active: 'Active', empty: 'Used up', expired: 'Expired', void: 'Void' };

/** A card number as printed: 8 to 19 digits. */
export const CARD_NUMBER_PATTERN = /^\d{8,19}$/;
export const cardNumber = z.string().check(z.regex(CARD_NUMBER_PATTERN, { error: 'Must be the card number: 8 to 19 digits' }));

/** A person a card names: who bought it, and who it is for. */
export const cardHolder = z.object({ name: z.string(), phone: z.nullable(z.string()), email: z.nullable(z.string()) });
export type CardHolder = z.infer<typeof cardHolder>;

/** A card as the search lists it; `balance` is its ledger's sum. */
export const prepaidCard = z.object({
  id,
  kind: cardKind,
  card_number: z.string(),
  last4: z.string(),
  business_id: id,
  location: z.string(),
  purchaser: cardHolder,
  recipient: cardHolder,
  issued_on: reportedDay,
  expires_on: z.nullable(reportedDay),
  status: z.enum(CARD_STATUSES),
  /** Cents: the ledger's sum. */
  balance: z.number(),
  /** Cents issued and loaded, in total. */
  loaded: z.number(),
  /** The business day of the latest ledger entry. */
  last_used_on: reportedDay,
});
export type PrepaidCard = z.infer<typeof prepaidCard>;

/** One ledger entry: `amount` is signed cents, `balance` the card's balance after it. */
export const cardLedgerEntry = z.object({
  id,
  kind: z.enum(CARD_ENTRY_KINDS),
  amount: z.number(),
  balance: z.number(),
  day: reportedDay,
  at: instant,
  /** The ticket it paid or gave back (REDEEM, REFUND). */
  txId: z.nullable(id),
  reason: z.nullable(z.string()),
  note: z.nullable(z.string()),
  /** Who made it (a user's name), null for the demo and the point of sale. */
  by: z.nullable(z.string()),
});
export type CardLedgerEntry = z.infer<typeof cardLedgerEntry>;

/** A card with its whole ledger, oldest first. */
export const prepaidCardDetail = z.extend(prepaidCard, { ledger: z.array(cardLedgerEntry) });
export type PrepaidCardDetail = z.infer<typeof prepaidCardDetail>;

/** What a search box finds: at most `limit` cards, and whether more matched. */
export const prepaidSearchResult = z.object({
  q: z.string(),
  /** How the query was read (`prepaidQuery`). */
  by: z.string(),
  cards: z.array(prepaidCard),
  more: z.boolean(),
});
export type PrepaidSearchResult = z.infer<typeof prepaidSearchResult>;

/** Why a card was adjusted: kept with the entry and shown in its ledger. */
export const ADJUST_REASONS = ['Correction', 'Goodwill', 'Lost receipt', 'Transfer', 'Other'] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];

// ——— Memberships ————————————————————————————————————————————————————————————————————————

export const MEMBERSHIP_STATUS = { ACTIVE: 'active', PAUSED: 'paused', PAST_DUE: 'past_due', CANCELLED: 'cancelled', EXPIRED: 'expired' } as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUS)[keyof typeof MEMBERSHIP_STATUS];
export const MEMBERSHIP_STATUSES = Object.values(MEMBERSHIP_STATUS) as [MembershipStatus, ...MembershipStatus[]];
export const MEMBERSHIP_STATUS_LABEL: Record<MembershipStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
export const membershipStatus = z.enum(MEMBERSHIP_STATUSES, { error: 'Must be active, paused, past_due, cancelled or expired' });

/** What happens to a membership; each leads to one status (`MEMBERSHIP_EVENT_STATUS`). */
export const MEMBERSHIP_EVENT = {
  JOINED: 'JOINED',
  BILLED: 'BILLED',
  RENEWED: 'RENEWED',
  PAYMENT_FAILED: 'PAYMENT_FAILED',
  PAUSED: 'PAUSED',
  RESUMED: 'RESUMED',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'EXPIRED',
} as const;
export type MembershipEventKind = (typeof MEMBERSHIP_EVENT)[keyof typeof MEMBERSHIP_EVENT];
export const MEMBERSHIP_EVENT_KINDS = Object.values(MEMBERSHIP_EVENT) as [MembershipEventKind, ...MembershipEventKind[]];
export const MEMBERSHIP_EVENT_LABEL: Record<MembershipEventKind, string> = {
  JOINED: 'Joined',
  BILLED: 'Billed',
  RENEWED: 'Renewed',
  PAYMENT_FAILED: 'Payment failed',
  PAUSED: 'Paused',
  RESUMED: 'Resumed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired (not renewed)',
};

/** A club membership plan of a location (`clubmemberships`), with how many members it has by status. */
export const clubMembershipPlan = z.object({
  id,
  name: z.string(),
  /** Cents billed every `interval_months`. */
  price: z.number(),
  interval_months: z.number(),
  members: z.number(),
  byStatus: z.record(z.enum(MEMBERSHIP_STATUSES), z.number()),
});
export type ClubMembershipPlan = z.infer<typeof clubMembershipPlan>;

/** A membership as the search lists it; `status` comes from its latest event. */
export const membership = z.object({
  id,
  plan_id: id,
  plan: z.string(),
  price: z.number(),
  business_id: id,
  location: z.string(),
  member: cardHolder,
  status: z.enum(MEMBERSHIP_STATUSES),
  started_on: reportedDay,
  /** The end of the term paid for. */
  expires_on: reportedDay,
  /** Null when nothing more will be billed (cancelled, expired, paused). */
  next_bill_on: z.nullable(reportedDay),
  /** A pause's end, while paused. */
  paused_until: z.nullable(reportedDay),
  auto_renew: z.boolean(),
});
export type Membership = z.infer<typeof membership>;

export const membershipEvent = z.object({
  id,
  kind: z.enum(MEMBERSHIP_EVENT_KINDS),
  day: reportedDay,
  at: instant,
  until: z.nullable(reportedDay),
  note: z.nullable(z.string()),
  by: z.nullable(z.string()),
});
export type MembershipEvent = z.infer<typeof membershipEvent>;

export const membershipDetail = z.extend(membership, { history: z.array(membershipEvent) });
export type MembershipDetail = z.infer<typeof membershipDetail>;

export const membershipSearchResult = z.object({ memberships: z.array(membership), more: z.boolean() });
export type MembershipSearchResult = z.infer<typeof membershipSearchResult>;

// ——— Action bodies ——————————————————————————————————————————————————————————————————————

export const cardNote = z._default(text(500, { trim: true }), '');
export const cardReason = z.enum(ADJUST_REASONS as unknown as [AdjustReason, ...AdjustReason[]], { error: `Must be one of: ${ADJUST_REASONS.join(', ')}` });
export const membershipDay = day;
