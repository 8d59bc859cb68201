import type { Story } from '@ladle/react';
import { PrintHeader } from './PrintHeader';

/** On screen the header is hidden (it prints only); the story shows it as paper would. */
export const OnPaper: Story = () => (
  <div className="[&_header]:block">
    <PrintHeader title="Transactions" business="Luxe Los Angeles" range="Oct 1, 2026 – Oct 31, 2026" printedAt="Nov 3, 2026, 9:41 AM" />
  </div>
);

export const PlatformList: Story = () => (
  <div className="[&_header]:block">
    <PrintHeader title="Setting types" printedAt="Nov 3, 2026, 9:41 AM" />
  </div>
);
