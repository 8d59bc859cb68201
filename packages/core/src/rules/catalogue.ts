import type { CatalogueKind, Category, Product, Service } from '../models/catalogue';

/**
 * The catalogue filters of spec 000 §5. A category is listed when its status is in the allowed
 * set (0–4, or 0, 1, 2 and 4), a service when its status is 0–3 (or 0–2), a product when its
 * status is 0–2; and an item is never listed once retired (`deleted_at` set).
 */
export const CATEGORY_STATUSES = { ALL: [0, 1, 2, 3, 4], CURRENT: [0, 1, 2, 4] } as const;
export const SERVICE_STATUSES = { ALL: [0, 1, 2, 3], CURRENT: [0, 1, 2] } as const;
export const PRODUCT_STATUSES = [0, 1, 2] as const;

/** `all` lists inactive items too (the catalogue screen); `current` is what is sold today. */
export const CATALOGUE_SCOPE = { ALL: 'all', CURRENT: 'current' } as const;
export type CatalogueScope = (typeof CATALOGUE_SCOPE)[keyof typeof CATALOGUE_SCOPE];
export const CATALOGUE_SCOPE_LABEL: Record<CatalogueScope, string> = { all: 'Everything', current: 'On sale now' };

export interface CatalogueFilter {
  categoryStatuses: readonly number[];
  serviceStatuses: readonly number[];
  productStatuses: readonly number[];
}

export const catalogueFilterFor = (scope: CatalogueScope): CatalogueFilter =>
  scope === CATALOGUE_SCOPE.ALL
    ? { categoryStatuses: CATEGORY_STATUSES.ALL, serviceStatuses: SERVICE_STATUSES.ALL, productStatuses: PRODUCT_STATUSES }
    : { categoryStatuses: CATEGORY_STATUSES.CURRENT, serviceStatuses: SERVICE_STATUSES.CURRENT, productStatuses: PRODUCT_STATUSES };

const listed = (status: number, deletedAt: string | null | undefined, allowed: readonly number[]) =>
  (deletedAt === null || deletedAt === undefined) && allowed.includes(status);

export const isCategoryListed = (c: Pick<Category, 'categorystatus' | 'deleted_at'>, f: CatalogueFilter) => listed(c.categorystatus, c.deleted_at, f.categoryStatuses);
export const isServiceListed = (s: Pick<Service, 'servicestatus' | 'deleted_at'>, f: CatalogueFilter) => listed(s.servicestatus, s.deleted_at, f.serviceStatuses);
export const isProductListed = (p: Pick<Product, 'productstatus' | 'deleted_at'>, f: CatalogueFilter) => listed(p.productstatus, p.deleted_at, f.productStatuses);

/** The categories the filter lists, each with only its listed services and products, in order. */
export function filterCatalogue(categories: readonly Category[], filter: CatalogueFilter): Category[] {
  const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;
  return categories
    .filter((c) => isCategoryListed(c, filter))
    .map((c) => ({
      ...c,
      services: c.services.filter((s) => isServiceListed(s, filter)).sort(byOrder),
      products: c.products.filter((p) => isProductListed(p, filter)).sort(byOrder),
    }))
    .sort(byOrder);
}

/** giftcard 2 and 3 mark the special prepaid kinds (spec 000 §3). */
export const isSpecialPrepaid = (giftcard: number): boolean => giftcard === 2 || giftcard === 3;

/** The fixed groups prepaid items sold before the catalogue existed are filed under (spec 000 §9). */
export const LEGACY_PREPAID_GROUPS = [
  { key: 'legacy-prepaid', name: 'Legacy Prepaid Items' },
  { key: 'third-party-prepaid', name: 'Third-party Prepaid Items' },
] as const;

/**
 * `allkinds`: every listed category as the kind of item it sells (prepaid for the special
 * prepaid kinds, else product when it holds only products, else service), then the two legacy
 * prepaid groups, always present.
 */
export function catalogueKinds(categories: readonly Category[], filter: CatalogueFilter): CatalogueKind[] {
  const kinds: CatalogueKind[] = filterCatalogue(categories, filter).map((c) => ({
    key: `category-${c.id}`,
    name: c.name,
    kind: isSpecialPrepaid(c.giftcard) ? 'prepaid' : c.products.length > 0 && c.services.length === 0 ? 'product' : 'service',
    giftcard: c.giftcard,
    category_id: c.id,
    legacy: false,
  }));
  for (const group of LEGACY_PREPAID_GROUPS) {
    kinds.push({ key: group.key, name: group.name, kind: 'prepaid', giftcard: null, category_id: null, legacy: true });
  }
  return kinds;
}
