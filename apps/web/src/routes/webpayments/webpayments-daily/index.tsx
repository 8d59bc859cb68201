import { WebPaymentsScreen } from '../webpayments-list';

/** `/{businessId}/reports/daily/webpayments`: the daily report `webpayments` (spec 000 §2), a day of web payments (`?day=`). */
export function Component() {
  return <WebPaymentsScreen dailyReport />;
}
