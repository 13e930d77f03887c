import { useEffect, useRef } from 'react';

/**
 * Calls `onEscape` when Escape is pressed anywhere on the page while the component is mounted (a
 * listener on the window, so it works wherever the focus is). The latest callback is used, so
 * callers need not memoise it.
 */
export function useEscapeKey(onEscape: () => void): void {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
