import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A file's first Ionic render can take over a second when three test workers share a 2-core runner
// (a flyer viewer test timed out at the default 1 s): findBy/waitFor wait up to 5 s everywhere, as
// several files already asked for themselves.
configure({ asyncUtilTimeout: 5000 });

// Ionic and sonner query media features that jsdom does not implement.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
