import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ROLE, UNRESTRICTED, type Acl } from '../models/user';
import { PERMISSION_KEYS } from './acl';
import { dashboardRights, mayChangeKpi, seesEveryLocation } from './dashboardRights';
import { aclArb, networkArb, userArb } from './dashboardRights.arb';

const acl = (keys: string[], extra: Partial<Acl> = {}): Acl => {
  const units: Record<string, string[]> = {};
  const blocks = new Set<string>();
  for (const key of keys) {
    const [block, unit] = key.split('.') as [string, string | undefined];
    blocks.add(block);
    if (unit) units[block] = [...(units[block] ?? []), unit];
  }
  return { blocks: [...blocks], units, restrictions: [], multiLocation: false, custom: [], ...extra };
};

describe('dashboard rights', () => {
  it('the demo accounts: the owner changes everything, the restricted manager and the front desk only hide for themselves', () => {
    const owner = { role: ROLE.OWNER, acl: acl([UNRESTRICTED]) };
    expect(dashboardRights(owner, true)).toEqual({ cards: true, kpis: true, globalKpis: true, hide: true });
    // The manager sees one location of three and may not edit settings.
    const manager = { role: ROLE.MANAGER, acl: acl(['operation.view-service', 'operation.staff', 'reporting.transactionreport']) };
    expect(dashboardRights(manager, false)).toEqual({ cards: false, kpis: false, globalKpis: false, hide: true });
    const frontDesk = { role: ROLE.STAFF, acl: acl([]) };
    expect(dashboardRights(frontDesk, true)).toEqual({ cards: false, kpis: false, globalKpis: false, hide: true });
    // Settings rights at one location, without the network: business-level only.
    expect(dashboardRights({ role: ROLE.MANAGER, acl: acl(['setting.editsetting']) }, true)).toEqual({ cards: true, kpis: true, globalKpis: false, hide: true });
    expect(dashboardRights({ role: ROLE.MANAGER, acl: acl(['setting.editsetting', 'locations.edit-locations']) }, true).globalKpis).toBe(true);
    // An unrestricted owner who does not see every location (a location granted to others only) may not touch it.
    expect(dashboardRights(owner, false).globalKpis).toBe(false);
    expect(dashboardRights({ role: ROLE.ADMIN, acl: acl([]) }, true)).toEqual({ cards: true, kpis: true, globalKpis: true, hide: true });
  });

  test.prop([userArb, fc.boolean()])('a global KPI needs every right a business-level one needs, and every location', (user, every) => {
    const rights = dashboardRights(user, every);
    if (rights.globalKpis) {
      expect(rights.kpis).toBe(true);
      expect(every).toBe(true);
    }
    expect(rights.hide).toBe(true);
    expect(rights.cards).toBe(rights.kpis);
    expect(mayChangeKpi(rights, { global: true })).toBe(rights.globalKpis);
    expect(mayChangeKpi(rights, { global: false })).toBe(rights.kpis);
  });

  test.prop([aclArb, fc.constantFrom(...PERMISSION_KEYS), fc.boolean()])('granting one more permission never takes a right away', (base, key, every) => {
    const [block, unit] = key.split('.') as [string, string | undefined];
    const more: Acl = {
      ...base,
      blocks: [...new Set([...base.blocks, block])],
      units: unit ? { ...base.units, [block]: [...new Set([...(base.units[block] ?? []), unit])] } : base.units,
    };
    const before = dashboardRights({ role: ROLE.MANAGER, acl: base }, every);
    const after = dashboardRights({ role: ROLE.MANAGER, acl: more }, every);
    for (const right of ['cards', 'kpis', 'globalKpis', 'hide'] as const) if (before[right]) expect(after[right], right).toBe(true);
  });

  test.prop([userArb, networkArb])('seeing every location means seeing each one of them', (user, { locations, grants }) => {
    const every = seesEveryLocation(user, grants, locations);
    const admin = user.role === ROLE.ADMIN;
    const granted = (id: number) => admin || grants.networkIds.includes(7) || grants.businessIds.includes(id);
    expect(every).toBe(locations.every((l) => granted(l.id)));
  });
});
