import { afterEach, describe, expect, it, vi } from 'vitest';

const platform = vi.hoisted(() => ({ native: false }));
const browserOpen = vi.hoisted(() => vi.fn(async (_options: { url: string }) => undefined));

vi.mock('./platform.ts', () => ({
  isNativePlatform: () => platform.native,
  serverOrigin: () => (platform.native ? 'https://shop.example.com' : ''),
}));
vi.mock('@capacitor/browser', () => ({ Browser: { open: browserOpen } }));

const { openExternalUrl, openServerPage } = await import('./open-external.ts');

describe('openServerPage', () => {
  afterEach(() => {
    platform.native = false;
  });

  it('on the web opens the same-origin path in a new tab, without an opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await openServerPage('/manage');
    expect(open).toHaveBeenCalledWith('/manage', '_blank', 'noopener');
    expect(browserOpen).not.toHaveBeenCalled();
  });

  it('on native opens the absolute URL on the configured server in the system browser', async () => {
    platform.native = true;
    const open = vi.spyOn(window, 'open');
    await openServerPage('/manage');
    expect(browserOpen).toHaveBeenCalledWith({ url: 'https://shop.example.com/manage' });
    expect(open).not.toHaveBeenCalled();
  });
});

describe('openExternalUrl', () => {
  afterEach(() => {
    platform.native = false;
  });

  it('opens another site as given: a new tab on the web, the system browser on native', async () => {
    const url = 'https://www.google.com/maps/dir/?api=1&destination=43.6,-79.4';
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await openExternalUrl(url);
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener');
    platform.native = true;
    await openExternalUrl(url);
    expect(browserOpen).toHaveBeenLastCalledWith({ url });
  });
});
