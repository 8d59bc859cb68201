import { type RefObject, useEffect, useRef } from 'react';
import type { GridColumn, ScheduleGridProps } from './types';

/** Tells the grid's `onVisibleColumnsChange` which columns are on screen, on mount, scroll and resize (measured once a frame at most). */
export function useVisibleColumns(root: RefObject<HTMLDivElement | null>, columns: readonly GridColumn[], handlers: RefObject<ScheduleGridProps>) {
  // Which columns are on screen: a column most of whose width shows between the sticky staff column and the right edge.
  const visibleKeys = useRef('');
  useEffect(() => {
    const scroller = root.current;
    if (!scroller) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const box = scroller.getBoundingClientRect();
      const staffEdge = scroller.querySelector<HTMLElement>('[data-staff-header]')?.getBoundingClientRect().right ?? box.left;
      const keys: string[] = [];
      for (const el of scroller.querySelectorAll<HTMLElement>('[data-column-header]')) {
        const r = el.getBoundingClientRect();
        const shown = Math.min(r.right, box.right) - Math.max(r.left, staffEdge);
        if (r.width > 0 && shown >= r.width / 2) keys.push(el.dataset.columnHeader as string);
      }
      const joined = keys.join('|');
      if (joined !== visibleKeys.current) {
        visibleKeys.current = joined;
        handlers.current.onVisibleColumnsChange?.(keys);
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // Measured after the first frame is drawn, never forcing a layout in the middle of one.
    schedule();
    scroller.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(scroller);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [columns]);
}
