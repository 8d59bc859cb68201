import type { Story } from '@ladle/react';
import { useState } from 'react';
import { PaymentDetailsForm, type PaymentDetailsValue } from './PaymentDetailsForm';

const NOW = new Date('2026-03-01T12:00:00Z');

export const Card: Story = () => {
  const [sent, setSent] = useState<PaymentDetailsValue | null>(null);
  return (
    <div className="max-w-sm space-y-4">
      <PaymentDetailsForm now={NOW} withName onSubmit={(details) => setSent(details)} onCancel={() => setSent(null)} />
      {sent ? <p className="text-sm text-slate-600">Would send a {sent.kind === 'card' ? 'card' : 'bank account'} to the provider.</p> : null}
    </div>
  );
};

export const CardOrBankAccount: Story = () => <PaymentDetailsForm now={NOW} kinds={['card', 'bank_account']} onSubmit={() => undefined} />;

export const Declined: Story = () => <PaymentDetailsForm now={NOW} error="Your card was declined." onSubmit={() => undefined} />;

export const Sending: Story = () => <PaymentDetailsForm now={NOW} pending onSubmit={() => undefined} />;
