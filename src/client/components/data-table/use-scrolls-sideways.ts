// Whether a box's content is wider than the box, kept current as either changes size. A table that scrolls sideways
// (a phone's width, an empty list whose headers alone are wider) must be reachable by keyboard to scroll it, and its
// rows may hold nothing focusable (WCAG 2.1.1; axe's scrollable-region-focusable).
import { useEffect, useState, type RefObject } from 'react';

export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    // No layout to measure (the component tests' DOM), nothing scrolls.
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
