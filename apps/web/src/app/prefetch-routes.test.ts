import { describe, expect, it, vi } from 'vitest';
import {
  prefetchRoutes,
  QUIET_MS,
  whenIdle,
  whenPageSettled,
  type FetchActivity,
} from './prefetch-routes.ts';

describe('prefetchRoutes (spec §2 "modules preload")', () => {
  it('loads nothing until the scheduler runs, then each distinct module once', () => {
    const module = { default: () => null };
    const shared = vi.fn(() => Promise.resolve(module));
    const own = vi.fn(() => Promise.resolve(module));
    let task: (() => void) | undefined;
    prefetchRoutes([{ load: shared }, { load: shared }, { load: own }], (run) => {
      task = run;
      return () => undefined;
    });
    expect(shared).not.toHaveBeenCalled();
    task?.();
    expect(shared).toHaveBeenCalledTimes(1);
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('swallows a failed prefetch (the route loads again when visited)', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    prefetchRoutes([{ load: failing }], (run) => {
      run();
      return () => undefined;
    });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });

  it('uses requestIdleCallback when there is one, and can be cancelled', () => {
    const request = vi.fn(() => 7);
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const stop = whenIdle(() => undefined);
    expect(request).toHaveBeenCalled();
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  describe('whenPageSettled', () => {
    /** A QueryClient stand-in: `queries` exist, `fetching` are in flight; `changed()` notifies. */
    function fakeActivity() {
      const listeners = new Set<() => void>();
      const state = { queries: 0, fetching: 0 };
      const activity: FetchActivity = {
        isFetching: () => state.fetching,
        getQueryCache: () => ({
          getAll: () => Array.from({ length: state.queries }),
          subscribe: (listener) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
        }),
      };
      const changed = () => listeners.forEach((listener) => listener());
      return { activity, state, changed, listeners };
    }
    const runNow = (task: () => void) => {
      task();
      return () => undefined;
    };

    it('waits for the page to ask for its data and for every answer, then runs once', () => {
      vi.useFakeTimers();
      const { activity, state, changed, listeners } = fakeActivity();
      const task = vi.fn();
      whenPageSettled(activity, runNow)(task);

      vi.advanceTimersByTime(QUIET_MS * 3);
      expect(task).not.toHaveBeenCalled(); // nothing asked for yet: the page has not rendered

      state.queries = 2;
      state.fetching = 2;
      changed();
      vi.advanceTimersByTime(QUIET_MS * 3);
      expect(task).not.toHaveBeenCalled();

      state.fetching = 0;
      changed();
      vi.advanceTimersByTime(QUIET_MS - 1);
      state.fetching = 1; // a second call starts within the quiet window: wait again
      changed();
      vi.advanceTimersByTime(QUIET_MS * 3);
      expect(task).not.toHaveBeenCalled();

      state.fetching = 0;
      changed();
      vi.advanceTimersByTime(QUIET_MS);
      expect(task).toHaveBeenCalledTimes(1);
      expect(listeners.size).toBe(0);
      vi.useRealTimers();
    });

    it('runs anyway after the timeout when the page never settles', () => {
      vi.useFakeTimers();
      const { activity, state, changed } = fakeActivity();
      state.queries = 1;
      state.fetching = 1;
      const task = vi.fn();
      whenPageSettled(activity, runNow, 5_000)(task);
      changed();
      vi.advanceTimersByTime(4_999);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(task).toHaveBeenCalledTimes(1);
      vi.useRealTimers();
    });

    it('waits for the document to load first, and can be cancelled', () => {
      vi.useFakeTimers();
      const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
      const { activity, state, listeners } = fakeActivity();
      state.queries = 1;
      const task = vi.fn();
      const cancel = whenPageSettled(activity, runNow)(task);
      vi.advanceTimersByTime(QUIET_MS * 3);
      expect(task).not.toHaveBeenCalled();
      expect(listeners.size).toBe(0);

      readyState.mockReturnValue('complete');
      window.dispatchEvent(new Event('load'));
      expect(listeners.size).toBe(1);
      cancel();
      expect(listeners.size).toBe(0);
      vi.advanceTimersByTime(20_000);
      expect(task).not.toHaveBeenCalled();
      vi.useRealTimers();
    });
  });
});
