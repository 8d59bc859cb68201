import { ShiftReportScreen } from '../shifts-report';

/** `/{businessId}/reports/daily/shift-reports`: the daily report `shift-reports` (spec 000 §2), a day of the shift and drawer report (`?day=`). */
export function Component() {
  return <ShiftReportScreen dailyReport />;
}
