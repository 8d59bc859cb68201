import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { clientName, ERASED_CLIENT_NAME } from './clientName';
import { type ClientTicket, clientMatches, clientPhoneProblem, customerFacts, likeAnywhere, parseClientQuery } from './clients';

const dayArb = fc.integer({ min: 0, max: 700 }).map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const ticketArb: fc.Arbitrary<ClientTicket> = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  checkout: fc.option(
    fc.record({ day: dayArb, at: fc.integer({ min: 0, max: 86_399 }).map((s) => new Date(Date.UTC(2025, 0, 1) + s * 1000).toISOString()), tips: fc.integer({ min: 0, max: 5000 }), employee_id: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }) }),
    { nil: null },
  ),
  serviced_by: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  lines: fc.array(fc.record({ total: fc.integer({ min: -2000, max: 50_000 }), voided: fc.boolean() }), { maxLength: 5 }),
  refunds: fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 2 }),
});
const ticketsArb = fc.uniqueArray(ticketArb, { selector: (t) => t.id, maxLength: 12 });

describe('customerFacts (the customer_facts view, in memory)', () => {
  test.prop([ticketsArb])('counts only completed tickets, and spend is their live line totals', (tickets) => {
    const facts = customerFacts(tickets);
    const completed = tickets.filter((t) => t.checkout !== null);
    expect(facts.visits).toBe(completed.length);
    expect(facts.spend).toBe(completed.flatMap((t) => t.lines).filter((l) => !l.voided).reduce((s, l) => s + l.total, 0));
    expect(facts.tips).toBe(completed.reduce((s, t) => s + (t.checkout?.tips ?? 0), 0));
    if (completed.length === 0) {
      expect(facts).toMatchObject({ average_spend: 0, first_visit: null, last_visit: null, last_ticket_id: null, last_staff_id: null });
    } else {
      expect(Math.abs(facts.average_spend * completed.length - facts.spend)).toBeLessThanOrEqual(completed.length / 2);
      expect(facts.first_visit! <= facts.last_visit!).toBe(true);
      expect(completed.every((t) => t.checkout!.day >= facts.first_visit! && t.checkout!.day <= facts.last_visit!)).toBe(true);
      const last = completed.find((t) => t.id === facts.last_ticket_id)!;
      expect(last.checkout!.day).toBe(facts.last_visit);
      expect(facts.last_staff_id).toBe(last.serviced_by ?? last.checkout!.employee_id);
    }
  });

  test.prop([ticketsArb])('does not depend on the order tickets come in', (tickets) => {
    expect(customerFacts([...tickets].reverse())).toEqual(customerFacts(tickets));
  });

  it('rounds the average half away from zero, as PostgreSQL rounds numeric', () => {
    const t = (id: number, total: number): ClientTicket => ({ id, checkout: { day: '2026-01-02', at: '2026-01-02T10:00:00Z', tips: 0, employee_id: null }, serviced_by: null, lines: [{ total, voided: false }], refunds: [] });
    expect(customerFacts([t(1, 1), t(2, 2)]).average_spend).toBe(2);
    expect(customerFacts([t(1, -1), t(2, -2)]).average_spend).toBe(-2);
  });
});

describe('the client search', () => {
  const client = { firstname: 'Quillon', lastname: 'Vantabrook', email: 'quill.vb@example.org', phone: '(555) 271-9043' };

  test.prop([fc.constantFrom('(555) 271-9043', '555.271.9043', '555-271-9043', '+1 555 271 9043', '5552719043', '15552719043', '271-9043', '9043')])('finds a phone however it is typed', (typed) => {
    const q = parseClientQuery(typed);
    expect(q.kind).toBe('phone');
    expect(clientMatches(client, q)).toBe(true);
  });

  it('reads words as parts of the name or email, all of them, in any case', () => {
    expect(clientMatches(client, parseClientQuery('  QUILL  vanta '))).toBe(true);
    expect(clientMatches(client, parseClientQuery('example.org'))).toBe(true);
    expect(clientMatches(client, parseClientQuery('quillon smith'))).toBe(false);
    expect(parseClientQuery('   ')).toEqual({ kind: 'all' });
    expect(clientMatches(client, parseClientQuery('12'))).toBe(false);
  });

  test.prop([fc.string({ maxLength: 20 })])('a LIKE pattern takes %, _ and \\ literally', (word) => {
    const pattern = likeAnywhere(word);
    expect(pattern.startsWith('%') && pattern.endsWith('%')).toBe(true);
    expect(pattern.slice(1, -1).replace(/\\[\\%_]/g, '')).not.toMatch(/[%_]/);
  });
});

describe('names and phones', () => {
  it('shows a client as tickets show a customer; an erased one as erased', () => {
    expect(clientName({ firstname: ' Ana ', lastname: null, phone: '555', phone_type: 'MOBILE' })).toBe('Ana');
    expect(clientName({ firstname: null, lastname: null, phone: '(555) 514-6808', phone_type: 'MOBILE' })).toBe('(555) 514-6808');
    expect(clientName({ firstname: null, lastname: null, phone: '', phone_type: 'TEMP' })).toBe('Walk-in');
    expect(clientName({ firstname: 'Ana', lastname: 'Li', phone: '', phone_type: 'MOBILE', erased_at: '2026-01-01T00:00:00Z' })).toBe(ERASED_CLIENT_NAME);
  });

  it('takes phones of 7 to 15 digits with the usual signs', () => {
    expect(clientPhoneProblem('(555) 514-6808')).toBeNull();
    expect(clientPhoneProblem('+977 1 555 0190')).toBeNull();
    expect(clientPhoneProblem('12345')).not.toBeNull();
    expect(clientPhoneProblem('555-CALL-NOW')).not.toBeNull();
    expect(clientPhoneProblem('1'.repeat(16))).not.toBeNull();
  });
});
