import { useRef, useState } from 'react';

/** Focuses what `target` finds after the next frame (once React has drawn the change). */
export const focusLater = (target: () => HTMLElement | null | undefined): void => {
  requestAnimationFrame(() => target()?.focus());
};

/**
 * The rows of an editable list (ListEditor, RecordListEditor): a stable key per row, kept beside
 * the items (their values may repeat or change), and add, remove and move that change the items
 * and the keys together and say what changed (`said`, for a live region). Each returns the key
 * to focus next.
 */
export function useKeyedList<T>(items: readonly T[], onChange: (items: T[]) => void) {
  const nextKey = useRef(0);
  const [keys, setKeys] = useState<number[]>(() => items.map(() => nextKey.current++));
  const rowKeys = keys.length === items.length ? keys : items.map((_, i) => keys[i] ?? nextKey.current++);
  if (rowKeys !== keys) setKeys(rowKeys);
  const [said, setSaid] = useState('');

  const change = (next: T[], nextKeys: number[], announcement: string) => {
    setKeys(nextKeys);
    onChange(next);
    setSaid(announcement);
  };
  return {
    keys: rowKeys,
    said,
    /** Adds `item` at the end; the new row's key. */
    add(item: T, announcement: string): number {
      const key = nextKey.current++;
      change([...items, item], [...rowKeys, key], announcement);
      return key;
    },
    /** Removes row `index`; the key of the row that takes its place (the one before it at the end), or undefined when none is left. */
    remove(index: number, announcement: string): number | undefined {
      const nextKeys = rowKeys.filter((_, i) => i !== index);
      change(
        items.filter((_, i) => i !== index),
        nextKeys,
        announcement,
      );
      return nextKeys[Math.min(index, nextKeys.length - 1)];
    },
    /** Moves row `index` by one; its key, or undefined when it is already at that end. */
    move(index: number, by: -1 | 1, announcement: string): number | undefined {
      const to = index + by;
      if (to < 0 || to >= items.length) return undefined;
      const next = [...items];
      const nextKeys = [...rowKeys];
      [next[index], next[to]] = [next[to] as T, next[index] as T];
      [nextKeys[index], nextKeys[to]] = [nextKeys[to] as number, nextKeys[index] as number];
      change(next, nextKeys, announcement);
      return nextKeys[to];
    },
  };
}
