import { cx } from '../../../ui/cx';

/**
 * The outline drawings of report category icons (24 × 24, stroked), by name. A name not drawn
 * here shows the document.
 */
const PATHS: Readonly<Record<string, readonly string[]>> = {
  'chart-bar': ['M4 20h16', 'M7 16v-5', 'M12 16V6', 'M17 16v-8'],
  'chart-pie': ['M12 3v9h9', 'M20.5 15A9 9 0 1 1 9 3.5'],
  'presentation-chart-line': ['M3 4h18', 'M5 4v11h14V4', 'M12 15v3', 'M9 21l3-3 3 3', 'M8 11l3-3 2 2 3-3'],
  'currency-dollar': ['M12 3v18', 'M16 7.5C16 6 14.2 5 12 5s-4 1-4 3 2 2.5 4 3 4 1 4 3-1.8 3-4 3-4-1-4-2.5'],
  banknotes: ['M3 6h18v12H3z', 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z', 'M6 9v.01', 'M18 15v.01'],
  users: ['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M2 21c0-4 3-6 7-6s7 2 7 6', 'M16 3.5a4 4 0 0 1 0 7', 'M19 15c2 .8 3 2.8 3 6'],
  'user-group': ['M12 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M6 20c0-3.3 2.7-5 6-5s6 1.7 6 5', 'M5 11a2 2 0 1 0 0-4', 'M19 11a2 2 0 1 0 0-4', 'M2 18c0-2 1-3 3-3.5', 'M22 18c0-2-1-3-3-3.5'],
  calendar: ['M4 6h16v14H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4'],
  clock: ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M12 7v5l3 2'],
  'shopping-bag': ['M5 8h14l-1 12H6z', 'M9 8V6a3 3 0 0 1 6 0v2'],
  gift: ['M3 9h18v4H3z', 'M5 13v8h14v-8', 'M12 9v12', 'M12 9C10 5 7 5 7 7s3 2 5 2', 'M12 9c2-4 5-4 5-2s-3 2-5 2'],
  star: ['M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z'],
  'document-text': ['M6 3h8l4 4v14H6z', 'M14 3v4h4', 'M9 12h6', 'M9 16h6'],
  'table-cells': ['M3 5h18v14H3z', 'M3 10h18', 'M3 14.5h18', 'M9 5v14', 'M15 5v14'],
};

/** The icon names drawn here. */
export const REPORT_CATEGORY_ICON_NAMES = Object.keys(PATHS);

export interface ReportCategoryIconProps {
  /** The icon's name (`chart-bar`); none or an unknown one draws a document. */
  name: string | null | undefined;
  className?: string;
}

/** A report category's icon: decorative (the category's name says what it is). */
export function ReportCategoryIcon({ name, className }: ReportCategoryIconProps) {
  const paths = (name ? PATHS[name] : undefined) ?? PATHS['document-text'] ?? [];
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={cx('size-5 shrink-0', className)} data-icon={name ?? 'none'}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
