import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { catalogueKind, category, product, service } from '../models/catalogue';
import { id } from '../models/ids';
import { barcodeInput, quantity } from '../models/inventory';
import { amount, changes, text } from '../models/input';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

const business = z.object({ id });
const name = text(120, { trim: true, min: 1, tooShort: MESSAGES.staffNameRequired, tooLong: MESSAGES.staffNameTooLong });

const upTo = (max: number) => z.int({ error: MESSAGES.invalidCatalogueStatus }).check(z.minimum(0, { error: MESSAGES.invalidCatalogueStatus }), z.maximum(max, { error: MESSAGES.invalidCatalogueStatus }));
const minutes = z.int({ error: MESSAGES.invalidDuration }).check(z.minimum(0, { error: MESSAGES.invalidDuration }), z.maximum(1440, { error: MESSAGES.invalidDuration }));
const code = z.nullable(text(64, { trim: true }));
const price = amount();
/**
 * On-hand as counted (up to three decimals): a new product's opening count, or in a change an exact
 * recount — both written to the stock ledger (`ADJUSTMENT`), never stored on the product.
 */
const stock = quantity;

const categoryFields = { name, categorystatus: upTo(4), giftcard: upTo(3) };
export const newCategory = z.object({ name, categorystatus: z._default(upTo(4), 0), giftcard: z._default(upTo(3), 0) });
export const categoryChanges = changes(categoryFields);

/** `image_media_id`: an image of the business's media library, or null for none. */
const serviceFields = { category_id: id, name, price, duration_minutes: minutes, servicestatus: upTo(3), taxable: z.boolean(), image_media_id: z.nullable(id) };
export const newService = z.object({
  ...serviceFields,
  duration_minutes: z._default(minutes, 30),
  servicestatus: z._default(upTo(3), 0),
  taxable: z._default(z.boolean(), false),
  image_media_id: z._default(z.nullable(id), null),
});
export const serviceChanges = changes(serviceFields);

const productFields = { category_id: id, name, price, cost: price, productstatus: upTo(2), barcode: z.nullable(barcodeInput), product_code: code, stock, taxable: z.boolean() };
export const newProduct = z.object({
  ...productFields,
  cost: z._default(price, 0),
  productstatus: z._default(upTo(2), 0),
  barcode: z.optional(z.nullable(barcodeInput)),
  product_code: z.optional(code),
  stock: z._default(stock, 0),
  taxable: z._default(z.boolean(), true),
});
export const productChanges = changes(productFields);

export type NewCategory = z.input<typeof newCategory>;
export type NewService = z.input<typeof newService>;
export type NewProduct = z.input<typeof newProduct>;

const write = <P extends z.ZodMiniObject, B extends z.ZodMiniType, R extends z.ZodMiniType>(
  endpointName: string,
  path: string,
  permission: 'operation.services' | 'operation.inventory',
  params: P,
  body: B,
  response: R,
) =>
  defineEndpoint({
    name: `catalogue.${endpointName}`,
    method: 'POST',
    path,
    access: 'business',
    permission,
    params,
    body,
    response,
    errorMessage: MESSAGES.failedToSave,
    successMessage: endpointName.startsWith('add') ? MESSAGES.successfullyAdded : endpointName.startsWith('retire') ? MESSAGES.successfullyDeleted : MESSAGES.successfullyUpdated,
  });

const categoryPath = z.object({ id, categoryId: id });
const servicePath = z.object({ id, serviceId: id });
const productPath = z.object({ id, productId: id });
const nothing = z.object({});

export const catalogueEndpoints = {
  list: defineEndpoint({
    name: 'catalogue.list',
    method: 'GET',
    path: '/protected/business/{id}/catalogue',
    access: 'business',
    permission: 'operation.view-service',
    params: business,
    /** `all` (default): category 0–4, service 0–3, product 0–2; `current`: category 0, 1, 2, 4, service 0–2 (spec 000 §5). */
    query: z.object({ scope: z._default(z.enum(['all', 'current'], { error: 'Must be all or current' }), 'all') }),
    response: z.array(category),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  kinds: defineEndpoint({
    name: 'catalogue.kinds',
    method: 'GET',
    path: '/protected/business/{id}/allkinds',
    access: 'business',
    permission: 'operation.view-service',
    params: business,
    response: z.array(catalogueKind),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  addCategory: write('addCategory', '/protected/business/{id}/category/add', 'operation.services', business, newCategory, category),
  updateCategory: write('updateCategory', '/protected/business/{id}/category/{categoryId}/update', 'operation.services', categoryPath, categoryChanges, category),
  retireCategory: write('retireCategory', '/protected/business/{id}/category/{categoryId}/retire', 'operation.services', categoryPath, nothing, category),
  addService: write('addService', '/protected/business/{id}/service/add', 'operation.services', business, newService, service),
  updateService: write('updateService', '/protected/business/{id}/service/{serviceId}/update', 'operation.services', servicePath, serviceChanges, service),
  retireService: write('retireService', '/protected/business/{id}/service/{serviceId}/retire', 'operation.services', servicePath, nothing, service),
  addProduct: write('addProduct', '/protected/business/{id}/product/add', 'operation.inventory', business, newProduct, product),
  updateProduct: write('updateProduct', '/protected/business/{id}/product/{productId}/update', 'operation.inventory', productPath, productChanges, product),
  retireProduct: write('retireProduct', '/protected/business/{id}/product/{productId}/retire', 'operation.inventory', productPath, nothing, product),
} as const;

export function catalogueClient(transport: Transport) {
  const e = catalogueEndpoints;
  return {
    /** Categories with their services and products (products only for those who may view inventory). */
    list: (businessId: number, scope: 'all' | 'current' = 'all') => transport.request(e.list, { params: { id: businessId }, query: { scope } }),
    /** `allkinds`: the groups a sale can be filed under, legacy prepaid groups included. */
    kinds: (businessId: number) => transport.request(e.kinds, { params: { id: businessId } }),
    createCategory: (businessId: number, body: NewCategory) => transport.request(e.addCategory, { params: { id: businessId }, body }),
    updateCategory: (businessId: number, categoryId: number, body: z.input<typeof categoryChanges>) =>
      transport.request(e.updateCategory, { params: { id: businessId, categoryId }, body }),
    retireCategory: (businessId: number, categoryId: number) => transport.request(e.retireCategory, { params: { id: businessId, categoryId }, body: {} }),
    createService: (businessId: number, body: NewService) => transport.request(e.addService, { params: { id: businessId }, body }),
    updateService: (businessId: number, serviceId: number, body: z.input<typeof serviceChanges>) =>
      transport.request(e.updateService, { params: { id: businessId, serviceId }, body }),
    retireService: (businessId: number, serviceId: number) => transport.request(e.retireService, { params: { id: businessId, serviceId }, body: {} }),
    createProduct: (businessId: number, body: NewProduct) => transport.request(e.addProduct, { params: { id: businessId }, body }),
    updateProduct: (businessId: number, productId: number, body: z.input<typeof productChanges>) =>
      transport.request(e.updateProduct, { params: { id: businessId, productId }, body }),
    retireProduct: (businessId: number, productId: number) => transport.request(e.retireProduct, { params: { id: businessId, productId }, body: {} }),
  };
}
