import type { ReactNode } from 'react';

export interface LoadingRegionProps {
  /** What is loading, read by screen readers ("Loading the schedule"). */
  label: string;
  className?: string;
  /** The placeholders shown meanwhile (skeletons). */
  children: ReactNode;
}

/** A busy region: placeholders for the eye, a status line for screen readers. */
export function LoadingRegion({ label, className, children }: LoadingRegionProps) {
  return (
    <div className={className} aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}
