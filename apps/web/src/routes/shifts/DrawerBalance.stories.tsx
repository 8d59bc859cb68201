import type { Story } from '@ladle/react';
import { DrawerBalance, type DrawerBalanceLine } from './DrawerBalance';

const money = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
const lines: DrawerBalanceLine[] = [
  { key: 'start', label: 'Starting balance', meaning: 'The count the drawer opened with.', amount: 20000 },
  { key: 'cash', label: 'Cash sales', meaning: 'Cash taken for tickets checked out while the drawer was open.', amount: 48250 },
  { key: 'in', label: 'Paid in', amount: 1000 },
  { key: 'out', label: 'Paid out', amount: -2575 },
  { key: 'drop', label: 'Cash drops', amount: -30000 },
];

export const Open: Story = () => <DrawerBalance className="max-w-sm" title="Drawer" lines={lines} expected={36675} money={money} />;
export const Short: Story = () => <DrawerBalance className="max-w-sm" title="Drawer" lines={lines} expected={36675} counted={36475} outcome={{ label: 'Short', tone: 'danger', difference: -200 }} money={money} />;
export const Balanced: Story = () => <DrawerBalance className="max-w-sm" title="Drawer" lines={lines} expected={36675} counted={36675} outcome={{ label: 'Balanced', tone: 'success', difference: 0 }} money={money} />;
/** A blind close before the count is saved: nothing of what is expected shows. */
export const Blind: Story = () => <DrawerBalance className="max-w-sm" title="Drawer" lines={lines} expected={null} money={money} />;
