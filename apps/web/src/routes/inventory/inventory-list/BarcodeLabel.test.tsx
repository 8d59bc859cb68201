import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarcodeLabel } from './BarcodeLabel';

describe('BarcodeLabel', () => {
  it('draws the bars of an EAN-13 with bwip-js, under the name and over the price', async () => {
    render(<BarcodeLabel code="4006381333931" format="ean13" name="Hydrating Shampoo" price="$28.00" />);
    const bars = await screen.findByRole('img', { name: 'Barcode 4006381333931' });
    expect(bars.innerHTML).toContain('<svg');
    expect(bars.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(screen.getByText('Hydrating Shampoo')).toBeTruthy();
    expect(screen.getByText('$28.00')).toBeTruthy();
  });

  it('says so when a code cannot be drawn in its format', async () => {
    render(<BarcodeLabel code="12345" format="ean13" name="Broken" />);
    expect((await screen.findByRole('alert')).textContent).toContain('12345');
  });
});
