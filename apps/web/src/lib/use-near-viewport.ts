import { useEffect, useState } from 'react';

/**
 * True once the element given to the returned ref has come within `margin` of the viewport (a root margin; negative:
 * that far into it) with at least `share` of it (0–1) inside that area, and from then on: what is below the fold — the
 * map — costs nothing until the visitor scrolls towards it. A callback ref, so an element that appears later (after
 * the page's data) is watched too. Where IntersectionObserver is missing, true at once.
 */
export function useNearViewport(margin = '300px', share = 0): [boolean, (element: Element | null) => void] {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= share)) setNear(true);
      },
      { rootMargin: margin, threshold: share },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, share, near]);
  return [near, setElement];
}
