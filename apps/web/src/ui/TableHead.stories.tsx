import type { Story } from '@ladle/react';
import { TableHead } from './TableHead';

export const WithFigures: Story = () => (
  <div className="max-w-xl overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Sales by location</caption>
      <TableHead columns={['Location', 'Tickets', 'Net sales']} figuresFrom={1} />
      <tbody>
        <tr className="border-t border-slate-100">
          <td className="px-4 py-2">Luxe Los Angeles</td>
          <td className="px-4 py-2 text-right tabular-nums">42</td>
          <td className="px-4 py-2 text-right tabular-nums">$1,234.00</td>
        </tr>
      </tbody>
    </table>
  </div>
);

export const Plain: Story = () => (
  <table className="w-full max-w-md text-left text-sm">
    <caption className="px-4 pt-4 text-left text-base font-semibold text-slate-900">Top items</caption>
    <TableHead columns={['Item', 'Qty', 'Sales']} figuresFrom={1} plain />
  </table>
);
