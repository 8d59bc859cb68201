import { cx } from './cx';

export type StatusTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

const TONE: Record<StatusTone, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  danger: 'bg-red-50 text-red-800 ring-red-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export interface StatusBadgeProps {
  label: string;
  tone?: StatusTone;
  className?: string;
}

/** A small pill naming a status (`Completed`, `In queue`, ...); the tone is decoration, the label says it. */
export function StatusBadge({ label, tone = 'neutral', className }: StatusBadgeProps) {
  return <span className={cx('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TONE[tone], className)}>{label}</span>;
}
