import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Whether the page is being printed (`beforeprint`, or print media): then every row is in the page. */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('print').matches);
  useEffect(() => {
    // flushSync: the rows must be in the page before the browser lays the print out.
    const start = () => flushSync(() => setPrinting(true));
    const stop = () => setPrinting(false);
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', stop);
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    const change = (event: MediaQueryListEvent) => (event.matches ? start() : stop());
    media?.addEventListener?.('change', change);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', stop);
      media?.removeEventListener?.('change', change);
    };
  }, []);
  return printing;
}
