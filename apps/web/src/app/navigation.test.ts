import { describe, expect, it } from 'vitest';
import type { User } from '@salondesk/core';
import { REPORT_SLUGS } from '@salondesk/core';
import { mayOpenScreen, NAV_ENTRIES, navEntriesFor, navItems, visibleNavEntries, type NavEntry } from './navigation';

const entries: NavEntry[] = [
  { screen: 'home', label: 'Home' },
  { screen: 'staff', label: 'Staff', permission: 'operation.view-staff' },
  { screen: 'settings', label: 'Settings', permission: 'setting.viewsetting' },
  { screen: 'admin', label: 'Admin', adminOnly: true },
];
const acl = { blocks: ['operation'], units: { operation: ['view-staff'] }, restrictions: [], multiLocation: false, custom: [] };

describe('visibleNavEntries', () => {
  it('shows a restricted user only the sections their acl allows', () => {
    expect(visibleNavEntries({ role: 'MANAGER', acl }, entries).map((e) => e.screen)).toEqual(['home', 'staff']);
  });
  it('shows an unrestricted owner everything but admin sections', () => {
    expect(visibleNavEntries({ role: 'OWNER', acl: { ...acl, blocks: ['unrestricted'] } }, entries).map((e) => e.screen)).toEqual(['home', 'staff', 'settings']);
  });
  it('shows an admin everything', () => {
    expect(visibleNavEntries({ role: 'ADMIN', acl: { ...acl, blocks: [] } }, entries)).toHaveLength(4);
  });
});

describe('the current navigation entry', () => {
  const admin = { role: 'ADMIN', acl: { ...acl, blocks: [] } };
  const currentOf = (pathname: string, user: Pick<User, 'role' | 'acl'> = admin) =>
    navItems(user, 1, pathname)
      .filter((item) => item.current)
      .map((item) => item.key);

  it('is exactly one entry on every screen, the most specific one', () => {
    expect(currentOf('/1/transactions')).toEqual(['transactions']);
    expect(currentOf('/1/transactions/history')).toEqual(['transactions/history']);
    expect(currentOf('/1/transactions/512')).toEqual(['transactions']);
    expect(currentOf('/1/staff')).toEqual(['staff']);
    expect(currentOf('/1/staff/report')).toEqual(['staff']);
    expect(currentOf('/1/staff/4')).toEqual(['staff']);
    expect(currentOf('/1/reports/daily/sales')).toEqual(['reports/daily/sales']);
    expect(currentOf('/1/reports/daily/aggregate-sales')).toEqual(['reports/daily/aggregate-sales']);
    expect(currentOf('/1/home')).toEqual(['home']);
  });

  it('is none on a screen without an entry, or whose entry this user does not see', () => {
    expect(currentOf('/1/nowhere')).toEqual([]);
    expect(currentOf('/1/transactionsx')).toEqual([]);
    const owner = { role: 'OWNER', acl: { ...acl, blocks: ['unrestricted'] } };
    expect(currentOf('/1/transactions/history', owner)).toEqual([]);
  });

  for (const pathname of ['/1/home', '/1/transactions/history', '/1/staff/report', '/1/reports/daily/aggregate-sales', '/1/settings', '/1/admin/system-settings']) {
    it(`is at most one on ${pathname}`, () => {
      expect(currentOf(pathname).length).toBeLessThanOrEqual(1);
    });
  }
});

describe('opening a screen by its address', () => {
  const manager = { role: 'MANAGER', acl };
  it('is refused for a section whose permission the user lacks (the manager opening Settings), and its nested screens', () => {
    expect(mayOpenScreen(manager, 1, '/1/settings')).toBe(false);
    expect(mayOpenScreen(manager, 1, '/1/staff/report')).toBe(true);
    expect(mayOpenScreen({ role: 'FRONTDESK', acl: { ...acl, units: {} } }, 1, '/1/staff/12')).toBe(false);
  });
  it('is left to the screen for admin-only sections and for paths without an entry', () => {
    expect(mayOpenScreen(manager, 1, '/1/admin/system-settings')).toBe(true);
    expect(mayOpenScreen(manager, 1, '/1/nowhere')).toBe(true);
    expect(mayOpenScreen(manager, 1, '/1/home')).toBe(true);
  });
});

describe('report entries (spec 000 §2 slugs)', () => {
  const admin = { role: 'ADMIN', acl: { ...acl, blocks: [] } };
  const screens = (entries: readonly NavEntry[]) => entries.map((e) => e.screen);
  it('come from the slug registry: each built report screen once, then Reports', () => {
    const built = REPORT_SLUGS.filter((s) => s.screen).map((s) => s.path);
    expect(screens(NAV_ENTRIES.filter((e) => e.slug !== undefined))).toEqual(built);
    expect(screens(NAV_ENTRIES)).toEqual(expect.arrayContaining(['reports/datasources', 'reports/questions']));
    expect(screens(NAV_ENTRIES)).toContain('reports');
  });
  it('offer only the reports a location turns on, and none when its reports are off (standalone billing stays)', () => {
    expect(screens(navEntriesFor({ enabled: true, reports: ['aggregate-sales'] }))).not.toContain('reports/daily/sales');
    expect(screens(navEntriesFor({ enabled: true, reports: ['aggregate-sales'] }))).toContain('reports/daily/aggregate-sales');
    expect(screens(navEntriesFor({ enabled: false, reports: ['sales', 'aggregate-sales'] }).filter((e) => e.slug !== undefined))).toEqual(['billingv2']);
    expect(navEntriesFor(undefined)).toEqual([...NAV_ENTRIES]);
  });
  it('keep the daily report current on its screen, and Reports on the catalogue', () => {
    const current = (pathname: string) => navItems(admin, 1, pathname).filter((i) => i.current).map((i) => i.key);
    expect(current('/1/reports')).toEqual(['reports']);
    expect(current('/1/reports/catalogue/gallery')).toEqual(['reports']);
    expect(current('/1/reports/daily/sales')).toEqual(['reports/daily/sales']);
    expect(current('/1/reports/questions/3/edit')).toEqual(['reports/questions']);
    expect(current('/1/reports/embed/4')).toEqual(['reports']);
  });
});
