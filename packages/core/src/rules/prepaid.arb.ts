import { fc } from '@fast-check/vitest';
import { CARD_ENTRY, MEMBERSHIP_EVENT_KINDS, type CardEntryKind, type MembershipEventKind } from '../models/prepaid';
import type { CardRequest, MembershipEventLike } from './prepaid';

/** Domain arbitraries for the prepaid rules' property tests. */

const cents = fc.integer({ min: -50_000, max: 100_000 });
const kinds: CardEntryKind[] = [CARD_ENTRY.ISSUE, CARD_ENTRY.LOAD, CARD_ENTRY.REDEEM, CARD_ENTRY.REDEEM, CARD_ENTRY.REFUND, CARD_ENTRY.ADJUST, CARD_ENTRY.EXPIRE, CARD_ENTRY.VOID];

/** Any request, valid or not (negative, zero, too large, in any order). */
export const cardRequestArb: fc.Arbitrary<CardRequest> = fc.record({ kind: fc.constantFrom(...kinds), amount: cents });

/** A sequence of requests, usually starting with an issue. */
export const cardRequestsArb = fc
  .tuple(fc.boolean(), fc.integer({ min: 1, max: 100_000 }), fc.array(cardRequestArb, { maxLength: 40 }))
  .map(([issueFirst, issued, rest]) => (issueFirst ? [{ kind: CARD_ENTRY.ISSUE, amount: issued }, ...rest] : rest));

/** Membership events, in any order of writing, some at the same instant. */
export const membershipEventsArb: fc.Arbitrary<MembershipEventLike[]> = fc
  .array(fc.record({ kind: fc.constantFrom<MembershipEventKind>(...MEMBERSHIP_EVENT_KINDS), minute: fc.integer({ min: 0, max: 20 }) }), { minLength: 1, maxLength: 20 })
  .chain((events) => fc.shuffledSubarray(events.map((e, i) => ({ ...e, id: i + 1 })), { minLength: events.length, maxLength: events.length }))
  .map((events) => events.map(({ id, kind, minute }) => ({ id, kind, at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString() })));
