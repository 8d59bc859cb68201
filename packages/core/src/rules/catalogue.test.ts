import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { catalogueArb } from './catalogue.arb';
import { CATALOGUE_SCOPE, catalogueFilterFor, catalogueKinds, filterCatalogue, isSpecialPrepaid, LEGACY_PREPAID_GROUPS } from './catalogue';

const scope = fc.constantFrom(CATALOGUE_SCOPE.ALL, CATALOGUE_SCOPE.CURRENT);

describe('catalogue filters (spec 000 §5)', () => {
  test.prop([catalogueArb, scope])('lists a category only with an allowed status and never a retired one', (categories, s) => {
    const allowed = s === 'all' ? [0, 1, 2, 3, 4] : [0, 1, 2, 4];
    const listed = filterCatalogue(categories, catalogueFilterFor(s));
    for (const c of listed) {
      expect(allowed).toContain(c.categorystatus);
      expect(c.deleted_at).toBeNull();
    }
    const expected = categories.filter((c) => allowed.includes(c.categorystatus) && c.deleted_at === null).map((c) => c.id);
    expect(listed.map((c) => c.id).sort()).toEqual(expected.sort());
  });

  test.prop([catalogueArb, scope])('lists services 0–3 (or 0–2) and products 0–2, none retired, none lost', (categories, s) => {
    const serviceAllowed = s === 'all' ? [0, 1, 2, 3] : [0, 1, 2];
    for (const c of filterCatalogue(categories, catalogueFilterFor(s))) {
      const original = categories.find((o) => o.id === c.id);
      for (const item of c.services) expect(serviceAllowed.includes(item.servicestatus) && item.deleted_at === null).toBe(true);
      for (const item of c.products) expect([0, 1, 2].includes(item.productstatus) && item.deleted_at === null).toBe(true);
      expect(c.services).toHaveLength(original?.services.filter((x) => serviceAllowed.includes(x.servicestatus) && x.deleted_at === null).length ?? -1);
      expect(c.products).toHaveLength(original?.products.filter((x) => [0, 1, 2].includes(x.productstatus) && x.deleted_at === null).length ?? -1);
    }
  });

  test.prop([catalogueArb])('"current" lists a subset of "all"', (categories) => {
    const all = filterCatalogue(categories, catalogueFilterFor('all'));
    const current = filterCatalogue(categories, catalogueFilterFor('current'));
    for (const c of current) {
      const same = all.find((a) => a.id === c.id);
      expect(same).toBeDefined();
      expect(c.services.every((s) => same?.services.some((x) => x.id === s.id && x.servicestatus === s.servicestatus))).toBe(true);
    }
  });
});

describe('allkinds', () => {
  test.prop([catalogueArb, scope])('ends with the two legacy prepaid groups, and a category is prepaid exactly when giftcard is 2 or 3', (categories, s) => {
    const kinds = catalogueKinds(categories, catalogueFilterFor(s));
    expect(kinds.slice(-2).map((k) => k.name)).toEqual(['Legacy Prepaid Items', 'Third-party Prepaid Items']);
    expect(kinds.filter((k) => k.legacy)).toHaveLength(2);
    for (const k of kinds.filter((k) => !k.legacy)) expect(k.kind === 'prepaid').toBe(isSpecialPrepaid(k.giftcard ?? 0));
    expect(new Set(kinds.map((k) => k.key)).size).toBe(kinds.length);
  });

  it('names the legacy groups as the product does', () => {
    expect(LEGACY_PREPAID_GROUPS.map((g) => g.name)).toEqual(['Legacy Prepaid Items', 'Third-party Prepaid Items']);
    expect([0, 1, 2, 3].map(isSpecialPrepaid)).toEqual([false, false, true, true]);
  });
});
