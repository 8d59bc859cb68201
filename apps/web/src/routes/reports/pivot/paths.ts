import { businessPath } from '@salondesk/core';

/** Where the pivot screens are, inside a business (the viewer is the catalogue's `reportPaths.pivotViewer` too). */
export const pivotPaths = {
  new: (businessId: number) => businessPath(businessId, 'reports/pivot/new'),
  view: (businessId: number, reportId: number) => businessPath(businessId, `reports/pivot/${reportId}`),
  edit: (businessId: number, reportId: number) => businessPath(businessId, `reports/pivot/${reportId}/edit`),
};
