import { fc } from '@fast-check/vitest';
import { ROLE, type User } from '../models/user';
import { aclArb } from './dashboardRights.arb';
import { DELETION_ACTIONS, type DeletionAction, type ReportOwnership } from './reports';

/** A report's `deleted_at` in each of the three states: absent (deleted for good), null, or a value. */
export const deletedAtArb: fc.Arbitrary<{ deleted_at?: string | null }> = fc.oneof(
  fc.constant({}),
  fc.constant({ deleted_at: null }),
  fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => ({ deleted_at: d.toISOString() })),
);

export const deletionActionArb: fc.Arbitrary<DeletionAction> = fc.constantFrom(...DELETION_ACTIONS);

/** A user with an acl built from permission keys, sometimes with custom report ids (1–20). */
export const reportViewerArb: fc.Arbitrary<Pick<User, 'id' | 'role' | 'acl'>> = fc
  .record({
    id: fc.integer({ min: 1, max: 6 }),
    role: fc.constantFrom(ROLE.ADMIN, ROLE.OWNER, ROLE.MANAGER, ROLE.STAFF),
    acl: aclArb,
    custom: fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 5 }),
  })
  .map(({ custom, acl, ...rest }) => ({ ...rest, acl: { ...acl, custom } }));

/** Reports with ids 1–20, some with a legacy id (1–20), created by users 1–6 or nobody. */
export const reportOwnershipArb: fc.Arbitrary<ReportOwnership> = fc.record({
  id: fc.integer({ min: 1, max: 20 }),
  legacy_id: fc.option(fc.integer({ min: 1, max: 20 })),
  created_by: fc.option(fc.integer({ min: 1, max: 6 })),
});

/** A category name as people type it: letters, spaces and case that vary. */
export const categoryNameArb: fc.Arbitrary<string> = fc
  .array(fc.constantFrom('a', 'B', 'c', 'Ä', 'é', ' ', '  ', '\t', 'x', 'Y', '1'), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''));

/** A name changed only in case and white space: the same category. */
export const sameNameArb = (name: string): fc.Arbitrary<string> =>
  fc
    .array(fc.record({ upper: fc.boolean(), space: fc.constantFrom('', ' ', '  ', '\u00a0') }), { minLength: name.length, maxLength: name.length })
    .map((changes) =>
      [...name]
        .map((ch, i) => {
          const change = changes[i] as { upper: boolean; space: string };
          const cased = change.upper ? ch.toUpperCase() : ch.toLowerCase();
          return `${change.space}${/\s/u.test(ch) ? '' : cased}`;
        })
        .join(''),
    );
