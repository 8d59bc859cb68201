import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import {
  type PoCreate,
  type PoReceive,
  type PoSettingsUpdate,
  type PoUpdate,
  poCreate,
  poReceive,
  poSettings,
  poSettingsUpdate,
  poStatus,
  poSummary,
  poUpdate,
  purchaseOrder,
  reorderSuggestions,
} from '../models/purchaseOrders';
import { COLUMN_KIND as K } from '../rules/export';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import type { Transport } from './transport';

/**
 * Purchase orders (spec 001 §7 Catalogue `tablesettings po-settings/get`, §9; issue 14): the
 * business's PO config under the spec's table-settings path (one for the whole business, not per
 * user: it decides what everyone is told to reorder), the reorder suggestions it gives, and the
 * orders: add a draft for a vendor (from the suggestions), change it, send it, receive it in part
 * or in full (each receipt adds `NEWSTOCK` to the stock ledger), close it. Reading needs
 * `operation.view-inventory`; every change `operation.inventory`.
 */
const P = '/protected/business/{id}';
const business = z.object({ id });
const order = z.object({ id, poId: id });

export const purchaseOrderEndpoints = {
  settings: defineEndpoint({
    name: 'purchaseOrders.settings',
    method: 'GET',
    path: `${P}/tablesettings/po-settings/get`,
    access: 'business',
    permission: 'operation.view-inventory',
    params: business,
    /** The business's PO config: `inhand-x-fullquantity` until someone saves another. */
    response: poSettings,
    errorMessage: MESSAGES.failedToFetchPurchaseOrderConfig,
  }),
  updateSettings: defineEndpoint({
    name: 'purchaseOrders.updateSettings',
    method: 'POST',
    path: `${P}/tablesettings/po-settings/update`,
    access: 'business',
    permission: 'operation.inventory',
    params: business,
    body: poSettingsUpdate,
    response: poSettings,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedBang,
  }),
  suggestions: defineEndpoint({
    name: 'purchaseOrders.suggestions',
    method: 'GET',
    path: `${P}/reordersuggestions`,
    access: 'business',
    permission: 'operation.view-inventory',
    params: business,
    /** What the PO config says to order, by vendor then category order then product; less what is already on open orders. */
    response: reorderSuggestions,
    errorMessage: MESSAGES.failedToFetchInventories,
  }),
  list: defineEndpoint({
    name: 'purchaseOrders.list',
    method: 'GET',
    path: `${P}/purchaseorders`,
    access: 'business',
    permission: 'operation.view-inventory',
    params: business,
    query: z.object({ status: z.optional(poStatus) }),
    /** Newest first. */
    response: z.array(poSummary),
    errorMessage: MESSAGES.failedToFetchPurchaseOrders,
  }),
  get: defineEndpoint({
    name: 'purchaseOrders.get',
    method: 'GET',
    path: `${P}/purchaseorder/{poId}/get`,
    access: 'business',
    permission: 'operation.view-inventory',
    params: order,
    response: purchaseOrder,
    errorMessage: MESSAGES.failedToFetchPurchaseOrders,
  }),
  add: defineEndpoint({
    name: 'purchaseOrders.add',
    method: 'POST',
    path: `${P}/purchaseorder/add`,
    access: 'business',
    permission: 'operation.inventory',
    params: business,
    body: poCreate,
    /** The new draft. */
    response: purchaseOrder,
    errorMessage: MESSAGES.somethingWentWrong,
    successMessage: MESSAGES.poCreated,
  }),
  update: defineEndpoint({
    name: 'purchaseOrders.update',
    method: 'POST',
    path: `${P}/purchaseorder/{poId}/update`,
    access: 'business',
    permission: 'operation.inventory',
    params: order,
    body: poUpdate,
    response: purchaseOrder,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  send: defineEndpoint({
    name: 'purchaseOrders.send',
    method: 'POST',
    path: `${P}/purchaseorder/{poId}/send`,
    access: 'business',
    permission: 'operation.inventory',
    params: order,
    response: purchaseOrder,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.poSent,
  }),
  receive: defineEndpoint({
    name: 'purchaseOrders.receive',
    method: 'POST',
    path: `${P}/purchaseorder/{poId}/receive`,
    access: 'business',
    permission: 'operation.inventory',
    params: order,
    body: poReceive,
    /** The order after the receipt; the stock ledger has a `NEWSTOCK` movement per line received. */
    response: purchaseOrder,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.poReceived,
  }),
  close: defineEndpoint({
    name: 'purchaseOrders.close',
    method: 'POST',
    path: `${P}/purchaseorder/{poId}/close`,
    access: 'business',
    permission: 'operation.inventory',
    params: order,
    response: purchaseOrder,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.poClosedDone,
  }),
} as const;

/** The purchase orders and the reorder suggestions as files (CSV, XLSX), as their screen lists them. */
export const purchaseOrderExports = {
  orders: defineExport({
    report: 'purchase-orders',
    title: 'Purchase orders',
    path: `${P}/export/purchase-orders`,
    access: 'business',
    permission: 'operation.view-inventory',
    params: business,
    query: { status: z.optional(poStatus) },
    columns: [
      { key: 'id', label: 'Order', kind: K.COUNT },
      { key: 'vendor', label: 'Vendor', kind: K.TEXT },
      { key: 'status', label: 'Status', kind: K.TEXT },
      { key: 'lines', label: 'Products', kind: K.COUNT },
      { key: 'total', label: 'Total', kind: K.MONEY },
      { key: 'received_total', label: 'Received', kind: K.MONEY },
      { key: 'created_at', label: 'Created', kind: K.DATETIME },
      { key: 'sent_at', label: 'Sent', kind: K.DATETIME },
      { key: 'received_at', label: 'Received in full', kind: K.DATETIME },
      { key: 'closed_at', label: 'Closed', kind: K.DATETIME },
      { key: 'note', label: 'Note', kind: K.TEXT },
    ],
  }),
  suggestions: defineExport({
    report: 'reorder-suggestions',
    title: 'Reorder suggestions',
    path: `${P}/export/reorder-suggestions`,
    access: 'business',
    permission: 'operation.view-inventory',
    params: business,
    query: {},
    columns: [
      { key: 'vendor', label: 'Vendor', kind: K.TEXT },
      { key: 'category', label: 'Category', kind: K.TEXT },
      { key: 'product', label: 'Product', kind: K.TEXT },
      { key: 'barcode', label: 'Barcode', kind: K.TEXT },
      { key: 'unit', label: 'Unit', kind: K.TEXT },
      { key: 'on_hand', label: 'On hand', kind: K.QUANTITY },
      { key: 'par', label: 'Par', kind: K.QUANTITY },
      { key: 'full', label: 'Full quantity', kind: K.QUANTITY },
      { key: 'on_order', label: 'On order', kind: K.QUANTITY },
      { key: 'quantity', label: 'To order', kind: K.QUANTITY },
      { key: 'unit_cost', label: 'Unit cost', kind: K.MONEY },
    ],
  }),
} as const;

export function purchaseOrdersClient(transport: Transport) {
  const e = purchaseOrderEndpoints;
  const at = (businessId: number, poId: number) => ({ params: { id: businessId, poId } });
  return {
    /** `client.purchaseOrders.settings(1)` → `{ id, name: 'po-settings', title, configuration: { config: 'inhand-x-fullquantity' }, updated_at }`. */
    settings: (businessId: number) => transport.request(e.settings, { params: { id: businessId } }),
    /** `client.purchaseOrders.updateSettings(1, { title: 'Purchase orders', configuration: { config: 'inhand-x-parquantity' } })`. */
    updateSettings: (businessId: number, settings: PoSettingsUpdate['settings']) => transport.request(e.updateSettings, { params: { id: businessId }, body: { settings } }),
    /** What to reorder now, under the PO config. */
    suggestions: (businessId: number) => transport.request(e.suggestions, { params: { id: businessId } }),
    /** Every purchase order, or those of one status: `client.purchaseOrders.list(1, 'sent')`. */
    list: (businessId: number, status?: z.infer<typeof poStatus>) => transport.request(e.list, { params: { id: businessId }, query: status ? { status } : {} }),
    get: (businessId: number, poId: number) => transport.request(e.get, at(businessId, poId)),
    /** A draft: `client.purchaseOrders.add(1, { vendor_id: 4, lines: [{ product_id: 9, quantity: 6 }] })`. */
    add: (businessId: number, body: PoCreate) => transport.request(e.add, { params: { id: businessId }, body }),
    /** A draft's note or lines: `client.purchaseOrders.update(1, 7, { lines: [...] })`. */
    update: (businessId: number, poId: number, body: PoUpdate) => transport.request(e.update, { ...at(businessId, poId), body }),
    send: (businessId: number, poId: number) => transport.request(e.send, at(businessId, poId)),
    /** What came in: `client.purchaseOrders.receive(1, 7, { lines: [{ line_id: 31, quantity: 4 }] })`. */
    receive: (businessId: number, poId: number, body: PoReceive) => transport.request(e.receive, { ...at(businessId, poId), body }),
    close: (businessId: number, poId: number) => transport.request(e.close, at(businessId, poId)),
  };
}
