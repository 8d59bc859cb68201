import type { ReactNode } from 'react';

export interface AppHeaderProps {
  /** The product mark, usually a link home. */
  brand: ReactNode;
  /** Between the brand and the account menu: the business switcher. */
  center?: ReactNode;
  /** At the right: the account menu. */
  end?: ReactNode;
}

/** The top bar of the dashboard: sticky, one row at every width. */
export function AppHeader({ brand, center, end }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b print:hidden border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:gap-4 sm:px-6">
        <div className="shrink-0">{brand}</div>
        {center ? (
          <>
            <span aria-hidden="true" className="hidden h-5 w-px bg-slate-200 sm:block" />
            <div className="min-w-0 flex-1">{center}</div>
          </>
        ) : (
          <div className="flex-1" />
        )}
        <div className="shrink-0">{end}</div>
      </div>
    </header>
  );
}
