import { describe, expect, it, vi } from 'vitest';
import {
  registerServiceWorker,
  SERVICE_WORKER_URL,
  type WorkerControl,
} from './service-worker-registration.ts';

/** A stand-in for workbox-window's Workbox whose events the test fires. */
function fakeWorker(register: () => Promise<unknown> = async () => ({})) {
  const listeners = new Map<string, Array<() => void>>();
  const worker: WorkerControl & { fire: (type: string) => void } = {
    addEventListener: (type, listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(register),
    fire: (type) => listeners.get(type)?.forEach((listener) => listener()),
  };
  return worker;
}

describe('registerServiceWorker', () => {
  it('registers /sw.js and does nothing more while no new version waits', async () => {
    const worker = fakeWorker();
    const createWorker = vi.fn(() => worker);
    const onUpdateWaiting = vi.fn();
    const reload = vi.fn();
    await expect(registerServiceWorker(onUpdateWaiting, { createWorker, reload })).resolves.toBe(
      true,
    );
    expect(createWorker).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    expect(onUpdateWaiting).not.toHaveBeenCalled();
    expect(worker.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('offers a waiting version, swaps it in only when asked, and reloads once it controls', async () => {
    const worker = fakeWorker();
    const reload = vi.fn();
    let activate: (() => void) | undefined;
    await registerServiceWorker((given) => (activate = given), {
      createWorker: () => worker,
      reload,
    });

    worker.fire('waiting');
    expect(activate).toBeTypeOf('function');
    expect(worker.messageSkipWaiting).not.toHaveBeenCalled();
    worker.fire('controlling');
    expect(reload).not.toHaveBeenCalled();

    activate?.();
    expect(worker.messageSkipWaiting).toHaveBeenCalledTimes(1);
    worker.fire('controlling');
    worker.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves the app a plain web page when the browser refuses the worker', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const worker = fakeWorker(() => Promise.reject(new Error('SecurityError')));
    await expect(
      registerServiceWorker(vi.fn(), { createWorker: () => worker, reload: vi.fn() }),
    ).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});
