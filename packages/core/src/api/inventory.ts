import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { service } from '../models/catalogue';
import { id } from '../models/ids';
import { changes, text } from '../models/input';
import { barcodeInput, inventoryFields, inventoryProduct, stockAdjustment, stockMovement, vendor, type StockAdjustment } from '../models/inventory';
import { INT32_MAX } from '../models/inputProblems';
import { COLUMN_KIND as K } from '../rules/export';
import { INVENTORY_FIGURES as F } from '../rules/figures';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import { queryFlag } from './reportEngine';
import type { Transport } from './transport';

/**
 * Inventory and the catalogue calls of spec 001 §7 (`getproducts`, `vendor/get`,
 * `matchingproducts/{id}`, `allservices`; `getservices` is the staff area's), the barcode and usc cache updates
 * (§5: both ids and a value), vendors, the inventory fields of a product, stock adjustments and a
 * product's ledger. On-hand is always the ledger's sum (`models/inventory.ts`).
 */

const business = z.object({ id });
const vendorPath = z.object({ id, vendorId: id });
const productPath = z.object({ id, productId: id });
const nothing = z.object({});

/** Vendor fields a person types. */
const vendorName = text(120, { trim: true, min: 1, tooShort: MESSAGES.staffNameRequired, tooLong: MESSAGES.staffNameTooLong });
const optionalText = (max: number) => z._default(z.nullable(text(max, { trim: true })), null);
export const newVendor = z.object({
  name: vendorName,
  email: optionalText(254),
  phone: optionalText(40),
  account_number: optionalText(64),
  notes: optionalText(1000),
});
export const vendorChanges = changes({
  name: vendorName,
  email: z.nullable(text(254, { trim: true })),
  phone: z.nullable(text(40, { trim: true })),
  account_number: z.nullable(text(64, { trim: true })),
  notes: z.nullable(text(1000, { trim: true })),
});
export type NewVendor = z.input<typeof newVendor>;

/** The inventory fields of a product (vendor, vendor item, unit, par and full quantity, cost). */
export const inventoryChanges = changes(inventoryFields);

/** A barcode cache update (§5): the product's id and the barcode are both needed. */
export const barcodeUpdate = z.object({ product_id: id, barcode: barcodeInput });
/** A usc cache update (§5): the service's id and the usc id are both needed. */
export const uscUpdate = z.object({ service_id: id, usc_id: text(64, { trim: true, min: 1, tooShort: MESSAGES.cacheUpdateNeedsIdsAndValue }) });

/**
 * `allservices`' encoded list of locations: ids joined by commas (`3,5,8`), at most 100, each a
 * location the user may see in the same network (the server checks).
 */
export const locationList = z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,99}$/, { error: 'Must be location ids separated by commas, like 3,5' })),
  z.pipe(
    z.transform((value: string) => [...new Set(value.split(',').map(Number))]),
    z.array(z.number()).check(z.refine((ids) => ids.every((n) => n <= INT32_MAX), { error: MESSAGES.numberTooLarge })),
  ),
);

/** A service of one of the listed locations (`allservices`), with its location and category. */
export const locationService = z.object({
  ...service.shape,
  business_name: z.string(),
  category_name: z.string(),
  usc_id: z.nullable(z.string()),
});
export type LocationService = z.infer<typeof locationService>;

/** A service with its category and usc id (what a usc cache update answers). */
export const catalogueService = z.object({ ...service.shape, category_name: z.string(), category_order: z.int(), usc_id: z.nullable(z.string()) });
export type CatalogueService = z.infer<typeof catalogueService>;

/** What an adjustment answers: the movement written and the product as it now stands. */
export const adjustmentResult = z.object({ movement: stockMovement, product: inventoryProduct });

/** A product's ledger, newest first, with the on-hand it sums to. */
export const stockHistory = z.object({ product: inventoryProduct, movements: z.array(stockMovement) });

export const inventoryEndpoints = {
  products: defineEndpoint({
    name: 'inventory.products',
    method: 'GET',
    path: '/protected/business/{id}/getproducts',
    access: 'business',
    permission: 'operation.view-inventory',
    params: business,
    /** `retired=true` lists retired products too. Ordered by category order, then product (§9). */
    query: z.object({ retired: queryFlag }),
    response: z.array(inventoryProduct),
    errorMessage: MESSAGES.failedToFetchProducts,
  }),
  vendors: defineEndpoint({
    name: 'inventory.vendors',
    method: 'GET',
    path: '/protected/business/{id}/vendor/get',
    access: 'business',
    permission: 'operation.view-inventory',
    params: business,
    query: z.object({ retired: queryFlag }),
    response: z.array(vendor),
    errorMessage: MESSAGES.failedToFetchVendors,
  }),
  matchingProducts: defineEndpoint({
    name: 'inventory.matchingProducts',
    method: 'GET',
    path: '/protected/business/{id}/matchingproducts/{productId}',
    access: 'business',
    permission: 'operation.view-inventory',
    params: productPath,
    response: z.array(inventoryProduct),
    errorMessage: MESSAGES.failedToFetchProducts,
  }),
  allServices: defineEndpoint({
    name: 'inventory.allServices',
    method: 'GET',
    path: '/protected/business/{id}/allservices',
    access: 'business',
    permission: 'operation.view-service',
    params: business,
    /** `locations`: the encoded list of locations (this one when absent); `hidden=true` includes hidden and inactive services. */
    query: z.object({ locations: z.optional(locationList), hidden: queryFlag }),
    response: z.array(locationService),
    errorMessage: MESSAGES.failedToFetchDataBang,
  }),
  updateBarcode: defineEndpoint({
    name: 'inventory.updateBarcode',
    method: 'POST',
    path: '/protected/business/{id}/barcode/update',
    access: 'business',
    permission: 'operation.inventory',
    params: business,
    body: barcodeUpdate,
    response: inventoryProduct,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedBang,
  }),
  updateUsc: defineEndpoint({
    name: 'inventory.updateUsc',
    method: 'POST',
    path: '/protected/business/{id}/usc/update',
    access: 'business',
    permission: 'operation.services',
    params: business,
    body: uscUpdate,
    response: catalogueService,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedBang,
  }),
  addVendor: defineEndpoint({
    name: 'inventory.addVendor',
    method: 'POST',
    path: '/protected/business/{id}/vendor/add',
    access: 'business',
    permission: 'operation.inventory',
    params: business,
    body: newVendor,
    response: vendor,
    errorMessage: MESSAGES.failedToSave,
    successMessage: MESSAGES.successfullyAdded,
  }),
  updateVendor: defineEndpoint({
    name: 'inventory.updateVendor',
    method: 'POST',
    path: '/protected/business/{id}/vendor/{vendorId}/update',
    access: 'business',
    permission: 'operation.inventory',
    params: vendorPath,
    body: vendorChanges,
    response: vendor,
    errorMessage: MESSAGES.failedToSave,
    successMessage: MESSAGES.successfullyUpdated,
  }),
  retireVendor: defineEndpoint({
    name: 'inventory.retireVendor',
    method: 'POST',
    path: '/protected/business/{id}/vendor/{vendorId}/retire',
    access: 'business',
    permission: 'operation.inventory',
    params: vendorPath,
    body: nothing,
    response: vendor,
    errorMessage: MESSAGES.failedToDeleteBang,
    successMessage: MESSAGES.successfullyDeleted,
  }),
  updateProductInventory: defineEndpoint({
    name: 'inventory.updateProductInventory',
    method: 'POST',
    path: '/protected/business/{id}/product/{productId}/inventory/update',
    access: 'business',
    permission: 'operation.inventory',
    params: productPath,
    body: inventoryChanges,
    response: inventoryProduct,
    errorMessage: MESSAGES.failedToSave,
    successMessage: MESSAGES.successfullyUpdated,
  }),
  adjustStock: defineEndpoint({
    name: 'inventory.adjustStock',
    method: 'POST',
    path: '/protected/business/{id}/stock/adjust',
    access: 'business',
    permission: 'operation.inventory',
    params: business,
    body: stockAdjustment,
    response: adjustmentResult,
    errorMessage: MESSAGES.failedToSave,
    successMessage: MESSAGES.stockAdjusted,
  }),
  stockHistory: defineEndpoint({
    name: 'inventory.stockHistory',
    method: 'GET',
    path: '/protected/business/{id}/stock/{productId}/history',
    access: 'business',
    permission: 'operation.view-inventory',
    params: productPath,
    response: stockHistory,
    errorMessage: MESSAGES.failedToFetchInventories,
  }),
} as const;

/** The inventory's lists as files (`ui/ExportMenu`): the products as the screen shows them, and the vendors. */
export const inventoryExports = {
  inventory: defineExport({
    report: 'inventory',
    title: 'Inventory',
    path: '/protected/business/{id}/export/inventory',
    access: 'business',
    permission: 'operation.view-inventory',
    params: business,
    query: { low: queryFlag },
    columns: [
      { key: 'category', label: 'Category', kind: K.TEXT },
      { key: 'name', label: 'Product', kind: K.TEXT },
      { key: 'barcode', label: 'Barcode', kind: K.TEXT },
      { key: 'vendor', label: 'Vendor', kind: K.TEXT },
      { key: 'unit', label: 'Unit', kind: K.TEXT },
      { key: 'on_hand', label: F.onHand.label, kind: K.QUANTITY },
      { key: 'par', label: F.par.label, kind: K.QUANTITY },
      { key: 'full', label: F.full.label, kind: K.QUANTITY },
      { key: 'cost', label: 'Cost', kind: K.MONEY },
      { key: 'value', label: F.value.label, kind: K.MONEY },
    ],
  }),
  vendors: defineExport({
    report: 'vendors',
    title: 'Vendors',
    path: '/protected/business/{id}/export/vendors',
    access: 'business',
    permission: 'operation.view-inventory',
    params: business,
    query: {},
    columns: [
      { key: 'name', label: 'Vendor', kind: K.TEXT },
      { key: 'email', label: 'Email', kind: K.TEXT },
      { key: 'phone', label: 'Phone', kind: K.TEXT },
      { key: 'account_number', label: 'Account number', kind: K.TEXT },
      { key: 'products', label: 'Products', kind: K.COUNT },
    ],
  }),
} as const;

export function inventoryClient(transport: Transport) {
  const e = inventoryEndpoints;
  return {
    /** `getproducts`: products with on-hand, par, value, ordered by category order then product. */
    products: (businessId: number, options: { retired?: boolean } = {}) =>
      transport.request(e.products, { params: { id: businessId }, query: { retired: options.retired ? 'true' : 'false' } }),
    /** `vendor/get`: vendors with their number of products. */
    vendors: (businessId: number, options: { retired?: boolean } = {}) =>
      transport.request(e.vendors, { params: { id: businessId }, query: { retired: options.retired ? 'true' : 'false' } }),
    /** `matchingproducts/{id}`: other products with the same barcode, product code or vendor item. */
    matchingProducts: (businessId: number, productId: number) => transport.request(e.matchingProducts, { params: { id: businessId, productId } }),
    /** `allservices`: the services of several locations (ids), hidden ones on request. */
    allServices: (businessId: number, options: { locations?: number[]; hidden?: boolean } = {}) =>
      transport.request(e.allServices, {
        params: { id: businessId },
        query: { ...(options.locations?.length ? { locations: options.locations.join(',') } : {}), hidden: options.hidden ? 'true' : 'false' },
      }),
    updateBarcode: (businessId: number, productId: number, barcode: string) =>
      transport.request(e.updateBarcode, { params: { id: businessId }, body: { product_id: productId, barcode } }),
    updateUsc: (businessId: number, serviceId: number, uscId: string) => transport.request(e.updateUsc, { params: { id: businessId }, body: { service_id: serviceId, usc_id: uscId } }),
    createVendor: (businessId: number, body: NewVendor) => transport.request(e.addVendor, { params: { id: businessId }, body }),
    updateVendor: (businessId: number, vendorId: number, body: z.input<typeof vendorChanges>) => transport.request(e.updateVendor, { params: { id: businessId, vendorId }, body }),
    retireVendor: (businessId: number, vendorId: number) => transport.request(e.retireVendor, { params: { id: businessId, vendorId }, body: {} }),
    updateProductInventory: (businessId: number, productId: number, body: z.input<typeof inventoryChanges>) =>
      transport.request(e.updateProductInventory, { params: { id: businessId, productId }, body }),
    /** Records an adjustment (reason, quantity, note) and answers the movement and the product after it. */
    adjustStock: (businessId: number, body: StockAdjustment) => transport.request(e.adjustStock, { params: { id: businessId }, body }),
    /** A product's ledger, newest first. */
    stockHistory: (businessId: number, productId: number) => transport.request(e.stockHistory, { params: { id: businessId, productId } }),
  };
}
