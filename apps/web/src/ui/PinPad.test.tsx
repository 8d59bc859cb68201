import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PinPad } from './PinPad';

function Harness({ onSubmit }: { onSubmit: (pin: string) => void }) {
  const [pin, setPin] = useState('');
  return <PinPad label="PIN for Ava" value={pin} onChange={setPin} onSubmit={() => onSubmit(pin)} submitLabel="Clock in" />;
}

describe('PinPad', () => {
  it('takes digits from the keypad and the keyboard, and sends only a PIN long enough', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const field = screen.getByLabelText('PIN for Ava') as HTMLInputElement;
    const send = screen.getByRole('button', { name: 'Clock in' });
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    fireEvent.click(screen.getByRole('button', { name: '8' }));
    expect(field.value).toBe('258');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(onSubmit).not.toHaveBeenCalled();
    // Typed letters never get in.
    fireEvent.change(field, { target: { value: '258a0' } });
    expect(field.value).toBe('2580');
    fireEvent.click(screen.getByRole('button', { name: 'Delete the last digit' }));
    expect(field.value).toBe('258');
    fireEvent.click(screen.getByRole('button', { name: '0' }));
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledWith('2580');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field.value).toBe('');
  });

  it('reads an error with the field', () => {
    render(<PinPad label="PIN" value="" onChange={() => undefined} onSubmit={() => undefined} submitLabel="Clock out" error="That PIN is not right." />);
    expect(screen.getByLabelText('PIN').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('That PIN is not right.');
  });
});
