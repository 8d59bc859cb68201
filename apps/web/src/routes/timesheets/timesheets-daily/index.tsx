import { TimesheetBoard } from '../timesheets-board';

/** `/{businessId}/reports/daily/timesheets`: the daily report `timesheets` (spec 000 §2), a day of the Staff timesheets (`?day=`). */
export function Component() {
  return <TimesheetBoard dailyReport />;
}
