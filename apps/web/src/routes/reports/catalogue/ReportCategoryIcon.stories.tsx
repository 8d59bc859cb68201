import type { Story } from '@ladle/react';
import { REPORT_CATEGORY_ICON_NAMES, ReportCategoryIcon } from './ReportCategoryIcon';

/** Every icon a report category may show, with its name. */
export const Every: Story = () => (
  <ul className="grid max-w-xl grid-cols-3 gap-3 text-sm text-slate-700">
    {REPORT_CATEGORY_ICON_NAMES.map((name) => (
      <li key={name} className="flex items-center gap-2 rounded-lg p-2 ring-1 ring-slate-200">
        <ReportCategoryIcon name={name} className="text-brand-700" />
        {name}
      </li>
    ))}
    <li className="flex items-center gap-2 rounded-lg p-2 ring-1 ring-slate-200">
      <ReportCategoryIcon name={null} />
      none
    </li>
  </ul>
);
