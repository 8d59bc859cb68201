import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id, instant } from '../models/ids';
import { boundedInt, changes, jsonValue, text } from '../models/input';
import {
  CUSTOM_REPORT_TYPES,
  customReport,
  deletionMetadata,
  legacyId,
  PIVOT_REPORT_TYPES,
  pivotConfiguration,
  pivotReport,
  REPORT_CATEGORY_TYPES,
  REPORT_KINDS,
  REPORT_LAYOUTS,
  REPORT_LEVELS,
  reportCategory,
  reportCategoryName,
  reportColumns,
  reportDescription,
  reportParameters,
  reportTitle,
} from '../models/reports';
import { INT32_MAX } from '../models/inputProblems';
import { customReportProblems, DELETION_ACTIONS, DELETION_STATES, REPORT_CATEGORY_ICONS } from '../rules/reports';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/**
 * The report catalogue (spec 000 §7 Reports; §3 Custom report, Pivot report, Report category
 * config, Deletion metadata; §4; §6): custom and pivot reports of a business, their categories,
 * deletion (mark, restore, delete for good), sharing in the gallery, and the user-level lists.
 * Paths are the spec's; categories, the one-report reads, the pivot copy and the list of deleted
 * reports have no path in the spec and are named after its vocabulary.
 */

const B = '/protected/business/{id}';
const business = z.object({ id });
const reportPath = z.object({ id, reportId: id });
const categoryPath = z.object({ id, categoryId: id });

// ——— Requests ————————————————————————————————————————————————————————————————————

/** A custom report's `name`: the function in schema `reports` (procedure, function) or the embed's name. */
const reportName = text(120, { trim: true, min: 1, tooShort: MESSAGES.reportFunctionName });
const metabaseId = boundedInt(1, INT32_MAX);
const categoryIcon = z.nullable(z.enum(REPORT_CATEGORY_ICONS));

/** The definition checks of a whole custom report (`customReportProblems`), as zod issues. */
const definitionChecks = z.check<{ type: (typeof CUSTOM_REPORT_TYPES)[number]; name: string; params: z.infer<typeof reportParameters>; columns: z.infer<typeof reportColumns>; add_columns_before: z.infer<typeof reportColumns>; metabase_id?: number | null }>((ctx) => {
  for (const problem of customReportProblems(ctx.value)) ctx.issues.push({ code: 'custom', message: problem.message, input: ctx.value, path: problem.path });
});

const customReportFields = {
  title: reportTitle,
  description: reportDescription,
  /** Its category (of type proc) by name, compared as category names are (case and spaces ignored); null: none. */
  category_name: z.nullable(reportCategoryName),
  type: z.enum(CUSTOM_REPORT_TYPES),
  report_level: z.enum(REPORT_LEVELS),
  report_layout: z.enum(REPORT_LAYOUTS),
  add_columns_before: reportColumns,
  /** Offered to every business (platform admins only). */
  generic: z.boolean(),
  name: reportName,
  params: reportParameters,
  settings: jsonValue,
  columns: reportColumns,
  legacy_id: z.nullable(legacyId),
  metabase_id: z.nullable(metabaseId),
};

/** A new custom report (`customreports/new`). */
export const newCustomReport = z
  .object({
    title: reportTitle,
    description: z._default(reportDescription, ''),
    category_name: z._default(customReportFields.category_name, null),
    type: customReportFields.type,
    report_level: z._default(customReportFields.report_level, 'business'),
    report_layout: z._default(customReportFields.report_layout, 'table'),
    add_columns_before: z._default(reportColumns, () => []),
    generic: z._default(z.boolean(), false),
    name: reportName,
    params: z._default(reportParameters, () => []),
    settings: z._default(jsonValue, () => ({})),
    columns: z._default(reportColumns, () => []),
    legacy_id: z._default(customReportFields.legacy_id, null),
    metabase_id: z._default(customReportFields.metabase_id, null),
  })
  .check(definitionChecks);
export type NewCustomReport = z.input<typeof newCustomReport>;

/**
 * A change to a custom report (`customreports/{id}/update`): only the fields named; the report
 * as changed is checked as a whole again by the server (`customReportProblems`).
 */
export const customReportChanges = changes(customReportFields);
export type CustomReportChanges = z.input<typeof customReportChanges>;

/** A copy's title; by default the original's with ` (copy)`. */
export const duplicateReport = z.object({ title: z.optional(reportTitle) });
export type DuplicateReport = z.input<typeof duplicateReport>;

/** A new pivot report (`pivotreport/new/add`). */
export const newPivotReport = z.object({
  title: reportTitle,
  description: z._default(reportDescription, ''),
  type: z._default(z.enum(PIVOT_REPORT_TYPES), 'new'),
  configuration: pivotConfiguration,
  /** Its category (of type pivot) by name; null: none. */
  category_name: z._default(z.nullable(reportCategoryName), null),
});
export type NewPivotReport = z.input<typeof newPivotReport>;

const pivotChangeFields = {
  title: z.optional(reportTitle),
  description: z.optional(reportDescription),
  configuration: z.optional(pivotConfiguration),
  category_name: z.optional(z.nullable(reportCategoryName)),
};
/** A change to a pivot report (`pivotreport/new/update`): its `id` and the fields that change (at least one). */
export const pivotReportUpdate = z.object({ id, ...pivotChangeFields }).check(
  z.refine((value) => Object.keys(pivotChangeFields).some((key) => value[key as keyof typeof pivotChangeFields] !== undefined), { error: MESSAGES.nothingToChange }),
);
export type PivotReportUpdate = z.input<typeof pivotReportUpdate>;

/** A new report category. */
export const newReportCategory = z.object({
  category_name: reportCategoryName,
  category_icon: z._default(categoryIcon, null),
  type: z.enum(REPORT_CATEGORY_TYPES),
});
export type NewReportCategory = z.input<typeof newReportCategory>;

/** A renamed category or a new icon (its type stays: its reports are of that kind). */
export const reportCategoryChanges = changes({ category_name: reportCategoryName, category_icon: categoryIcon });
export type ReportCategoryChanges = z.input<typeof reportCategoryChanges>;

/** `deletereport`: which report, and what to do (spec 000 §4). */
export const deleteReportInput = z.object({ report_id: id, type: z.enum(REPORT_KINDS), action: z.enum(DELETION_ACTIONS) });
export type DeleteReportInput = z.input<typeof deleteReportInput>;

/** `makepublic`: share a report in the gallery, or stop sharing it. */
export const makePublicInput = z.object({ report_id: id, type: z.enum(REPORT_KINDS), public: z.boolean() });
export type MakePublicInput = z.input<typeof makePublicInput>;

// ——— Responses —————————————————————————————————————————————————————————————————————

/** A category with how many of its business's reports (not deleted) are filed under it. */
export const reportCategoryWithCount = z.object({ ...reportCategory.shape, reports: z.int() });
export type ReportCategoryWithCount = z.infer<typeof reportCategoryWithCount>;

/** One change of a report's deletion state: what, which action, when, and who (Deletion metadata). */
export const deletionRecord = z.object({
  ...deletionMetadata.shape,
  id,
  title: z.string(),
  action: z.enum(DELETION_ACTIONS),
  at: instant,
});
export type DeletionRecord = z.infer<typeof deletionRecord>;

/** A report marked for deletion, with who marked it (null when the record predates them). */
export const markedReport = z.object({
  report_id: id,
  type: z.enum(REPORT_KINDS),
  title: z.string(),
  category_name: z.nullable(z.string()),
  deleted_at: instant,
  deletedBy: z.nullable(deletionMetadata.shape.deletedBy),
});
export type MarkedReport = z.infer<typeof markedReport>;

/** The deleted-reports view: the business's reports marked for deletion, and the latest changes of deletion state. */
export const deletedReports = z.object({ marked: z.array(markedReport), history: z.array(deletionRecord) });
export type DeletedReports = z.infer<typeof deletedReports>;

/** After `deletereport`: the report's state and `deleted_at` as spec 000 §4 reads them (absent once deleted for good), and the record kept. */
export const deletionResult = z.object({
  report_id: id,
  type: z.enum(REPORT_KINDS),
  state: z.enum(DELETION_STATES),
  deleted_at: z.optional(z.nullable(instant)),
  record: deletionRecord,
});
export type DeletionResult = z.infer<typeof deletionResult>;

export const publicState = z.object({ report_id: id, type: z.enum(REPORT_KINDS), public: z.boolean() });

/** A report in the gallery: shared by another business, copied in with `duplicate`. */
export const galleryReport = z.object({
  type: z.enum(REPORT_KINDS),
  id,
  title: z.string(),
  description: z.string(),
  /** embed, procedure, function (custom) or new (pivot). */
  report_type: z.string(),
  category_name: z.nullable(z.string()),
  business_id: id,
  business_name: z.string(),
  updated_at: instant,
});
export type GalleryReport = z.infer<typeof galleryReport>;

// ——— Endpoints ————————————————————————————————————————————————————————————————————

const permission = 'reporting.customreport' as const;

export const reportEndpoints = {
  listCustom: defineEndpoint({
    name: 'reports.listCustom',
    method: 'GET',
    path: `${B}/customreports/all`,
    access: 'business',
    permission,
    params: business,
    /** The business's custom reports the user sees (§6), with the generic ones, not deleted; none when the location's reports are off. */
    response: z.array(customReport),
    errorMessage: MESSAGES.failedToFetchCustomReports,
  }),
  getCustom: defineEndpoint({
    name: 'reports.getCustom',
    method: 'GET',
    path: `${B}/customreport/{reportId}`,
    access: 'business',
    permission,
    params: reportPath,
    /** One custom report with its settings (parameters, columns), not deleted. */
    response: customReport,
    errorMessage: MESSAGES.failedToFetchCustomReportSettings,
  }),
  createCustom: defineEndpoint({
    name: 'reports.createCustom',
    method: 'POST',
    path: `${B}/customreports/new`,
    access: 'business',
    permission,
    params: business,
    body: newCustomReport,
    response: customReport,
    errorMessage: MESSAGES.failedToAdd,
    successMessage: MESSAGES.successfullyAdded,
  }),
  updateCustom: defineEndpoint({
    name: 'reports.updateCustom',
    method: 'POST',
    path: `${B}/customreports/{reportId}/update`,
    access: 'business',
    permission,
    params: reportPath,
    body: customReportChanges,
    response: customReport,
    errorMessage: MESSAGES.failedToUpdate,
    successMessage: MESSAGES.reportUpdated,
  }),
  duplicateCustom: defineEndpoint({
    name: 'reports.duplicateCustom',
    method: 'POST',
    path: `${B}/customreport/{reportId}/duplicate`,
    access: 'business',
    permission,
    params: reportPath,
    body: duplicateReport,
    /** The copy, in the business of the path: one of its own reports, or a gallery report of another business. */
    response: customReport,
    errorMessage: MESSAGES.failedToCopyReport,
    successMessage: MESSAGES.successfullyAdded,
  }),
  listPivot: defineEndpoint({
    name: 'reports.listPivot',
    method: 'GET',
    path: `${B}/pivotreports/new`,
    access: 'business',
    permission,
    params: business,
    response: z.array(pivotReport),
    errorMessage: MESSAGES.failedToFetchPivotReports,
  }),
  getPivot: defineEndpoint({
    name: 'reports.getPivot',
    method: 'GET',
    path: `${B}/pivotreport/{reportId}`,
    access: 'business',
    permission,
    params: reportPath,
    response: pivotReport,
    errorMessage: MESSAGES.failedToFetchPivotReports,
  }),
  createPivot: defineEndpoint({
    name: 'reports.createPivot',
    method: 'POST',
    path: `${B}/pivotreport/new/add`,
    access: 'business',
    permission,
    params: business,
    body: newPivotReport,
    response: pivotReport,
    errorMessage: MESSAGES.failedToAdd,
    successMessage: MESSAGES.successfullyAdded,
  }),
  updatePivot: defineEndpoint({
    name: 'reports.updatePivot',
    method: 'POST',
    path: `${B}/pivotreport/new/update`,
    access: 'business',
    permission,
    params: business,
    body: pivotReportUpdate,
    response: pivotReport,
    errorMessage: MESSAGES.failedToSave,
    successMessage: MESSAGES.successfullyUpdated,
  }),
  duplicatePivot: defineEndpoint({
    name: 'reports.duplicatePivot',
    method: 'POST',
    path: `${B}/pivotreport/{reportId}/duplicate`,
    access: 'business',
    permission,
    params: reportPath,
    body: duplicateReport,
    response: pivotReport,
    errorMessage: MESSAGES.failedToCopyReport,
    successMessage: MESSAGES.successfullyAdded,
  }),
  listCategories: defineEndpoint({
    name: 'reports.listCategories',
    method: 'GET',
    path: `${B}/reportcategories`,
    access: 'business',
    permission,
    params: business,
    query: z.object({ type: z.optional(z.enum(REPORT_CATEGORY_TYPES)) }),
    response: z.array(reportCategoryWithCount),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  addCategory: defineEndpoint({
    name: 'reports.addCategory',
    method: 'POST',
    path: `${B}/reportcategories/add`,
    access: 'business',
    permission,
    params: business,
    body: newReportCategory,
    response: reportCategoryWithCount,
    errorMessage: MESSAGES.failedToAdd,
    successMessage: MESSAGES.successfullyAdded,
  }),
  updateCategory: defineEndpoint({
    name: 'reports.updateCategory',
    method: 'POST',
    path: `${B}/reportcategories/{categoryId}/update`,
    access: 'business',
    permission,
    params: categoryPath,
    body: reportCategoryChanges,
    response: reportCategoryWithCount,
    errorMessage: MESSAGES.failedToUpdate,
    successMessage: MESSAGES.successfullyUpdated,
  }),
  deleteCategory: defineEndpoint({
    name: 'reports.deleteCategory',
    method: 'POST',
    path: `${B}/reportcategories/{categoryId}/delete`,
    access: 'business',
    permission,
    params: categoryPath,
    body: z.object({}),
    /** The category removed; its reports stay, uncategorised. */
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToUpdate,
    successMessage: MESSAGES.successfullyDeleted,
  }),
  deleteReport: defineEndpoint({
    name: 'reports.deleteReport',
    method: 'POST',
    path: `${B}/deletereport`,
    access: 'business',
    permission,
    params: business,
    body: deleteReportInput,
    /** The toast depends on the action: `DELETION_TOAST`. */
    response: deletionResult,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  deletedReports: defineEndpoint({
    name: 'reports.deletedReports',
    method: 'GET',
    path: `${B}/deletereport`,
    access: 'business',
    permission,
    params: business,
    response: deletedReports,
    errorMessage: MESSAGES.failedToFetchCustomReports,
  }),
  makePublic: defineEndpoint({
    name: 'reports.makePublic',
    method: 'POST',
    path: `${B}/makepublic`,
    access: 'business',
    permission,
    params: business,
    body: makePublicInput,
    response: publicState,
    errorMessage: MESSAGES.failedToUpdate,
    successMessage: MESSAGES.reportUpdated,
  }),
  gallery: defineEndpoint({
    name: 'reports.gallery',
    method: 'GET',
    path: `${B}/gallery`,
    access: 'business',
    permission,
    params: business,
    /** Public reports of the other businesses (not deleted), newest first. */
    response: z.array(galleryReport),
    errorMessage: MESSAGES.failedToFetchCustomReports,
  }),
  userCustom: defineEndpoint({
    name: 'reports.userCustom',
    method: 'GET',
    path: '/protected/user/customreports',
    access: 'user',
    /** Every custom report the signed-in user sees in the businesses they may open (§6), not deleted. */
    response: z.array(customReport),
    errorMessage: MESSAGES.failedToFetchCustomReports,
  }),
  userPivot: defineEndpoint({
    name: 'reports.userPivot',
    method: 'GET',
    path: '/protected/user/pivotreports',
    access: 'user',
    response: z.array(pivotReport),
    errorMessage: MESSAGES.failedToFetchPivotReports,
  }),
} as const;

export function reportsClient(transport: Transport) {
  const e = reportEndpoints;
  const inBusiness = (businessId: number) => ({ id: businessId });
  return {
    /** Custom reports of a business: `client.reports.listCustom(1)`. */
    listCustom: (businessId: number) => transport.request(e.listCustom, { params: inBusiness(businessId) }),
    getCustom: (businessId: number, reportId: number) => transport.request(e.getCustom, { params: { id: businessId, reportId } }),
    /** `client.reports.createCustom(1, { title: 'Sales by staff', type: 'function', name: 'sales_by_staff' })`. */
    createCustom: (businessId: number, body: NewCustomReport) => transport.request(e.createCustom, { params: inBusiness(businessId), body }),
    updateCustom: (businessId: number, reportId: number, body: CustomReportChanges) => transport.request(e.updateCustom, { params: { id: businessId, reportId }, body }),
    /** Copies a report (its own, or a gallery report of another business) into business `businessId`. */
    duplicateCustom: (businessId: number, reportId: number, body: DuplicateReport = {}) => transport.request(e.duplicateCustom, { params: { id: businessId, reportId }, body }),
    listPivot: (businessId: number) => transport.request(e.listPivot, { params: inBusiness(businessId) }),
    getPivot: (businessId: number, reportId: number) => transport.request(e.getPivot, { params: { id: businessId, reportId } }),
    createPivot: (businessId: number, body: NewPivotReport) => transport.request(e.createPivot, { params: inBusiness(businessId), body }),
    updatePivot: (businessId: number, body: PivotReportUpdate) => transport.request(e.updatePivot, { params: inBusiness(businessId), body }),
    duplicatePivot: (businessId: number, reportId: number, body: DuplicateReport = {}) => transport.request(e.duplicatePivot, { params: { id: businessId, reportId }, body }),
    listCategories: (businessId: number, type?: 'proc' | 'pivot') => transport.request(e.listCategories, { params: inBusiness(businessId), query: type ? { type } : {} }),
    /** `client.reports.addCategory(1, { category_name: 'Payroll', type: 'proc' })`; a name already there is refused with `Category Payroll already exists`. */
    addCategory: (businessId: number, body: NewReportCategory) => transport.request(e.addCategory, { params: inBusiness(businessId), body }),
    updateCategory: (businessId: number, categoryId: number, body: ReportCategoryChanges) => transport.request(e.updateCategory, { params: { id: businessId, categoryId }, body }),
    deleteCategory: (businessId: number, categoryId: number) => transport.request(e.deleteCategory, { params: { id: businessId, categoryId }, body: {} }),
    /** Mark, restore or delete for good: `client.reports.deleteReport(1, { report_id: 4, type: 'custom', action: 'mark' })`. */
    deleteReport: (businessId: number, body: DeleteReportInput) => transport.request(e.deleteReport, { params: inBusiness(businessId), body }),
    deletedReports: (businessId: number) => transport.request(e.deletedReports, { params: inBusiness(businessId) }),
    makePublic: (businessId: number, body: MakePublicInput) => transport.request(e.makePublic, { params: inBusiness(businessId), body }),
    gallery: (businessId: number) => transport.request(e.gallery, { params: inBusiness(businessId) }),
    /** Every custom report the signed-in user sees, across their businesses. */
    userCustom: () => transport.request(e.userCustom, {}),
    userPivot: () => transport.request(e.userPivot, {}),
  };
}
