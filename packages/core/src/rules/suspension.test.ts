import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../api/index';
import { MESSAGES } from '../messages';
import type { SuspensionStatus } from '../models/suspensionStatus';
import { balanceDue, reachableScreenWhenSuspended, reachableWhenSuspended, suspensionNotice, suspensionOf, suspensionStart } from './suspension';
import { fromZonedTime } from 'date-fns-tz';
import { addDays } from './scheduleTime';

const dayArb = fc.date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2098-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('suspension state from a date (spec 001 §4)', () => {
  const zoneArb = fc.constantFrom('America/Los_Angeles', 'Europe/Paris', 'Asia/Kathmandu', 'Australia/Sydney', 'UTC');
  const at = (day: string, time: string, zone: string) => fromZonedTime(`${day}T${time}`, zone);

  test.prop([dayArb, zoneArb])('no date: active, whatever the day', (today, zone) => {
    expect(suspensionOf({ suspended_after: null, timezone: zone }, at(today, '12:00:00', zone))).toEqual({ isSuspended: false, willBeSuspended: false, suspended_after: null, reason: null });
  });

  test.prop([dayArb, fc.integer({ min: 1, max: 3650 }), zoneArb])('a day to come: will be suspended; from the first moment of that day there: suspended', (today, ahead, zone) => {
    const date = addDays(today, ahead);
    const business = { suspended_after: date, timezone: zone };
    expect(suspensionOf(business, at(today, '23:59:59', zone))).toMatchObject({ isSuspended: false, willBeSuspended: true });
    expect(suspensionOf(business, at(addDays(date, -1), '23:59:59', zone))).toMatchObject({ isSuspended: false, willBeSuspended: true });
    expect(suspensionOf(business, at(date, '00:00:00', zone))).toMatchObject({ isSuspended: true, willBeSuspended: false });
    expect(suspensionOf(business, suspensionStart(date, zone))).toMatchObject({ isSuspended: true });
    expect(suspensionOf(business, at(addDays(date, ahead), '12:00:00', zone))).toMatchObject({ isSuspended: true, willBeSuspended: false });
  });

  it('reads the day in the business time zone: 2026-12-01 starts at midnight in Los Angeles, not in UTC', () => {
    const business = { suspended_after: '2026-12-01', timezone: 'America/Los_Angeles' };
    // 07:59 UTC on Dec 1 is 23:59 on Nov 30 in Los Angeles; 08:00 UTC is midnight there.
    expect(suspensionOf(business, new Date('2026-12-01T07:59:00Z'))).toEqual({ isSuspended: false, willBeSuspended: true, suspended_after: '2026-12-01', reason: null });
    expect(suspensionOf(business, new Date('2026-12-01T08:00:00Z'))).toEqual({ isSuspended: true, willBeSuspended: false, suspended_after: '2026-12-01', reason: null });
    expect(suspensionOf({ ...business, suspended_after: null }, new Date())).toEqual({ isSuspended: false, willBeSuspended: false, suspended_after: null, reason: null });
  });

  it('carries the reason the admin gave while there is a suspension, and none once it is lifted', () => {
    const business = { suspended_after: '2026-12-01', timezone: 'America/Los_Angeles', suspension_reason: 'Closed for renovation' };
    expect(suspensionOf(business, new Date('2026-12-02T00:00:00Z')).reason).toBe('Closed for renovation');
    expect(suspensionOf({ ...business, suspended_after: null }, new Date()).reason).toBeNull();
  });
});

describe('what a suspended business reaches', () => {
  it('the business detail and table layouts, never another area', () => {
    const reachable = allEndpoints.filter(reachableWhenSuspended).map((e) => e.name);
    expect(reachable).toEqual(expect.arrayContaining(['businesses.detail', 'suspension.status', 'tableSettings.get', 'tableSettings.update']));
    expect(reachable.filter((name) => !/^(billing|exports\.billing)/.test(name)).sort()).toEqual(['businesses.detail', 'suspension.status', 'tableSettings.get', 'tableSettings.update']);
  });

  it('every billing call, by name or path', () => {
    expect(reachableWhenSuspended({ name: 'billing.invoice.all', path: '/protected/business/{id}/billing' })).toBe(true);
    expect(reachableWhenSuspended({ name: 'x', path: '/protected/user/{id}/billing' })).toBe(true);
    expect(reachableWhenSuspended({ name: 'sales.list', path: '/protected/business/{id}/sales' })).toBe(false);
    expect(reachableWhenSuspended({ name: 'x', path: '/protected/business/{id}/billingsummary' })).toBe(false);
  });

  it('the billing screens only', () => {
    expect(['billing', 'billing/invoices/3', 'billingv2'].every(reachableScreenWhenSuspended)).toBe(true);
    expect(['home', 'reports/billing', 'billings', 'settings'].some(reachableScreenWhenSuspended)).toBe(false);
  });
});

describe('what a suspension notice says (issue 28)', () => {
  const format = { day: (d: string) => `day ${d}`, money: (c: number) => `$${(c / 100).toFixed(2)}` };
  const status = (over: { suspension?: Partial<SuspensionStatus['suspension']>; owed?: Partial<SuspensionStatus['owed']> } = {}): SuspensionStatus => ({
    suspension: { isSuspended: true, willBeSuspended: false, suspended_after: '2026-11-20', reason: 'Card declined three times', ...over.suspension },
    owed: { amount: 0, currency: 'USD', invoices: 0, invoice_id: null, ...over.owed },
    contact: { email: 'support@salondesk.example', phone: '+13235550100' },
  });

  it('a suspended business that owes: since when, why, what it owes with the invoice to pay', () => {
    expect(suspensionNotice(status({ owed: { amount: 12900, invoices: 1, invoice_id: 7 } }), format)).toEqual({
      title: 'This business has been suspended since day 2026-11-20.',
      reason: 'Reason: Card declined three times',
      next: { kind: 'pay', text: '$129.00 is owed on 1 invoice: paying restores access.', amount: 12900, invoice_id: 7 },
    });
  });

  it('a suspended business that owes nothing is sent to the platform’s support, never told to pay', () => {
    const notice = suspensionNotice(status(), format);
    expect(notice?.next).toEqual({ kind: 'contact', text: MESSAGES.suspensionNothingOwedToRestore, contact: { email: 'support@salondesk.example', phone: '+13235550100' } });
    expect(JSON.stringify(notice)).not.toMatch(/[Pp]ay/);
  });

  it('one that will be suspended: the day it will be, and what paying before then does', () => {
    const notice = suspensionNotice(status({ suspension: { isSuspended: false, willBeSuspended: true, reason: null }, owed: { amount: 500, invoices: 2, invoice_id: 3 } }), format);
    expect(notice).toMatchObject({ title: 'This business will be suspended on day 2026-11-20.', reason: null, next: { kind: 'pay', text: '$5.00 is owed on 2 invoices: paying before then keeps the business running.' } });
    expect(suspensionNotice(status({ suspension: { isSuspended: false, willBeSuspended: false, suspended_after: null } }), format)).toBeNull();
  });

  test.prop([fc.array(fc.record({ total: fc.integer({ min: 0, max: 1e7 }), paid: fc.integer({ min: 0, max: 1e7 }) }), { maxLength: 20 })])(
    'the balance due is never negative and counts only what each invoice still lacks',
    (invoices) => {
      const due = balanceDue(invoices);
      expect(due).toBeGreaterThanOrEqual(0);
      expect(due).toBe(invoices.filter((i) => i.total > i.paid).reduce((s, i) => s + i.total - i.paid, 0));
    },
  );
});
