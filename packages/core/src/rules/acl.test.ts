import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { Acl } from '../models/user';
import { can, PERMISSION_IMPLIES, PERMISSION_KEYS, userCan, withRoleDefaults, type PermissionKey } from './acl';

const key = fc.constantFrom(...PERMISSION_KEYS);
const blockOf = (k: string) => k.split('.')[0] as string;
const unitOf = (k: string) => k.split('.')[1];

/** An acl granting exactly a set of keys, plus some restrictions. */
const aclFor = (keys: readonly PermissionKey[], restrictions: readonly string[] = []): Acl => {
  const units: Record<string, string[]> = {};
  for (const k of keys) {
    const unit = unitOf(k);
    if (unit) (units[blockOf(k)] ??= []).push(unit);
  }
  return { blocks: [...new Set(keys.map(blockOf))], units, restrictions: [...restrictions], multiLocation: false, custom: [] };
};
const empty: Acl = aclFor([]);

describe('acl (spec 000 §6)', () => {
  test.prop([key])('unrestricted grants every key, even a restricted one', (k) => {
    expect(can({ ...empty, blocks: ['unrestricted'], restrictions: [k] }, k)).toBe(true);
  });

  test.prop([key])('an empty acl grants nothing', (k) => {
    expect(can(empty, k)).toBe(false);
  });

  test.prop([fc.uniqueArray(key), key])('grants a key exactly when it, or a key that implies it, was granted', (granted, k) => {
    const expected = granted.includes(k) || granted.some((g) => PERMISSION_IMPLIES[g] === k);
    expect(can(aclFor(granted), k)).toBe(expected);
  });

  test.prop([fc.uniqueArray(key), key])('a restriction always wins over a grant', (granted, k) => {
    expect(can(aclFor([...granted, k], [k]), k)).toBe(false);
  });

  test.prop([key])('a block without the unit grants nothing in it', (k) => {
    fc.pre(unitOf(k) !== undefined);
    expect(can({ ...empty, blocks: [blockOf(k)] }, k)).toBe(false);
  });

  test.prop([fc.uniqueArray(key), fc.uniqueArray(key), key])('role defaults only ever add', (own, fromRole, k) => {
    const merged = withRoleDefaults(aclFor(own), aclFor(fromRole));
    expect(can(merged, k)).toBe(can(aclFor(own), k) || can(aclFor(fromRole), k));
  });

  it('admins may do everything; managing implies viewing', () => {
    expect(userCan({ role: 'ADMIN', acl: empty }, 'locations.edit-locations')).toBe(true);
    expect(userCan({ role: 'MANAGER', acl: aclFor(['operation.staff']) }, 'operation.view-staff')).toBe(true);
    expect(userCan({ role: 'MANAGER', acl: aclFor(['operation.view-staff']) }, 'operation.staff')).toBe(false);
    expect(can(aclFor(['customer']), 'customer')).toBe(true);
  });
});
