import { useEffect, useState } from 'react';

/**
 * False during the component's first render, true from the first task after the browser has painted
 * it, for good. Parts of the first screen nobody sees at once (the rest of a list below the fold, the
 * closed side menu's entries, pull-to-refresh) render then, so the first paint (and its LCP element)
 * does not wait for them.
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    // A frame callback runs just before the paint; a task queued from it runs after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterPaint = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    if (typeof requestAnimationFrame !== 'function') {
      afterPaint();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(afterPaint);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
