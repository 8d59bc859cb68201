import { rangeProblem } from '@salondesk/core';
import { invalidRequest } from './errors';

/** A range the reports accept (core's `rangeProblem`), else 400 with the reason on `query.end`. */
export function checkRange(start: string, end: string): void {
  const problem = rangeProblem(start, end);
  if (problem) throw invalidRequest([{ path: ['query', 'end'], message: problem }]);
}
