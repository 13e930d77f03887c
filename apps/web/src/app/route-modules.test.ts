import { describe, expect, it, vi } from 'vitest';
import { lazyRouteComponent, loadedRouteComponent, loadRouteModule } from './route-modules.ts';

describe('route modules', () => {
  it('remembers a loaded module so the next render can skip Suspense', async () => {
    const Page = () => null;
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    expect(loadedRouteComponent(load)).toBeUndefined();
    await expect(loadRouteModule(load)).resolves.toBe(Page);
    expect(loadedRouteComponent(load)).toBe(Page);
  });

  it('makes one lazy component per module, loading nothing until rendered', () => {
    const load = vi.fn(() => Promise.resolve({ default: () => null }));
    expect(lazyRouteComponent(load)).toBe(lazyRouteComponent(load));
    expect(load).not.toHaveBeenCalled();
  });

  it('does not remember a module that failed to load', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(loadRouteModule(load)).rejects.toThrow('offline');
    expect(loadedRouteComponent(load)).toBeUndefined();
  });
});
