import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether an element's content is wider than the element (it scrolls sideways): such a region
 * takes the keyboard focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable).
 * `deps` are what changes its content (the rows).
 */
export function useScrollable(ref: RefObject<HTMLElement | null>, deps: readonly unknown[]): boolean {
  const [scrollable, setScrollable] = useState(false);
  // `deps` stand for the content that may change the width.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrollable(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [ref, ...deps]);
  return scrollable;
}
