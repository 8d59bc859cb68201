import type { ReactNode } from 'react';

/**
 * One cell of a body or totals row: the first is the row's header (`th scope="row"`); each says
 * where it is for the arrow keys and may take the focus; a pinned one stays at `left`.
 */
export function GridCell({ first, row, col, left, className, children }: { first: boolean; row: number; col: number; left?: number; className: string; children: ReactNode }) {
  const Cell = first ? 'th' : 'td';
  return (
    <Cell scope={first ? 'row' : undefined} data-dt-row={row} data-dt-col={col} tabIndex={-1} className={className} style={{ left }}>
      {children}
    </Cell>
  );
}
