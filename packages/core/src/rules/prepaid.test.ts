import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CARD_ENTRY, MEMBERSHIP_STATUS, MEMBERSHIP_STATUSES } from '../models/prepaid';
import { cardRequestsArb, membershipEventsArb } from './prepaid.arb';
import {
  applyCardEntry,
  CARD_PROBLEM,
  cardAmountsOfLine,
  cardBalance,
  cardKindOfGiftcard,
  cardStatus,
  didNotRenew,
  EMPTY_CARD,
  giftShareOfRefunds,
  issuedCardTakeBack,
  isExpiringWithin,
  MEMBERSHIP_EVENT_STATUS,
  MEMBERSHIP_PROBLEM,
  membershipActionProblem,
  membershipStatusOf,
  prepaidQuery,
  replayCard,
  type CardEntry,
  type CardState,
} from './prepaid';

/** Applies every request, keeping the accepted ones as ledger entries. */
const run = (requests: Parameters<typeof applyCardEntry>[1][]) => {
  let state: CardState = EMPTY_CARD;
  const ledger: CardEntry[] = [];
  const balances: number[] = [];
  for (const request of requests) {
    const result = applyCardEntry(state, request);
    if (result.ok) {
      state = result.state;
      ledger.push({ kind: request.kind, amount: result.amount });
    }
    balances.push(state.balance);
  }
  return { state, ledger, balances };
};

describe('card ledger', () => {
  test.prop([cardRequestsArb])('the balance is never below zero, whatever is asked in whatever order', (requests) => {
    const { balances } = run(requests);
    for (const b of balances) expect(b).toBeGreaterThanOrEqual(0);
  });

  test.prop([cardRequestsArb])('the balance is the sum of the ledger, and replaying the ledger gives the same card', (requests) => {
    const { state, ledger } = run(requests);
    expect(cardBalance(ledger)).toBe(state.balance);
    expect(replayCard(ledger)).toEqual(state);
  });

  test.prop([cardRequestsArb, fc.integer({ min: 1, max: 200_000 })])('a redemption is accepted exactly when the card is open and holds enough', (requests, amount) => {
    const { state } = run(requests);
    const result = applyCardEntry(state, { kind: CARD_ENTRY.REDEEM, amount });
    expect(result.ok).toBe(state.issued && state.closed === null && amount <= state.balance);
    if (result.ok) expect(result.state.balance).toBe(state.balance - amount);
  });

  test.prop([cardRequestsArb])('void takes whatever is left and closes the card', (requests) => {
    const { state } = run(requests);
    const result = applyCardEntry(state, { kind: CARD_ENTRY.VOID, amount: 0 });
    if (!state.issued) expect(result).toEqual({ ok: false, problem: CARD_PROBLEM.notIssued });
    else if (result.ok) {
      expect(result.amount).toBe(-state.balance);
      expect(result.state).toEqual({ balance: 0, issued: true, closed: 'VOID' });
      expect(applyCardEntry(result.state, { kind: CARD_ENTRY.LOAD, amount: 100 })).toEqual({ ok: false, problem: CARD_PROBLEM.closed });
    } else expect(state.closed !== null && state.balance === 0).toBe(true);
  });

  it('refuses what a person gets wrong, with the reason', () => {
    const card = { balance: 1000, issued: true, closed: null } as const;
    expect(applyCardEntry(EMPTY_CARD, { kind: CARD_ENTRY.LOAD, amount: 100 })).toEqual({ ok: false, problem: CARD_PROBLEM.notIssued });
    expect(applyCardEntry(card, { kind: CARD_ENTRY.ISSUE, amount: 100 })).toEqual({ ok: false, problem: CARD_PROBLEM.alreadyIssued });
    expect(applyCardEntry(card, { kind: CARD_ENTRY.REDEEM, amount: 1001 })).toEqual({ ok: false, problem: CARD_PROBLEM.insufficient });
    expect(applyCardEntry(card, { kind: CARD_ENTRY.ADJUST, amount: -1001 })).toEqual({ ok: false, problem: CARD_PROBLEM.insufficient });
    expect(applyCardEntry(card, { kind: CARD_ENTRY.ADJUST, amount: 0 })).toEqual({ ok: false, problem: CARD_PROBLEM.zeroAdjustment });
    expect(applyCardEntry(card, { kind: CARD_ENTRY.LOAD, amount: -5 })).toEqual({ ok: false, problem: CARD_PROBLEM.notPositive });
    expect(applyCardEntry(card, { kind: CARD_ENTRY.ADJUST, amount: -1000 })).toMatchObject({ ok: true, state: { balance: 0 } });
  });

  it('a redemption given back lands on a closed card, which may then be voided again', () => {
    const voided = { balance: 0, issued: true, closed: 'VOID' } as const;
    const back = applyCardEntry(voided, { kind: CARD_ENTRY.REFUND, amount: 500 });
    expect(back).toMatchObject({ ok: true, state: { balance: 500, closed: 'VOID' } });
    if (back.ok) expect(applyCardEntry(back.state, { kind: CARD_ENTRY.VOID, amount: 0 })).toMatchObject({ ok: true, amount: -500 });
  });

  it('reads a status from the ledger and the date', () => {
    expect(cardStatus({ balance: 10, closed: null, expires_on: null }, '2026-01-01')).toBe('active');
    expect(cardStatus({ balance: 0, closed: null, expires_on: null }, '2026-01-01')).toBe('empty');
    expect(cardStatus({ balance: 10, closed: null, expires_on: '2025-12-31' }, '2026-01-01')).toBe('expired');
    expect(cardStatus({ balance: 0, closed: 'EXPIRE', expires_on: null }, '2026-01-01')).toBe('expired');
    expect(cardStatus({ balance: 0, closed: 'VOID', expires_on: '2030-01-01' }, '2026-01-01')).toBe('void');
  });
});

describe('gift share of refunds', () => {
  test.prop([fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100 }), fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 6 })])(
    'grows with each refund, never past the gift tender, and is all of it once everything is refunded',
    (paid, giftPercent, refunds) => {
      const gift = Math.floor((paid * giftPercent) / 100);
      let refunded = 0;
      let previous = 0;
      for (const r of refunds) {
        refunded = Math.min(paid, refunded + r);
        const share = giftShareOfRefunds(refunded, gift, paid);
        expect(share).toBeGreaterThanOrEqual(previous);
        expect(share).toBeLessThanOrEqual(gift);
        expect(share).toBeLessThanOrEqual(refunded);
        previous = share;
      }
      expect(giftShareOfRefunds(paid, gift, paid)).toBe(gift);
    },
  );
});

describe('cards sold on tickets', () => {
  test.prop([fc.integer({ min: -1000, max: 1_000_000 }), fc.integer({ min: 0, max: 12 })])('split a line into one card per unit, whole cents adding up to the line, the first cards a cent more', (total, quantity) => {
    const amounts = cardAmountsOfLine(total, quantity);
    expect(amounts).toHaveLength(quantity);
    if (quantity === 0) return;
    expect(amounts.reduce((s, a) => s + a, 0)).toBe(Math.max(0, total));
    for (const a of amounts) expect(Number.isInteger(a) && a >= 0).toBe(true);
    expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    for (let i = 1; i < amounts.length; i++) expect(amounts[i]).toBeLessThanOrEqual(amounts[i - 1] as number);
  });

  it('issues a prepaid package for giftcard 3 and a gift card otherwise', () => {
    expect([2, 3].map(cardKindOfGiftcard)).toEqual(['giftcard', 'prepaid']);
    expect(cardAmountsOfLine(10_000, 3)).toEqual([3334, 3333, 3333]);
  });

  const takeBackArb = fc
    .record({
      paid: fc.integer({ min: 1, max: 100_000 }),
      issuedPercent: fc.integer({ min: 0, max: 100 }),
      refunds: fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 6 }),
      spends: fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 7, maxLength: 7 }),
      deleted: fc.boolean(),
    })
    .map((x) => ({ ...x, issued: Math.max(1, Math.floor((x.paid * x.issuedPercent) / 100)) }));

  test.prop([takeBackArb])(
    'takes back from a card sold on a ticket its share of each refund, only what it holds, and all it holds once the ticket is refunded in full or deleted',
    ({ paid, issued, refunds, spends, deleted }) => {
      // The card as the ledger rules keep it: issued, spent in between refunds, taken back.
      let state = applyCardEntry(EMPTY_CARD, { kind: CARD_ENTRY.ISSUE, amount: issued });
      if (!state.ok) throw new Error('not issued');
      let card = state.state;
      let refunded = 0;
      let owedTotal = 0;
      const steps = [...refunds.map((r) => Math.min(paid, refunded + r)), ...(deleted ? [paid] : [])];
      for (const [i, after] of steps.entries()) {
        const spend = Math.min(spends[i] ?? 0, card.balance);
        if (spend > 0 && card.closed === null) card = (applyCardEntry(card, { kind: CARD_ENTRY.REDEEM, amount: spend }) as { ok: true; state: CardState }).state;
        const before = refunded;
        refunded = Math.max(before, after);
        const back = issuedCardTakeBack({ issued, paid, refundedBefore: before, refunded, balance: card.balance, closed: card.closed !== null });
        owedTotal += back.owed;
        expect(back.owed).toBeGreaterThanOrEqual(0);
        expect(back.taken).toBeLessThanOrEqual(card.balance);
        if (refunded >= paid && back.kind) expect(back.taken).toBe(card.balance);
        if (refunded < paid) {
          expect(back.taken).toBeLessThanOrEqual(back.owed);
          expect(back.taken + back.short).toBe(back.owed);
        }
        if (back.kind) {
          const result = applyCardEntry(card, { kind: back.kind, amount: -back.taken });
          expect(result.ok).toBe(true);
          if (result.ok) {
            expect(-result.amount).toBe(back.taken);
            card = result.state;
          }
        }
        expect(card.balance).toBeGreaterThanOrEqual(0);
      }
      if (refunded >= paid) {
        expect(owedTotal).toBe(issued);
        expect(card.balance).toBe(0);
      } else expect(owedTotal).toBe(giftShareOfRefunds(refunded, issued, paid));
    },
  );
});

describe('search box', () => {
  it('reads last 4, card numbers, phones, emails and names', () => {
    expect(prepaidQuery('4821')).toEqual({ by: 'last4', value: '4821' });
    expect(prepaidQuery(' 6011 0000 1234 4821 ')).toEqual({ by: 'number', value: '6011000012344821' });
    expect(prepaidQuery('(555) 123-4567')).toEqual({ by: 'phone', value: '5551234567' });
    expect(prepaidQuery('+1 555 123 4567')).toEqual({ by: 'phone', value: '15551234567' });
    expect(prepaidQuery('Ava.Carter@Example.com')).toEqual({ by: 'email', value: 'ava.carter@example.com' });
    expect(prepaidQuery('  Ava   Carter ')).toEqual({ by: 'name', value: 'ava carter' });
    expect(prepaidQuery('   ')).toBeNull();
  });

  test.prop([fc.string({ maxLength: 40 })])('any text is read one way or none, never throws', (q) => {
    const read = prepaidQuery(q);
    if (q.trim() === '') expect(read).toBeNull();
    else expect(read?.value.length).toBeGreaterThan(0);
  });
});

describe('memberships', () => {
  test.prop([membershipEventsArb])('the status is the one the latest event leads to, whatever came before', (events) => {
    const latest = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id).at(-1);
    expect(membershipStatusOf(events)).toBe(latest ? MEMBERSHIP_EVENT_STATUS[latest.kind] : null);
  });

  test.prop([membershipEventsArb, fc.constantFrom(...MEMBERSHIP_STATUSES)])('adding an event later than all others sets the status to its own', (events, _s) => {
    const last = { id: 999, kind: 'PAUSED' as const, at: '2027-01-01T00:00:00.000Z' };
    expect(membershipStatusOf([...events, last])).toBe(MEMBERSHIP_STATUS.PAUSED);
  });

  it('allows each action from its states only', () => {
    expect(membershipActionProblem('pause', 'active', '2026-03-01', '2026-04-01')).toBeNull();
    expect(membershipActionProblem('pause', 'active', '2026-03-01', '2026-03-01')).toBe(MEMBERSHIP_PROBLEM.pauseUntilFuture);
    expect(membershipActionProblem('pause', 'active', '2026-03-01', '2027-06-01')).toBe(MEMBERSHIP_PROBLEM.pauseTooLong);
    expect(membershipActionProblem('pause', 'cancelled', '2026-03-01', '2026-04-01')).toBe(MEMBERSHIP_PROBLEM.cannotPause);
    expect(membershipActionProblem('resume', 'active', '2026-03-01')).toBe(MEMBERSHIP_PROBLEM.cannotResume);
    expect(membershipActionProblem('resume', 'paused', '2026-03-01')).toBeNull();
    expect(membershipActionProblem('cancel', 'expired', '2026-03-01')).toBe(MEMBERSHIP_PROBLEM.cannotCancel);
    expect(membershipActionProblem('cancel', 'past_due', '2026-03-01')).toBeNull();
  });

  it('finds the expiring and those that did not renew', () => {
    expect(isExpiringWithin({ status: 'active', expires_on: '2026-03-31' }, '2026-03-01', 30)).toBe(true);
    expect(isExpiringWithin({ status: 'active', expires_on: '2026-04-01' }, '2026-03-01', 30)).toBe(false);
    expect(isExpiringWithin({ status: 'cancelled', expires_on: '2026-03-10' }, '2026-03-01', 30)).toBe(false);
    expect(didNotRenew({ status: 'expired', expires_on: '2026-02-28' }, '2026-03-01')).toBe(true);
    expect(didNotRenew({ status: 'active', expires_on: '2026-02-28' }, '2026-03-01')).toBe(false);
  });
});
