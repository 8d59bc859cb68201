export interface PrintHeaderProps {
  /** The report's title: `Transactions`. */
  title: string;
  /** The business it is about; null for platform-wide lists. */
  business?: string | null;
  /** The range it covers, as people read it: `Oct 1, 2026 – Oct 31, 2026`. */
  range?: string | null;
  /** When it was printed, as people read it. */
  printedAt: string;
}

/**
 * The heading of a printed report: its title, the business, the range and the print date. Shown
 * only on paper (`hidden print:block`); on screen the page's own header says the same.
 */
export function PrintHeader({ title, business, range, printedAt }: PrintHeaderProps) {
  return (
    // aria-hidden: on screen it is not shown at all, and the page's own header is the one assistive technology reads.
    <header aria-hidden="true" className="mb-4 hidden border-b border-slate-300 pb-3 print:block">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-700">{[business, range].filter(Boolean).join(' · ')}</p>
      <p className="text-xs text-slate-500">Printed {printedAt}</p>
    </header>
  );
}
