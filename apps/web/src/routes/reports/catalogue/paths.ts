import { businessPath } from '@salondesk/core';

/**
 * Where the report catalogue's screens and the report viewers live. The viewers are other parts'
 * routes: a procedure, function or embed report opens at `reports/custom/{id}` (the report
 * engine's viewer), a pivot at `reports/pivot/{id}` (the pivot editor).
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
};
