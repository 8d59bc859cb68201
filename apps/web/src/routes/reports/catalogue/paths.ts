import { businessPath } from '@salondesk/core';

/**
 * Where the report catalogue's screens and the report viewers live. The viewers are other parts'
 * routes: a procedure, function or embed report opens at `reports/custom/{id}` (the report
 * engine's viewer, which hands an embed report on to `reports/embed/{id}`), a pivot at `reports/pivot/{id}` (the pivot viewer; its editor at `reports/pivot/{id}/edit`).
 */
export const reportPaths = {
  home: (businessId: number) => businessPath(businessId, 'reports'),
  newCustom: (businessId: number) => businessPath(businessId, 'reports/catalogue/custom/new'),
  editCustom: (businessId: number, reportId: number) => businessPath(businessId, `reports/catalogue/custom/${reportId}/edit`),
  categories: (businessId: number) => businessPath(businessId, 'reports/catalogue/categories'),
  gallery: (businessId: number) => businessPath(businessId, 'reports/catalogue/gallery'),
  deleted: (businessId: number) => businessPath(businessId, 'reports/catalogue/deleted'),
  customViewer: (businessId: number, reportId: number) => businessPath(businessId, `reports/custom/${reportId}`),
  pivotViewer: (businessId: number, reportId: number) => businessPath(businessId, `reports/pivot/${reportId}`),
  newPivot: (businessId: number) => businessPath(businessId, 'reports/pivot/new'),
  editPivot: (businessId: number, reportId: number) => businessPath(businessId, `reports/pivot/${reportId}/edit`),
};
