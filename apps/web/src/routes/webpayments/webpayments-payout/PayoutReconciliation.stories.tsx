import type { Story } from '@ladle/react';
import { PayoutReconciliation } from './PayoutReconciliation';

const money = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

export const Reconciled: Story = () => <PayoutReconciliation className="max-w-sm" title="Reconciliation" gross={48250} fee={1429} netamount={46821} amount={46821} difference={0} message={null} money={money} />;
/** A refund the provider deducted but never listed: the payout is $45.00 short of its movements. */
export const MissingRefund: Story = () => (
  <PayoutReconciliation
    className="max-w-sm"
    title="Reconciliation"
    gross={48250}
    fee={1429}
    netamount={46821}
    amount={42321}
    difference={-4500}
    message="Transaction amount did not match stripe payout amount"
    money={money}
  />
);
/** The same payout, its cause named from the provider's own listing: the card adds up to what was paid. */
export const MissingRefundNamed: Story = () => (
  <PayoutReconciliation
    className="max-w-sm"
    title="Reconciliation"
    gross={48250}
    fee={1429}
    netamount={46821}
    amount={42321}
    difference={-4500}
    message="Transaction amount did not match stripe payout amount"
    causes={[{ key: 'txn_re', label: 'Refund re_3Nq8Lb2eZvKYlo2C, missing from our records', amount: -4500 }]}
    money={money}
  />
);
