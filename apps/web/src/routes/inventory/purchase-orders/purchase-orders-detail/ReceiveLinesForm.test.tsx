import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { type ReceiveLine, ReceiveLinesForm } from './ReceiveLinesForm';

const lines: ReceiveLine[] = [
  { id: 1, product: 'Shampoo', unit: 'each', ordered: 12, received: 4, remaining: 8, onHand: 5 },
  { id: 2, product: 'Colour 6N', unit: 'g', ordered: 500, received: 500, remaining: 0, onHand: 512.5 },
];
const format = (q: number, unit: string) => `${q} ${unit}`;

function Harness({ errors }: { errors?: Record<number, string> }) {
  const [values, setValues] = useState<Record<number, string>>({});
  return (
    <>
      <ReceiveLinesForm
        lines={lines}
        values={values}
        errors={errors}
        onChange={(id, typed) => setValues((v) => ({ ...v, [id]: typed }))}
        onFillRemaining={() => setValues({ 1: '8' })}
        formatQuantity={format}
      />
      <output>{JSON.stringify(values)}</output>
    </>
  );
}

it('takes a quantity per line still to come, named after its product, and fills what is still to come', async () => {
  render(<Harness />);
  const field = screen.getByRole('textbox', { name: 'Received now of Shampoo' });
  await userEvent.type(field, '2.5');
  expect(document.querySelector('output')?.textContent).toBe('{"1":"2.5"}');
  // A line that has all come in takes no input.
  expect(screen.queryByRole('textbox', { name: 'Received now of Colour 6N' })).toBeNull();
  expect(screen.getByText('All in')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Fill in everything still to come' }));
  expect(document.querySelector('output')?.textContent).toBe('{"1":"8"}');
  expect((screen.getByRole('textbox', { name: 'Received now of Shampoo' }) as HTMLInputElement).value).toBe('8');
});

it('reads a line’s problem with its field', () => {
  render(<Harness errors={{ 1: 'Too much' }} />);
  const field = screen.getByRole('textbox', { name: 'Received now of Shampoo' });
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Too much');
});
