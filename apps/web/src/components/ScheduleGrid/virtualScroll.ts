import { elementScroll, observeElementOffset, observeElementRect, type Virtualizer } from '@tanstack/react-virtual';

/** A row's height in px (`.sg-cell` 3rem and the row's 1px border). */
export const ROW_HEIGHT = 49;
/** About the height of the sticky header row above the rows (day, hours, figure): rows under it are not in view. */
export const HEADER_HEIGHT = 64;
/** The scroller's most height, `100dvh - 13rem` (its class below), before it is measured. */
export const initialHeight = () => (typeof window === 'undefined' ? 720 : Math.max(256, window.innerHeight - 13 * 16));

/**
 * TanStack Virtual reads the scroller (its size, its scroll offset) and scrolls it to its offset
 * as soon as it is mounted: each forces a layout of the whole grid in the middle of the first
 * render, and a size unlike `initialRect` renders the rows again before anything is drawn. The
 * observers start a frame late instead (until then: `initialRect`, offset 0), and the first
 * scroll of a new scroller to 0, where it already is, is skipped.
 */
function afterFirstFrame<T>(observe: (instance: Virtualizer<HTMLDivElement, Element>, cb: T) => void | (() => void)) {
  return (instance: Virtualizer<HTMLDivElement, Element>, cb: T) => {
    let cleanup: void | (() => void);
    const frame = requestAnimationFrame(() => (cleanup = observe(instance, cb)));
    return () => {
      cancelAnimationFrame(frame);
      cleanup?.();
    };
  };
}
export const observeRectLater = afterFirstFrame(observeElementRect<HTMLDivElement>);
export const observeOffsetLater = afterFirstFrame(observeElementOffset<HTMLDivElement>);
const scrolled = new WeakSet<Element>();
export const scrollUnlessNew: typeof elementScroll<HTMLDivElement> = (offset, options, instance) => {
  const el = instance.scrollElement;
  if (el && !scrolled.has(el)) {
    scrolled.add(el);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
};
