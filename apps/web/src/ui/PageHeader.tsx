import { cx } from './cx';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** `print:hidden` on a screen whose printed report has its own heading (`ReportPrintHeader`). */
  className?: string;
}

/** The heading block of a screen: an optional eyebrow, the h1, a description and actions. */
export function PageHeader({ eyebrow, title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cx('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        {eyebrow ? <p className="text-sm font-medium text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-1 truncate text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2 print:hidden">{actions}</div> : null}
    </div>
  );
}
