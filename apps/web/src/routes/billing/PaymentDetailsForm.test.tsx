import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaymentDetailsForm, readExpiry } from './PaymentDetailsForm';

const NOW = new Date('2026-03-15T12:00:00Z');

// A bound for a busy machine (typing is slow under jsdom), not a timing.
describe('PaymentDetailsForm', { timeout: 20_000 }, () => {
  it('says beside each field what it wants and sends nothing until the details have the right shape', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PaymentDetailsForm now={NOW} withName onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '02/26');
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    expect(screen.getByText('Enter the card number as it is on the card')).toBeTruthy();
    expect(screen.getByText('This card has expired')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digits on the back')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '03/26');
    await user.type(screen.getByLabelText('CVC'), '3');
    await user.type(screen.getByLabelText('Name for this method'), ' Studio Visa ');
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'card', number: '4242424242424242', exp_month: 3, exp_year: 2026, cvc: '123' }, 'Studio Visa');
  });

  it('takes a bank account when offered, and shows the provider’s refusal as an alert', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PaymentDetailsForm now={NOW} kinds={['card', 'bank_account']} error="Your card was declined." onSubmit={onSubmit} />);
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined.');
    await user.click(screen.getByRole('radio', { name: 'Bank account' }));
    await user.type(screen.getByLabelText('Account holder'), 'Ana Ruiz');
    await user.type(screen.getByLabelText('Routing number'), '110000000');
    await user.type(screen.getByLabelText('Account number'), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'bank_account', account_number: '000123456789', routing_number: '110000000', holder_name: 'Ana Ruiz' }, '');
  });

  it('reads an expiry written as MM/YY or MM/YYYY', () => {
    expect(readExpiry('4/31')).toEqual({ month: 4, year: 2031 });
    expect(readExpiry('12 / 2030')).toEqual({ month: 12, year: 2030 });
    expect(readExpiry('13/30')).toBeNull();
    expect(readExpiry('1230')).toBeNull();
  });
});
