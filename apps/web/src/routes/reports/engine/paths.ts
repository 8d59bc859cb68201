import { businessPath } from '@salondesk/core';

/** Where the report engine's screens are, inside a business. */
export const enginePaths = {
  runFunction: (businessId: number, name: string) => businessPath(businessId, `reports/run/${name}`),
  custom: (businessId: number, reportId: number) => businessPath(businessId, `reports/custom/${reportId}`),
  dataSources: (businessId: number) => businessPath(businessId, 'reports/datasources'),
  dataSource: (businessId: number, id: number) => businessPath(businessId, `reports/datasources/${id}`),
  newDataSource: (businessId: number) => businessPath(businessId, 'reports/datasources/new'),
  editDataSource: (businessId: number, id: number) => businessPath(businessId, `reports/datasources/${id}/edit`),
  run: (businessId: number, runId: number | string) => businessPath(businessId, `reports/runs/${runId}`),
  cube: (businessId: number) => businessPath(businessId, 'admin/cube'),
};
