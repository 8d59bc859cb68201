import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { canSeeBusiness } from './access';

const ids = fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 6 });
const business = fc.record({ id: fc.integer({ min: 1, max: 50 }), network_id: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }) });

test.prop([ids, ids, business])('an admin sees every business', (networkIds, businessIds, b) => {
  expect(canSeeBusiness({ role: 'ADMIN' }, { networkIds, businessIds }, b)).toBe(true);
});

test.prop([fc.constantFrom('OWNER', 'MANAGER', 'STAFF'), ids, ids, business])(
  'anyone else sees exactly the granted locations and the locations of granted networks',
  (role, networkIds, businessIds, b) => {
    const expected = businessIds.includes(b.id) || (b.network_id !== null && networkIds.includes(b.network_id));
    expect(canSeeBusiness({ role }, { networkIds, businessIds }, b)).toBe(expected);
  },
);

test.prop([fc.constantFrom('OWNER', 'MANAGER'), business])('no grants, no business', (role, b) => {
  expect(canSeeBusiness({ role }, { networkIds: [], businessIds: [] }, b)).toBe(false);
});
