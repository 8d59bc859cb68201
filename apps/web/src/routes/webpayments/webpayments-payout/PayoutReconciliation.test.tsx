import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayoutReconciliation } from './PayoutReconciliation';

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('PayoutReconciliation', () => {
  it('shows gross, fee and net against what was paid, and says Reconciled with no alert', () => {
    render(<PayoutReconciliation title="Reconciliation" gross={10000} fee={320} netamount={9680} amount={9680} difference={0} message={null} money={money} />);
    const card = screen.getByRole('region', { name: 'Reconciliation' });
    expect(card.textContent).toContain('Gross$100.00');
    expect(card.textContent).toContain('Fee− $3.20');
    expect(card.textContent).toContain('Net amount$96.80');
    expect(card.textContent).toContain('Reconciled');
    expect(card.textContent).not.toContain('Difference');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names a mismatch with its message and the signed difference', () => {
    render(<PayoutReconciliation title="Reconciliation" gross={10000} fee={320} netamount={9680} amount={9180} difference={-500} message="Transaction amount did not match stripe payout amount" money={money} />);
    expect(screen.getByRole('alert').textContent).toBe('Transaction amount did not match stripe payout amount (− $5.00)');
    const card = screen.getByRole('region', { name: 'Reconciliation' });
    expect(card.textContent).toContain('Not reconciled');
    expect(card.textContent).toContain('Net amount$96.80Difference− $5.00Paid by the provider$91.80');
  });

  it('lists each known cause of the difference between the net amount and what was paid, then what none explains, so the lines add up', () => {
    render(
      <PayoutReconciliation
        title="Reconciliation"
        gross={10000}
        fee={320}
        netamount={9680}
        amount={9080}
        difference={-600}
        message="Transaction amount did not match stripe payout amount"
        causes={[{ key: 'txn_re', label: 'Refund re_1, missing from our records', amount: -500 }]}
        money={money}
      />,
    );
    const card = screen.getByRole('region', { name: 'Reconciliation' });
    expect(card.textContent).toContain('Net amount$96.80Refund re_1, missing from our records− $5.00Unexplained− $1.00Paid by the provider$90.80');
    expect(card.textContent).not.toContain('Difference');
  });
});
