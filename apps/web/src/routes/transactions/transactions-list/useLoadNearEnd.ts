import { useEffect, useRef } from 'react';

/**
 * Loads the next page when the table is scrolled near its end (the table scrolls inside itself),
 * as a person reading down the list expects; "Load more" does the same by keyboard. It listens
 * only while there is a page to load, and reads the scroll position once a frame at most (a read
 * in the scroll event itself would force a layout on every event).
 */
export function useLoadNearEnd(loadMore: () => void, loaded: number, more: boolean) {
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    if (!more) return;
    const area = document.querySelector<HTMLElement>('[data-testid=tickets] [data-testid=data-table-scroll]');
    if (!area) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (area.scrollHeight - area.scrollTop - area.clientHeight < 600) latest.current();
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    area.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      area.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [loaded, more]);
}
