import { describe, expect, it } from 'vitest';
import { hotspotStyle } from './hotspot-style.ts';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, zoomIn, zoomLabel, zoomOut } from './zoom.ts';

describe('hotspotStyle', () => {
  it('turns the box fractions into percentages of the page', () => {
    expect(hotspotStyle({ left: 0.125, top: 0.1, width: 0.375, height: 0.2 })).toEqual({
      left: '12.5%',
      top: '10%',
      width: '37.5%',
      height: '20%',
    });
  });

  it('rounds away float noise', () => {
    expect(hotspotStyle({ left: 0.1 + 0.2, top: 0, width: 0.7, height: 1 }).left).toBe('30%');
  });
});

describe('zoom', () => {
  it('steps by 50% between 100% and 300%', () => {
    expect(zoomIn(MIN_ZOOM)).toBe(1.5);
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOut(1.5)).toBe(1);
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM);
  });

  it('clamps pinch factors and labels whole percents', () => {
    expect(clampZoom(7)).toBe(MAX_ZOOM);
    expect(clampZoom(0.2)).toBe(MIN_ZOOM);
    expect(clampZoom(Number.NaN)).toBe(MIN_ZOOM);
    expect(clampZoom(1.23456)).toBe(1.23);
    expect(zoomLabel(1.5)).toBe('150%');
  });
});
