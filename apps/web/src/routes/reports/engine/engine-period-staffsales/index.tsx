import { useParams } from 'react-router-dom';
import { PeriodReport } from '../PeriodReport';

/** `/{businessId}/periodreport/staffsales/byvisit`: each staff member's visits and sales per visit over a range. */
export function Component() {
  return (
    <PeriodReport
      businessId={Number(useParams().businessId)}
      type="staffsales/byvisit"
      description="A visit is a completed ticket with a line of theirs: their visits, what they sold by kind, and per visit."
      detailLabel="Each visit"
    />
  );
}
