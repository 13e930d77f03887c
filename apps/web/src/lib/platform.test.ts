import { Capacitor } from '@capacitor/core';
import { describe, expect, it } from 'vitest';
import { isNativePlatform } from './platform.ts';

// platform.ts answers like @capacitor/core without importing it (issue 18: the package stays out of
// the web's entry). Each case is checked against the package's own answer for the same window.
describe('isNativePlatform', () => {
  const cases: [string, Record<string, unknown>, boolean][] = [
    ['a browser', {}, false],
    ['the Android shell', { androidBridge: {} }, true],
    ['the iOS shell', { webkit: { messageHandlers: { bridge: {} } } }, true],
    ['WebKit without the bridge (Safari)', { webkit: { messageHandlers: {} } }, false],
    ['a custom platform', { CapacitorCustomPlatform: { name: 'electron' } }, true],
  ];

  it.each(cases)('%s', (_name, win, expected) => {
    expect(isNativePlatform(win)).toBe(expected);
  });

  it('agrees with @capacitor/core in this (browser) window', () => {
    expect(isNativePlatform()).toBe(Capacitor.isNativePlatform());
    expect(isNativePlatform()).toBe(false);
  });
});
