import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { BILLING_ACTORS, INVOICE_FILTER_STATUSES, INVOICE_STATUS_LABEL, INVOICE_STATUSES, type InvoiceStatus } from '../models/billing';
import {
  adjustmentCents,
  canCreateInstallmentFor,
  canTransition,
  formatBillingAmount,
  INVOICE_TRANSITIONS,
  invoiceCan,
  invoiceTotals,
  isPastDue,
  refundableCents,
  refundProblem,
  roundCents,
  splitInstallments,
  suspensionState,
  transition,
} from './billing';

const status = fc.constantFrom(...INVOICE_STATUSES);
const actor = fc.constantFrom(...BILLING_ACTORS);

describe('the transition table', () => {
  it('names every status, only statuses, never a status to itself, and refund is final', () => {
    expect(Object.keys(INVOICE_TRANSITIONS).sort()).toEqual([...INVOICE_STATUSES].sort());
    for (const [from, targets] of Object.entries(INVOICE_TRANSITIONS)) {
      for (const [to, actors] of Object.entries(targets)) {
        expect(INVOICE_STATUSES).toContain(to);
        expect(to).not.toBe(from);
        expect(actors?.length).toBeGreaterThan(0);
      }
    }
    expect(INVOICE_TRANSITIONS.refund).toEqual({});
  });

  it('reaches every status from unpaid', () => {
    const seen = new Set<InvoiceStatus>(['unpaid']);
    const queue: InvoiceStatus[] = ['unpaid'];
    while (queue.length) for (const to of Object.keys(INVOICE_TRANSITIONS[queue.shift() as InvoiceStatus]) as InvoiceStatus[]) if (!seen.has(to)) (seen.add(to), queue.push(to));
    expect([...seen].sort()).toEqual([...INVOICE_STATUSES].sort());
  });

  test.prop([status, status, actor, fc.string()])('transition() allows exactly what the table allows, and records actor, reason and time', (from, to, who, reason) => {
    const now = new Date('2026-03-08T10:00:00Z');
    const result = transition(from, to, { actor: who, userId: 7 }, reason, now);
    expect(result.ok).toBe(from !== to && canTransition(from, to, who) && reason.trim() !== '');
    if (result.ok) expect(result.record).toEqual({ from, to, actor: who, userId: 7, reason: reason.trim(), at: now.toISOString() });
  });

  it('labels alternate "Alternate Arrangement" and filters only unpaid, paid, pending, fail', () => {
    expect(INVOICE_STATUS_LABEL.alternate).toBe('Alternate Arrangement');
    expect([...INVOICE_FILTER_STATUSES]).toEqual(['unpaid', 'paid', 'pending', 'fail']);
  });
});

describe('past due (spec 000 §5)', () => {
  const zones = fc.constantFrom('America/Los_Angeles', 'America/New_York', 'Europe/Paris', 'Asia/Kathmandu', 'UTC');
  /** A brute-force reading: walk the local calendar with Intl, independent of date-fns-tz. */
  const localParts = (at: Date, timeZone: string) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  };
  /** The first instant whose local reading is `local` or later (a minute scan around the UTC guess). */
  const instantOf = (local: string, timeZone: string) => {
    let t = Date.parse(`${local}Z`) - 15 * 3_600_000;
    while (localParts(new Date(t + 3_600_000), timeZone) < local) t += 3_600_000;
    while (localParts(new Date(t), timeZone) < local) t += 60_000;
    return t;
  };

  test.prop([zones, fc.integer({ min: Date.parse('2025-01-01'), max: Date.parse('2027-12-31') }), fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }), fc.boolean()])(
    'an unpaid recurring invoice: more than 24 h after the start of its due day (or cycle start)',
    (timeZone, ms, offset, useDue) => {
      const day = localParts(new Date(ms), timeZone).slice(0, 10);
      const start = instantOf(`${day}T00:00:00`, timeZone);
      const now = new Date(start + 24 * 3_600_000 + offset);
      const invoice = { status: 'unpaid' as const, type: 'recurring' as const, dueDate: useDue ? day : null, current_billing_cycle_start: useDue ? null : day, createdAt: new Date(start).toISOString(), deleted: false };
      expect(isPastDue(invoice, now, timeZone)).toBe(offset > 0);
      expect(isPastDue({ ...invoice, deleted: true }, now, timeZone)).toBe(false);
      expect(isPastDue({ ...invoice, status: 'paid' }, now, timeZone)).toBe(false);
    },
  );

  test.prop([zones, fc.integer({ min: Date.parse('2025-01-01'), max: Date.parse('2027-12-31') }), fc.integer({ min: -2 * 3_600_000, max: 2 * 3_600_000 })])(
    'an unpaid one-time invoice: created more than 28 calendar days ago, whatever DST does',
    (timeZone, created, offset) => {
      const local = localParts(new Date(created), timeZone);
      const [d, time] = local.split('T') as [string, string];
      const later = new Date(Date.parse(`${d}T00:00:00Z`) + 28 * 86_400_000).toISOString().slice(0, 10);
      const limit = instantOf(`${later}T${time}`, timeZone);
      const invoice = { status: 'unpaid' as const, type: 'onetime' as const, dueDate: null, current_billing_cycle_start: null, createdAt: new Date(created).toISOString(), deleted: false };
      // Within a minute of the edge the scan's resolution decides nothing: skip only that sliver; and a
      // wall-clock time that does not exist that day (skipped by DST) has no one brute-force reading.
      fc.pre(Math.abs(offset) > 60_000 && localParts(new Date(limit), timeZone).slice(0, 16) === `${later}T${time}`.slice(0, 16));
      expect(isPastDue(invoice, new Date(limit + offset), timeZone)).toBe(offset > 0);
    },
  );
});

describe('money', () => {
  test.prop([fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 100_000 })])('roundCents rounds half away from zero, once', (n, d) => {
    const exact = n / d;
    const expected = Math.sign(exact) * Math.floor(Math.abs(exact) + 0.5);
    expect(roundCents(n, d)).toBe(expected === 0 ? 0 : expected);
  });

  test.prop([
    fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 20 }), unit_amount: fc.integer({ min: 0, max: 100_000 }) }), { maxLength: 5 }),
    fc.array(fc.record({ type: fc.constantFrom('d' as const, 'a' as const), amount_kind: fc.constantFrom('a' as const, 'p' as const), value: fc.integer({ min: 0, max: 10_000 }) }), { maxLength: 4 }),
    fc.integer({ min: 0, max: 3000 }),
  ])('totals are whole cents, never below 0, and add up', (lines, adjustments, taxRate) => {
    const t = invoiceTotals(lines, adjustments, taxRate);
    for (const v of [t.subtotal, t.adjustments_total, t.tax, t.total, ...t.adjustments]) expect(Number.isInteger(v)).toBe(true);
    expect(t.total).toBeGreaterThanOrEqual(0);
    expect(t.total).toBe(t.subtotal + t.adjustments_total + t.tax);
    adjustments.forEach((a, i) => expect(t.adjustments[i]).toBe(adjustmentCents(a, t.subtotal)));
  });

  test.prop([fc.integer({ min: 1, max: 100_000 }), fc.array(fc.integer({ min: -5, max: 50_000 }), { maxLength: 30 })])('refunds never exceed what was paid minus refunded', (paid, requests) => {
    let refunded = 0;
    for (const amount of requests) if (refundProblem({ amount: paid, refunded, status: 'succeeded' }, amount) === null) refunded += amount;
    expect(refunded).toBeLessThanOrEqual(paid);
    expect(refundableCents({ amount: paid, refunded })).toBe(paid - refunded);
  });

  it('20 refunds of 7.00 on 100.00 allow exactly 14', () => {
    let refunded = 0;
    let ok = 0;
    for (let i = 0; i < 20; i++) if (refundProblem({ amount: 10_000, refunded, status: 'succeeded' }, 700) === null) (refunded += 700, ok++);
    expect(ok).toBe(14);
  });

  it('shows each currency with its symbol and two decimals', () => {
    expect(formatBillingAmount(123456, 'USD')).toBe('$1,234.56');
    expect(formatBillingAmount(5, 'EUR')).toBe('€0.05');
    expect(formatBillingAmount(100, 'NPR')).toBe('Rs1.00');
  });

  test.prop([fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 2, max: 36 })])('instalments sum to the total and differ by at most a cent', (total, count) => {
    const parts = splitInstallments(total, count);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
  });
});

describe('predicates', () => {
  test.prop([status, fc.boolean()])('the embed charges only unpaid or failed invoices', (s, deleted) => {
    expect(invoiceCan.chargeFromEmbed({ status: s, deleted })).toBe(!deleted && (s === 'unpaid' || s === 'fail'));
    expect(invoiceCan.chargeFromEmbed.states).toEqual(['unpaid', 'fail']);
  });

  test.prop([fc.integer({ min: 0, max: 4e12 }), fc.option(fc.integer({ min: 0, max: 4e12 }), { nil: null })])('suspension: none → active, future → will be suspended, past → suspended', (now, at) => {
    const state = suspensionState(at === null ? null : new Date(at), new Date(now));
    expect(state).toBe(at === null ? 'active' : at > now ? 'willBeSuspended' : 'suspended');
  });

  test.prop([fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), fc.constantFrom('ADMIN', 'OWNER', 'MANAGER')])('installments: an admin for anyone, others only for themselves', (me, forUser, role) => {
    expect(canCreateInstallmentFor({ id: me, role }, forUser)).toBe(role === 'ADMIN' || me === forUser);
  });
});
