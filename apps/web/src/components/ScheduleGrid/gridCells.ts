/** The colour of a staff member with none chosen. */
export const FALLBACK_COLOR = '#94A3B8';
/** The id of the shift being drawn, before it exists. */
export const NEW_ID = -1;
/** How near a bar's edge (px) a press resizes it rather than moving it. */
export const EDGE = 8;
/** How far (px) a pointer moves before a press becomes a drag. */
export const SLOP = 4;
/** The cell an element is in (`[data-column]`, its row's `data-row`), within `root`. */
export function cellOf(el: Element | null | undefined, root: HTMLElement | null): { el: HTMLElement; rowId: number; columnKey: string } | null {
  const cell = el?.closest<HTMLElement>('[data-column]');
  const row = cell?.parentElement;
  if (!cell || !row || !root?.contains(cell)) return null;
  return { el: cell, rowId: Number(row.dataset.row), columnKey: cell.dataset.column as string };
}
