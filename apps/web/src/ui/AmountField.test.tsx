import { amountUnreadable, centsToInput, MESSAGES, parseAmount } from '@salondesk/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountField } from './AmountField';

/** The field as screens use it: core's parseAmount in the business's currency. */
function Price({ symbol = '$', error, optional, onValue }: { symbol?: string; error?: string; optional?: boolean; onValue?: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <AmountField
        label="Price"
        value={value}
        onChange={(text) => {
          setValue(text);
          onValue?.(text);
        }}
        symbol={symbol}
        read={(text) => parseAmount(text, symbol)}
        normalise={centsToInput}
        error={error}
        optional={optional}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('AmountField', () => {
  it('shows the currency and writes a read amount back plainly when left: "$180.5" → 180.50', async () => {
    const user = userEvent.setup();
    render(<Price symbol="€" />);
    const input = screen.getByRole('textbox', { name: 'Price' });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('€')).toBeTruthy();
    await user.type(input, '€1,180.5');
    await user.tab();
    expect((input as HTMLInputElement).value).toBe('1180.50');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('says what it wants when it cannot read the amount, and follows the typing until it can', async () => {
    const user = userEvent.setup();
    render(<Price />);
    const input = screen.getByRole('textbox', { name: 'Price' });
    await user.type(input, 'ten');
    // Not while typing the first time…
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    await user.tab();
    // …but once the field is left.
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(amountUnreadable('$'));
    await user.clear(input);
    await user.type(input, '1,50');
    expect(screen.getByText(MESSAGES.amountSeparators)).toBeTruthy();
    await user.clear(input);
    await user.type(input, '1.50');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText(MESSAGES.amountSeparators)).toBeNull();
    // Left right, the field is quiet again while typing, until it is left.
    await user.tab();
    await user.type(input, 'x');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    await user.tab();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('an empty optional field is fine; a required one asks for an amount', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Price optional />);
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '5{Backspace}');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Price' }).hasAttribute('aria-invalid')).toBe(false);
    unmount();
    render(<Price />);
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '5{Backspace}');
    await user.tab();
    expect(screen.getByText('Enter an amount, like $180 or 180.50.')).toBeTruthy();
  });

  it("shows the screen's own error first", () => {
    render(<Price error="At most $12.00" />);
    const input = screen.getByRole('textbox', { name: 'Price' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('At most $12.00');
  });
});
