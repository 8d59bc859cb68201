import { reportPaths } from '../catalogue/paths';

/** Where the pivot screens are, inside a business: one definition, the catalogue's. */
export const pivotPaths = {
  new: reportPaths.newPivot,
  view: reportPaths.pivotViewer,
  edit: reportPaths.editPivot,
};
