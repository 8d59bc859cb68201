import type { Story } from '@ladle/react';
import { FigureLabel } from './FigureLabel';

export const InText: Story = () => (
  <p className="max-w-md text-sm text-slate-700">
    Hover or tab to <FigureLabel label="Net sales" meaning="Gross sales less the refunds made in the same period." /> to read what it counts.
  </p>
);

export const InATableHeading: Story = () => (
  <table className="text-sm">
    <thead className="text-xs text-slate-600">
      <tr>
        <th className="px-4 py-2 text-left">Location</th>
        <th className="px-4 py-2 text-right">
          <FigureLabel label="Gross sales" meaning="What completed tickets sold: line prices less discounts, tax included, before refunds; tips are not included." align="end" />
        </th>
      </tr>
    </thead>
    <tbody>
      <tr>
        <td className="px-4 py-2">Luxe Los Angeles</td>
        <td className="px-4 py-2 text-right tabular-nums">$9,532.40</td>
      </tr>
    </tbody>
  </table>
);
