import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../api/index';
import { reachableScreenWhenSuspended, reachableWhenSuspended, suspensionOf, suspensionStart } from './suspension';
import { fromZonedTime } from 'date-fns-tz';
import { addDays } from './scheduleTime';

const dayArb = fc.date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2098-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('suspension state from a date (spec 001 §4)', () => {
  const zoneArb = fc.constantFrom('America/Los_Angeles', 'Europe/Paris', 'Asia/Kathmandu', 'Australia/Sydney', 'UTC');
  const at = (day: string, time: string, zone: string) => fromZonedTime(`${day}T${time}`, zone);

  test.prop([dayArb, zoneArb])('no date: active, whatever the day', (today, zone) => {
    expect(suspensionOf({ suspended_after: null, timezone: zone }, at(today, '12:00:00', zone))).toEqual({ isSuspended: false, willBeSuspended: false, suspended_after: null });
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
    expect(suspensionOf(business, new Date('2026-12-01T07:59:00Z'))).toEqual({ isSuspended: false, willBeSuspended: true, suspended_after: '2026-12-01' });
    expect(suspensionOf(business, new Date('2026-12-01T08:00:00Z'))).toEqual({ isSuspended: true, willBeSuspended: false, suspended_after: '2026-12-01' });
    expect(suspensionOf({ ...business, suspended_after: null }, new Date())).toEqual({ isSuspended: false, willBeSuspended: false, suspended_after: null });
  });
});

describe('what a suspended business reaches', () => {
  it('the business detail and table layouts, never another area', () => {
    const reachable = allEndpoints.filter(reachableWhenSuspended).map((e) => e.name);
    expect(reachable).toEqual(expect.arrayContaining(['businesses.detail', 'tableSettings.get', 'tableSettings.update']));
    expect(reachable.filter((name) => !/^(billing|exports\.billing)/.test(name)).sort()).toEqual(['businesses.detail', 'tableSettings.get', 'tableSettings.update']);
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
