import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id } from '../models/ids';
import {
  categoryWaivers,
  customerWaiverSignatures,
  serviceWaivers,
  waiver,
  waiverAssignment,
  waiverCopy,
  waiverCopyResult,
  type WaiverCreate,
  waiverCreate,
  waiverDeleted,
  type WaiverInfoQuery,
  waiverInfoPage,
  waiverInfoQuery,
  waiverLink,
  waiverLinkCreate,
  waiverList,
  waiverReport,
  type WaiverReportQuery,
  waiverReportQuery,
  type WaiverSign,
  waiverSign,
  waiverSignatureDetail,
  waiverSigned,
  waiverSettings,
  waiverSettingsUpdate,
  waiverSigningPage,
  waiverTemplateUpdate,
  waiverToken,
  waiverUpdate,
  waiverVersionHistory,
} from '../models/waivers';
import { COLUMN_KIND as K } from '../rules/export';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import { defineOperation, proxyClient } from './proxy';
import type { Transport } from './transport';

/**
 * Waivers (spec 001 §7 Waivers (io-request), §3 Waiver and Business `waiversEnabled`, §8; issue 18).
 * Every operation goes through the proxy request of one location
 * (`/protected/business/{id}/io-request?dest=…`). Reading and sending signing links needs
 * `customer`; writing waivers, their versions and assignments, and turning waivers on, needs
 * `setting.editsetting`.
 *
 * - GET `waivers/get`: `{ waiversEnabled, waivers }` (each with its current version and assignment);
 * - POST `waiver/create`, `waiver/{waiverId}/update` (the name), `waiver/{waiverId}/delete` (kept
 *   for its signatures, gone from lists), `waiver/{waiverId}/copy` (to locations of the network);
 * - POST `waivertemplate/{waiverId}/update` `{ template, base_version_id }`: publishes the next
 *   version (published versions never change; 409 when `base_version_id` is no longer current);
 * - GET `waiver/{waiverId}/versions`: the version history;
 * - GET `waiver/report/get?start&end`: who signed what, and who must sign before an upcoming appointment;
 * - GET `waiver/get-info?page&limit&start&end[&waiver_id]`: a page of signatures;
 * - GET `waiver/signature/{signatureId}`: one signature with the exact text of the version signed;
 * - GET `waiver/customer/{customerId}/signatures`: a client's signatures (`signaturesOfCustomer`);
 * - GET/POST `waiver/service/{serviceId}[/update]` and `waiver/category/{categoryId}[/update]`;
 * - POST `waiver/{waiverId}/link` `{ customer_id }`: a signing link for a client;
 * - POST `waivers/settings/update` `{ waiversEnabled }`.
 *
 * The public signing page (`/waiver/{token}`, no account) reads `GET /waiver/{token}/get` and
 * signs with `POST /waiver/{token}/sign`.
 */
const READ = 'customer' as const;
const WRITE = 'setting.editsetting' as const;
const FETCH = MESSAGES.failedToFetchWaivers;
const CHANGE = MESSAGES.failedWaiverChange;
const waiverParams = z.object({ waiverId: id });

export const waiverOperations = {
  list: /* @__PURE__ */ defineOperation({
    name: 'waivers.list',
    method: 'GET',
    dest: 'waivers/get',
    response: waiverList,
    permission: READ,
    errorMessage: FETCH,
  }),
  create: /* @__PURE__ */ defineOperation({
    name: 'waivers.create',
    method: 'POST',
    dest: 'waiver/create',
    body: waiverCreate,
    response: waiver,
    permission: WRITE,
    errorMessage: CHANGE,
    successMessage: MESSAGES.addedSuccessfully,
  }),
  report: /* @__PURE__ */ defineOperation({
    name: 'waivers.report',
    method: 'GET',
    dest: 'waiver/report/get',
    query: waiverReportQuery,
    response: waiverReport,
    permission: READ,
    errorMessage: FETCH,
  }),
  info: /* @__PURE__ */ defineOperation({
    name: 'waivers.info',
    method: 'GET',
    dest: 'waiver/get-info',
    query: waiverInfoQuery,
    response: waiverInfoPage,
    permission: READ,
    errorMessage: FETCH,
  }),
  signature: /* @__PURE__ */ defineOperation({
    name: 'waivers.signature',
    method: 'GET',
    dest: 'waiver/signature/{signatureId}',
    params: z.object({ signatureId: id }),
    response: waiverSignatureDetail,
    permission: READ,
    errorMessage: FETCH,
  }),
  signaturesOfCustomer: /* @__PURE__ */ defineOperation({
    name: 'waivers.signaturesOfCustomer',
    method: 'GET',
    dest: 'waiver/customer/{customerId}/signatures',
    params: z.object({ customerId: id }),
    response: customerWaiverSignatures,
    permission: READ,
    errorMessage: FETCH,
  }),
  serviceGet: /* @__PURE__ */ defineOperation({
    name: 'waivers.serviceGet',
    method: 'GET',
    dest: 'waiver/service/{serviceId}',
    params: z.object({ serviceId: id }),
    response: serviceWaivers,
    permission: READ,
    errorMessage: FETCH,
  }),
  serviceUpdate: /* @__PURE__ */ defineOperation({
    name: 'waivers.serviceUpdate',
    method: 'POST',
    dest: 'waiver/service/{serviceId}/update',
    params: z.object({ serviceId: id }),
    body: waiverAssignment,
    response: serviceWaivers,
    permission: WRITE,
    errorMessage: CHANGE,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  categoryGet: /* @__PURE__ */ defineOperation({
    name: 'waivers.categoryGet',
    method: 'GET',
    dest: 'waiver/category/{categoryId}',
    params: z.object({ categoryId: id }),
    response: categoryWaivers,
    permission: READ,
    errorMessage: FETCH,
  }),
  categoryUpdate: /* @__PURE__ */ defineOperation({
    name: 'waivers.categoryUpdate',
    method: 'POST',
    dest: 'waiver/category/{categoryId}/update',
    params: z.object({ categoryId: id }),
    body: waiverAssignment,
    response: categoryWaivers,
    permission: WRITE,
    errorMessage: CHANGE,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  settingsUpdate: /* @__PURE__ */ defineOperation({
    name: 'waivers.settingsUpdate',
    method: 'POST',
    dest: 'waivers/settings/update',
    body: waiverSettingsUpdate,
    response: waiverSettings,
    permission: WRITE,
    errorMessage: CHANGE,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  update: /* @__PURE__ */ defineOperation({
    name: 'waivers.update',
    method: 'POST',
    dest: 'waiver/{waiverId}/update',
    params: waiverParams,
    body: waiverUpdate,
    response: waiver,
    permission: WRITE,
    errorMessage: CHANGE,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  remove: /* @__PURE__ */ defineOperation({
    name: 'waivers.remove',
    method: 'POST',
    dest: 'waiver/{waiverId}/delete',
    params: waiverParams,
    response: waiverDeleted,
    permission: WRITE,
    errorMessage: CHANGE,
    successMessage: MESSAGES.deletedSuccessfully,
  }),
  copy: /* @__PURE__ */ defineOperation({
    name: 'waivers.copy',
    method: 'POST',
    dest: 'waiver/{waiverId}/copy',
    params: waiverParams,
    body: waiverCopy,
    response: waiverCopyResult,
    permission: WRITE,
    errorMessage: CHANGE,
    successMessage: MESSAGES.waiverCopied,
  }),
  updateTemplate: /* @__PURE__ */ defineOperation({
    name: 'waivers.updateTemplate',
    method: 'POST',
    dest: 'waivertemplate/{waiverId}/update',
    params: waiverParams,
    body: waiverTemplateUpdate,
    response: waiver,
    permission: WRITE,
    errorMessage: CHANGE,
    successMessage: MESSAGES.waiverPublished,
  }),
  versions: /* @__PURE__ */ defineOperation({
    name: 'waivers.versions',
    method: 'GET',
    dest: 'waiver/{waiverId}/versions',
    params: waiverParams,
    response: waiverVersionHistory,
    permission: READ,
    errorMessage: FETCH,
  }),
  link: /* @__PURE__ */ defineOperation({
    name: 'waivers.link',
    method: 'POST',
    dest: 'waiver/{waiverId}/link',
    params: waiverParams,
    body: waiverLinkCreate,
    response: waiverLink,
    permission: READ,
    errorMessage: CHANGE,
    successMessage: MESSAGES.waiverLinkCreated,
  }),
} as const;

const X = '/protected/business/{id}/export';
const business = z.object({ id });

/**
 * The waiver screens as files (CSV, XLSX): every row, made on the server, for those who may read
 * the lists (`customer`). The signatures take the `waiver/get-info` filters without its page;
 * the report's "must sign" list has every upcoming appointment of the range, not its first rows.
 */
export const waiverExports = {
  /** `waivers/get`: each live waiver with its current version, where it is assigned and how many signed. */
  waivers: defineExport({
    report: 'waivers',
    title: 'Waivers',
    path: `${X}/waivers`,
    access: 'business',
    permission: READ,
    params: business,
    query: {},
    columns: [
      { key: 'name', label: 'Waiver', kind: K.TEXT },
      { key: 'version', label: 'Version', kind: K.COUNT },
      { key: 'published_at', label: 'Published', kind: K.DATETIME },
      { key: 'services', label: 'Services', kind: K.TEXT },
      { key: 'categories', label: 'Categories', kind: K.TEXT },
      { key: 'signatures', label: 'Signatures', kind: K.COUNT },
    ],
    errorMessage: FETCH,
  }),
  /** `waiver/get-info` without its page: every signature of the range (of one waiver), newest first. */
  signatures: defineExport({
    report: 'waiver-signatures',
    title: 'Waiver signatures',
    path: `${X}/waiver-signatures`,
    access: 'business',
    permission: READ,
    params: business,
    query: { start: day, end: day, waiver_id: z.optional(id) },
    columns: [
      { key: 'id', label: 'Signature', kind: K.COUNT },
      { key: 'client', label: 'Client', kind: K.TEXT },
      { key: 'waiver', label: 'Waiver', kind: K.TEXT },
      { key: 'version', label: 'Version signed', kind: K.COUNT },
      { key: 'current_version', label: 'Current version', kind: K.COUNT },
      { key: 'signed_at', label: 'Signed', kind: K.DATETIME },
      { key: 'signed_name', label: 'Typed name', kind: K.TEXT },
      { key: 'sha256', label: 'SHA-256 of the text signed', kind: K.TEXT },
    ],
    errorMessage: FETCH,
  }),
  /** The report's "must sign before their appointment": every upcoming appointment of the range still missing a signature. */
  due: defineExport({
    report: 'waivers-due',
    title: 'Must sign before their appointment',
    path: `${X}/waivers-due`,
    access: 'business',
    permission: READ,
    params: business,
    query: { start: day, end: day },
    columns: [
      { key: 'client', label: 'Client', kind: K.TEXT },
      { key: 'appointment', label: 'Appointment', kind: K.DATETIME },
      { key: 'day', label: 'Day', kind: K.DAY },
      { key: 'service', label: 'Service', kind: K.TEXT },
      { key: 'waiver', label: 'Waiver', kind: K.TEXT },
      { key: 'signed_version', label: 'Version signed', kind: K.COUNT },
      { key: 'version', label: 'Current version', kind: K.COUNT },
    ],
    errorMessage: FETCH,
  }),
} as const;

const token = z.object({ token: waiverToken });

/** The public signing page's calls: no account, the token is the only key. */
export const waiverSigningEndpoints = {
  get: defineEndpoint({
    name: 'waivers.signing.get',
    method: 'GET',
    path: '/waiver/{token}/get',
    access: 'public',
    params: token,
    response: waiverSigningPage,
    errorMessage: MESSAGES.waiverLinkNotValid,
  }),
  sign: defineEndpoint({
    name: 'waivers.signing.sign',
    method: 'POST',
    path: '/waiver/{token}/sign',
    access: 'public',
    params: token,
    body: waiverSign,
    response: waiverSigned,
    errorMessage: MESSAGES.waiverLinkNotValid,
    successMessage: MESSAGES.waiverSigned,
  }),
} as const;

export function waiversClient(transport: Transport) {
  const o = waiverOperations;
  const e = waiverSigningEndpoints;
  const proxy = proxyClient(transport);
  return {
    /** `client.waivers.list(1)`: `{ waiversEnabled, waivers }` with each waiver's current version. */
    list: (businessId: number) => proxy.call(o.list, businessId, {}),
    /** `client.waivers.create(1, { name: 'Chemical peel', template: 'I understand…', services: [4] })`. */
    create: (businessId: number, body: WaiverCreate) => proxy.call(o.create, businessId, { body }),
    /** `client.waivers.update(1, 7, { name: 'Peel consent' })`: renames; the text is `updateTemplate`'s. */
    update: (businessId: number, waiverId: number, body: { name: string }) => proxy.call(o.update, businessId, { params: { waiverId }, body }),
    /** `client.waivers.remove(1, 7)`: gone from lists; its signatures and versions are kept. */
    remove: (businessId: number, waiverId: number) => proxy.call(o.remove, businessId, { params: { waiverId } }),
    /** `client.waivers.copy(1, 7, [2, 3])`: the waiver's current text as a new waiver in locations 2 and 3. */
    copy: (businessId: number, waiverId: number, businessIds: number[]) =>
      proxy.call(o.copy, businessId, { params: { waiverId }, body: { business_ids: businessIds } }),
    /** `client.waivers.updateTemplate(1, 7, { template: 'New text', base_version_id: 12 })`: publishes version n+1. */
    updateTemplate: (businessId: number, waiverId: number, body: { template: string; base_version_id: number }) =>
      proxy.call(o.updateTemplate, businessId, { params: { waiverId }, body }),
    /** `client.waivers.versions(1, 7)`: every published version, newest first. */
    versions: (businessId: number, waiverId: number) => proxy.call(o.versions, businessId, { params: { waiverId } }),
    /** `client.waivers.report(1, { start: '2026-03-01', end: '2026-03-31' })`: signed, and due before upcoming appointments. */
    report: (businessId: number, query: WaiverReportQuery) => proxy.call(o.report, businessId, { query }),
    /** `client.waivers.info(1, { page: 1, limit: 25, start, end })`: a page of signatures. */
    info: (businessId: number, query: WaiverInfoQuery) => proxy.call(o.info, businessId, { query }),
    /** `client.waivers.signature(1, 42)`: a signature with the exact text of the version signed. */
    signature: (businessId: number, signatureId: number) => proxy.call(o.signature, businessId, { params: { signatureId } }),
    /** `client.waivers.signaturesOfCustomer(1, 310)`: what a client signed, newest first (the client profile). */
    signaturesOfCustomer: (businessId: number, customerId: number) => proxy.call(o.signaturesOfCustomer, businessId, { params: { customerId } }),
    /** `client.waivers.serviceWaivers(1, 4)`: the waivers service 4 needs. */
    serviceWaivers: (businessId: number, serviceId: number) => proxy.call(o.serviceGet, businessId, { params: { serviceId } }),
    /** `client.waivers.updateServiceWaivers(1, 4, [7])`. */
    updateServiceWaivers: (businessId: number, serviceId: number, waiverIds: number[]) =>
      proxy.call(o.serviceUpdate, businessId, { params: { serviceId }, body: { waiver_ids: waiverIds } }),
    /** `client.waivers.categoryWaivers(1, 2)`: the waivers every service of category 2 needs. */
    categoryWaivers: (businessId: number, categoryId: number) => proxy.call(o.categoryGet, businessId, { params: { categoryId } }),
    /** `client.waivers.updateCategoryWaivers(1, 2, [7, 8])`. */
    updateCategoryWaivers: (businessId: number, categoryId: number, waiverIds: number[]) =>
      proxy.call(o.categoryUpdate, businessId, { params: { categoryId }, body: { waiver_ids: waiverIds } }),
    /** `client.waivers.updateSettings(1, { waiversEnabled: true })`. */
    updateSettings: (businessId: number, body: { waiversEnabled: boolean }) => proxy.call(o.settingsUpdate, businessId, { body }),
    /** `client.waivers.link(1, 7, 310)`: a signing link (`/waiver/<token>`) for client 310. */
    link: (businessId: number, waiverId: number, customerId: number) =>
      proxy.call(o.link, businessId, { params: { waiverId }, body: { customer_id: customerId } }),
    /** `client.waivers.signingPage(token)`: the public page's version to sign (no account). */
    signingPage: (tokenValue: string) => transport.request(e.get, { params: { token: tokenValue } }),
    /** `client.waivers.sign(token, { version_id, signed_name, strokes, consent: true })`. */
    sign: (tokenValue: string, body: WaiverSign) => transport.request(e.sign, { params: { token: tokenValue }, body }),
  };
}
