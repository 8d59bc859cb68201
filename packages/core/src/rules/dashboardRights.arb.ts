import { fc } from '@fast-check/vitest';
import { ROLE, UNRESTRICTED, type Acl, type User } from '../models/user';
import type { BusinessGrants, BusinessRef } from './access';
import { PERMISSION_KEYS } from './acl';

/** An acl built from permission keys (block.unit), sometimes unrestricted, sometimes with restrictions. */
export const aclArb: fc.Arbitrary<Acl> = fc
  .record({
    keys: fc.subarray(PERMISSION_KEYS),
    restrictions: fc.subarray(PERMISSION_KEYS, { maxLength: 3 }),
    unrestricted: fc.boolean(),
  })
  .map(({ keys, restrictions, unrestricted }) => {
    const blocks = new Set<string>(unrestricted ? [UNRESTRICTED] : []);
    const units: Record<string, string[]> = {};
    for (const key of keys) {
      const [block, unit] = key.split('.') as [string, string | undefined];
      blocks.add(block);
      if (unit) units[block] = [...(units[block] ?? []), unit];
    }
    return { blocks: [...blocks], units, restrictions, multiLocation: false, custom: [] };
  });

export const userArb: fc.Arbitrary<Pick<User, 'role' | 'acl'>> = fc.record({
  role: fc.constantFrom(ROLE.ADMIN, ROLE.OWNER, ROLE.MANAGER, ROLE.STAFF),
  acl: aclArb,
});

/** A network of 1–4 locations (ids 1..n, network 7), and grants over some of them. */
export const networkArb: fc.Arbitrary<{ locations: BusinessRef[]; grants: BusinessGrants }> = fc
  .integer({ min: 1, max: 4 })
  .chain((n) => {
    const locations = Array.from({ length: n }, (_, i) => ({ id: i + 1, network_id: 7 }));
    return fc.record({
      locations: fc.constant(locations),
      grants: fc.record({
        networkIds: fc.subarray([7, 8]),
        businessIds: fc.subarray(locations.map((l) => l.id)),
      }),
    });
  });
