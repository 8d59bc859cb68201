import { PeriodReport } from '../PeriodReport';
import { useBusinessId } from '../../../../app/useBusinessId';

/** `/{businessId}/periodreport/prepaidbalance`: gift cards and prepaid packages, balance at the start and the end of a range. */
export function Component() {
  return (
    <PeriodReport
      businessId={useBusinessId()}
      type="prepaidbalance"
      description="What customers hold on gift cards and prepaid packages, from the cards’ ledgers: the balance at the start, sold, redeemed, adjusted, expired and voided, and the balance at the end."
      detailLabel="Each day"
    />
  );
}
