import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DrawerBalance, type DrawerBalanceLine } from './DrawerBalance';

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const lines: DrawerBalanceLine[] = [
  { key: 'start', label: 'Starting balance', amount: 20000 },
  { key: 'out', label: 'Paid out', amount: -2575 },
];

describe('DrawerBalance', () => {
  it('lists the movements, signed, under them the expected amount, then the count and how it came out', () => {
    render(<DrawerBalance title="Drawer" lines={lines} expected={17425} counted={17225} outcome={{ label: 'Short', tone: 'danger', difference: -200 }} money={money} />);
    const card = screen.getByRole('region', { name: 'Drawer' });
    expect(card.textContent).toContain('Paid out− $25.75');
    expect(card.textContent).toContain('Expected in the drawer$174.25');
    expect(card.textContent).toContain('Counted$172.25');
    expect(card.textContent).toContain('Short− $2.00');
  });

  it('shows nothing of the expected amount during a blind close', () => {
    render(<DrawerBalance title="Drawer" lines={lines} expected={null} money={money} hiddenNote="Count the drawer first." />);
    const card = screen.getByRole('region', { name: 'Drawer' });
    expect(card.textContent).toContain('Count the drawer first.');
    expect(card.textContent).not.toContain('$');
  });

  it('says Over with a plus sign', () => {
    render(<DrawerBalance title="Drawer" lines={lines} expected={17425} counted={17500} outcome={{ label: 'Over', tone: 'warning', difference: 75 }} money={money} />);
    expect(screen.getByRole('region', { name: 'Drawer' }).textContent).toContain('Over+ $0.75');
  });
});
