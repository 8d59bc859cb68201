import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (compared by its JSON, so a new object with the same
 * content does not restart the wait): the editor's preview runs after the last keystroke, not on each.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the value
  }, [key, ms]);
  return settled;
}
