import { describe, expect, it, vi } from 'vitest';
import { prefetchRoutes, whenIdle } from './prefetch-routes.ts';

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
});
