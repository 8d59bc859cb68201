import { describe, expect, it } from 'vitest';
import { visibleNavEntries, type NavEntry } from './navigation';

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
