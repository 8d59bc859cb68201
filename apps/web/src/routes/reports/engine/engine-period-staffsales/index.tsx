import { PeriodReport } from '../PeriodReport';
import { useBusinessId } from '../../../../app/useBusinessId';

/** `/{businessId}/periodreport/staffsales/byvisit`: each staff member's visits and sales per visit over a range. */
export function Component() {
  return (
    <PeriodReport
      businessId={useBusinessId()}
      type="staffsales/byvisit"
      description="A visit is a completed ticket with a line of theirs: their visits, what they sold by kind, and per visit."
      detailLabel="Each visit"
    />
  );
}
