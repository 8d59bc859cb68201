import type { Story } from '@ladle/react';
import { SideNav } from './SideNav';

const items = [
  { key: 'home', label: 'Home', href: '#home', current: true },
  { key: 'schedule', label: 'Schedule', href: '#schedule', current: false },
  { key: 'staff', label: 'Staff', href: '#staff', current: false },
  { key: 'settings', label: 'Settings', href: '#settings', current: false },
];

export const Column: Story = () => (
  <div className="w-56">
    <SideNav items={items} />
  </div>
);

export const NarrowRow: Story = () => (
  <div className="w-80 md:w-80">
    <SideNav items={[...items, { key: 'reports', label: 'Reports', href: '#reports', current: false }]} />
  </div>
);
