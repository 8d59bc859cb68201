import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { StaffAcl } from '../models/staff';
import { PERMISSION_IMPLIES, PERMISSION_KEYS, PERMISSION_LABEL, type PermissionKey } from './acl';
import { aclIsUnrestricted, aclWithPermissions, aclWithUnrestricted, grantedPermissions, impliedByOther, permissionGroups, staffAclCan } from './staffAcl';

const key = fc.constantFrom(...PERMISSION_KEYS);
const word = fc.stringMatching(/^[a-z][a-z-]{0,8}$/);
/** Any acl: catalogue keys, unknown blocks and units, restrictions, maybe `unrestricted`. */
const staffAcl: fc.Arbitrary<StaffAcl> = fc
  .record({
    keys: fc.uniqueArray(key),
    extraBlocks: fc.uniqueArray(word, { maxLength: 3 }),
    extraUnits: fc.dictionary(word, fc.uniqueArray(word, { maxLength: 3 }), { maxKeys: 3 }),
    restrictions: fc.uniqueArray(key, { maxLength: 3 }),
    unrestricted: fc.boolean(),
  })
  .map(({ keys, extraBlocks, extraUnits, restrictions, unrestricted }) => {
    const base = aclWithPermissions({ blocks: [], units: {}, restrictions: [] }, keys);
    const units = { ...base.units };
    for (const [block, list] of Object.entries(extraUnits)) units[block] = [...new Set([...(units[block] ?? []), ...list.map((u) => `x-${u}`)])];
    return aclWithUnrestricted({ blocks: [...new Set([...base.blocks, ...extraBlocks.map((b) => `x-${b}`)])], units, restrictions }, unrestricted);
  });
const sorted = (keys: readonly string[]) => [...keys].sort();

describe('staff access editor', () => {
  test.prop([staffAcl, fc.uniqueArray(key)])('the ticked keys are exactly the ones granted after saving', (acl, keys) => {
    const next = aclWithPermissions(acl, keys);
    expect(sorted(grantedPermissions(next))).toEqual(sorted(keys));
    for (const k of keys) expect(staffAclCan(next, k)).toBe(true);
  });

  test.prop([staffAcl, fc.uniqueArray(key)])('what the catalogue does not name is kept: unrestricted, other blocks and units, other restrictions', (acl, keys) => {
    const next = aclWithPermissions(acl, keys);
    expect(aclIsUnrestricted(next)).toBe(aclIsUnrestricted(acl));
    for (const b of acl.blocks.filter((b) => b.startsWith('x-') || b === 'unrestricted')) expect(next.blocks).toContain(b);
    for (const [block, list] of Object.entries(acl.units)) for (const u of list.filter((u) => u.startsWith('x-'))) expect(next.units[block]).toContain(u);
    for (const r of acl.restrictions) expect(next.restrictions.includes(r)).toBe(!keys.includes(r as PermissionKey) && !impliedByOther(keys, r as PermissionKey));
  });

  test.prop([staffAcl])('saving the keys an acl already grants takes nothing away; it adds only a "view" the editor shows as included', (acl) => {
    const granted = grantedPermissions(acl);
    const next = aclWithPermissions(acl, granted);
    for (const k of PERMISSION_KEYS) {
      if (staffAclCan(acl, k)) expect(staffAclCan(next, k)).toBe(true);
      else expect(staffAclCan(next, k)).toBe(impliedByOther(granted, k));
    }
  });

  test.prop([staffAcl, fc.uniqueArray(key)])('an unticked key is not granted unless a ticked key includes it (or unrestricted)', (acl, keys) => {
    const next = aclWithUnrestricted(aclWithPermissions(acl, keys), false);
    for (const k of PERMISSION_KEYS) expect(staffAclCan(next, k)).toBe(keys.includes(k) || impliedByOther(keys, k));
  });

  it('groups every key under its block, with the catalogue labels', () => {
    const groups = permissionGroups();
    expect(sorted(groups.flatMap((g) => g.keys.map((k) => k.key)))).toEqual(sorted(PERMISSION_KEYS));
    expect(groups.map((g) => g.label)).toEqual(['Operations', 'Reports', 'Payroll', 'Settings', 'Customers', 'Locations']);
    for (const g of groups) for (const k of g.keys) expect(k.label).toBe(PERMISSION_LABEL[k.key]);
  });

  it('writes blocks and units as the server reads them', () => {
    expect(aclWithPermissions({ blocks: [], units: {}, restrictions: [] }, ['operation.staff', 'customer'])).toEqual({ blocks: ['operation', 'customer'], units: { operation: ['staff'] }, restrictions: [] });
    expect(impliedByOther(['operation.staff'], 'operation.view-staff')).toBe(true);
    expect(impliedByOther(['operation.view-staff'], 'operation.view-staff')).toBe(false);
    expect(Object.keys(PERMISSION_IMPLIES).length).toBeGreaterThan(0);
  });
});
