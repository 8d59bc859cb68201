import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import {
  segment,
  segmentCacheUpdate,
  segmentChanges,
  segmentCopyInput,
  segmentCopyResult,
  segmentCountInput,
  segmentCountResult,
  segmentEditorCandidate,
  segmentInput,
  segmentList,
  segmentPermissionChanges,
  segmentPermissionResult,
} from '../models/segments';
import { COLUMN_KIND as K } from '../rules/export';
import { SEGMENT_FIGURES } from '../rules/figures';
import { defineExport } from './exports';
import { defineOperation, type OperationInput, proxyClient } from './proxy';
import type { Transport } from './transport';

/**
 * Customer segments through the proxy request (spec 001 §7 Segments: get, add, {id} update,
 * delete, copy, getall, permission bulk update), plus the live count of a tree being edited,
 * the cache update of §5 and the users who may be made editors. Every destination is under
 * `/protected/business/{id}/io-request?dest=customersegment/…`.
 *
 * Reading needs no more than the location: users with `customer` or `operation.view-campaigns`
 * see every segment, anyone else the segments they edit. Adding, copying and changing editors
 * need `customer`; updating and deleting a segment `customer` or being one of its editors.
 */
export const segmentOperations = {
  getall: /* @__PURE__ */ defineOperation({
    name: 'segments.getall',
    method: 'GET',
    dest: 'customersegment/getall',
    response: segmentList,
    errorMessage: MESSAGES.failedToFetchSegments,
  }),
  get: /* @__PURE__ */ defineOperation({
    name: 'segments.get',
    method: 'GET',
    dest: 'customersegment/get',
    query: z.object({ id }),
    response: segment,
    errorMessage: MESSAGES.failedToFetchSegments,
  }),
  add: /* @__PURE__ */ defineOperation({
    name: 'segments.add',
    method: 'POST',
    dest: 'customersegment/add',
    body: segmentInput,
    response: segment,
    permission: 'customer',
    errorMessage: MESSAGES.failedSegmentChange,
    successMessage: MESSAGES.segmentAdded,
  }),
  update: /* @__PURE__ */ defineOperation({
    name: 'segments.update',
    method: 'POST',
    dest: 'customersegment/{segmentId}/update',
    params: z.object({ segmentId: id }),
    body: segmentChanges,
    response: segment,
    errorMessage: MESSAGES.failedSegmentChange,
    successMessage: MESSAGES.segmentUpdated,
  }),
  delete: /* @__PURE__ */ defineOperation({
    name: 'segments.delete',
    method: 'POST',
    dest: 'customersegment/delete',
    body: z.object({ id }),
    response: z.object({ id }),
    errorMessage: MESSAGES.failedSegmentChange,
    successMessage: MESSAGES.segmentDeleted,
  }),
  copy: /* @__PURE__ */ defineOperation({
    name: 'segments.copy',
    method: 'POST',
    dest: 'customersegment/copy',
    body: segmentCopyInput,
    response: segmentCopyResult,
    permission: 'customer',
    errorMessage: MESSAGES.failedSegmentChange,
    successMessage: MESSAGES.segmentCopied,
  }),
  permissionBulkUpdate: /* @__PURE__ */ defineOperation({
    name: 'segments.permissionBulkUpdate',
    method: 'POST',
    dest: 'customersegment/permission/bulkupdate',
    body: segmentPermissionChanges,
    response: segmentPermissionResult,
    permission: 'customer',
    errorMessage: MESSAGES.failedSegmentPermission,
    successMessage: MESSAGES.segmentPermissionUpdated,
  }),
  /** The live count (and the first few names) of a tree while it is edited; nothing is saved. */
  count: /* @__PURE__ */ defineOperation({
    name: 'segments.count',
    method: 'POST',
    dest: 'customersegment/count',
    body: segmentCountInput,
    response: segmentCountResult,
    errorMessage: MESSAGES.failedToFetchSegments,
  }),
  /** §5: a segment's cache of one of its locations; both ids and a value are required. */
  updateCache: /* @__PURE__ */ defineOperation({
    name: 'segments.updateCache',
    method: 'POST',
    dest: 'customersegmentcache/update',
    body: segmentCacheUpdate,
    response: segment,
    errorMessage: MESSAGES.failedToUpdateBang,
  }),
  /** Users who can see this location, who may be named editors. */
  editorCandidates: /* @__PURE__ */ defineOperation({
    name: 'segments.editorCandidates',
    method: 'GET',
    dest: 'customersegment/editors',
    response: z.array(segmentEditorCandidate),
    permission: 'customer',
    errorMessage: MESSAGES.failedToFetchSegments,
  }),
} as const;

/**
 * The segments list as a file (CSV, XLSX): the segments `customersegment/getall` shows the user
 * (every one with `customer` or `operation.view-campaigns`, else those they edit), each with its
 * members counted now and the count last kept.
 */
export const segmentExports = {
  segments: defineExport({
    report: 'segments',
    title: 'Segments',
    path: '/protected/business/{id}/export/segments',
    access: 'business',
    params: z.object({ id }),
    query: {},
    columns: [
      { key: 'name', label: 'Segment', kind: K.TEXT },
      { key: 'description', label: 'Description', kind: K.TEXT },
      { key: 'conditions', label: 'Conditions', kind: K.COUNT },
      { key: 'members', label: SEGMENT_FIGURES.members.label, kind: K.COUNT },
      { key: 'last_counted', label: SEGMENT_FIGURES.lastCounted.label, kind: K.COUNT },
      { key: 'last_counted_at', label: 'Last counted', kind: K.DATETIME },
      { key: 'locations', label: 'Locations', kind: K.TEXT },
      { key: 'editors', label: 'Editors', kind: K.TEXT },
    ],
    errorMessage: MESSAGES.failedToFetchSegments,
  }),
} as const;

type Ops = typeof segmentOperations;
type In<K extends keyof Ops> = OperationInput<Ops[K]>;

export function segmentsClient(transport: Transport) {
  const proxy = proxyClient(transport);
  const o = segmentOperations;
  return {
    list: (businessId: number) => proxy.call(o.getall, businessId, {}),
    get: (businessId: number, segmentId: number) => proxy.call(o.get, businessId, { query: { id: segmentId } }),
    create: (businessId: number, body: In<'add'>['body']) => proxy.call(o.add, businessId, { body }),
    update: (businessId: number, segmentId: number, body: In<'update'>['body']) => proxy.call(o.update, businessId, { params: { segmentId }, body }),
    remove: (businessId: number, segmentId: number) => proxy.call(o.delete, businessId, { body: { id: segmentId } }),
    copy: (businessId: number, segmentId: number, businessIds: number[]) => proxy.call(o.copy, businessId, { body: { id: segmentId, businessIds } }),
    setEditors: (businessId: number, body: In<'permissionBulkUpdate'>['body']) => proxy.call(o.permissionBulkUpdate, businessId, { body }),
    count: (businessId: number, body: In<'count'>['body']) => proxy.call(o.count, businessId, { body }),
    updateCache: (businessId: number, body: In<'updateCache'>['body']) => proxy.call(o.updateCache, businessId, { body }),
    editorCandidates: (businessId: number) => proxy.call(o.editorCandidates, businessId, {}),
  };
}
