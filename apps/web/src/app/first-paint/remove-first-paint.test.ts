import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ANSWER_ID, FIRST_PAINT_ID } from './first-paint-id.ts';
import {
  appPageDrawn,
  FIRST_PAINT_MAX_MS,
  removeFirstPaintOnceDrawn,
} from './remove-first-paint.ts';

function page(classes: string, content: string, contentClasses = 'md hydrated') {
  return `<div class="${classes}"><ion-content class="${contentClasses}">${content}</ion-content></div>`;
}

function serverPage() {
  document.head.innerHTML = `<style id="${FIRST_PAINT_ID}-style"></style>`;
  document.body.innerHTML =
    `<div id="root"></div><div id="${FIRST_PAINT_ID}"></div>` +
    `<script type="application/json" id="${FIRST_ANSWER_ID}">{}</script>`;
  return document.getElementById('root') as HTMLElement;
}

const frames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

describe('the first paint gives way to the app', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('counts the page drawn once an Ionic page shows hydrated content without a skeleton', () => {
    const root = document.createElement('div');
    expect(appPageDrawn(root)).toBe(false);
    root.innerHTML = page('ion-page ion-page-invisible', '<ul><li>card</li></ul>');
    expect(appPageDrawn(root)).toBe(false);
    root.innerHTML = page('ion-page', '<ul><li>card</li></ul>', 'md');
    expect(appPageDrawn(root)).toBe(false);
    root.innerHTML = page('ion-page', '<div class="lm-skeleton-list"></div>');
    expect(appPageDrawn(root)).toBe(false);
    root.innerHTML = page('ion-page', '<ul><li>card</li></ul>');
    expect(appPageDrawn(root)).toBe(true);
    // An empty list or an error is the page's answer too.
    root.innerHTML = page('ion-page', '<section class="lm-empty-state"></section>');
    expect(appPageDrawn(root)).toBe(true);
  });

  it('stays over the app until its page is drawn, then goes with its stylesheet and answer', async () => {
    const root = serverPage();
    removeFirstPaintOnceDrawn(root);
    root.innerHTML = page('ion-page', '<div class="lm-skeleton-list"></div>');
    await frames();
    await frames();
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    root.querySelector('.lm-skeleton-list')?.remove();
    root.querySelector('ion-content')?.append(document.createElement('ul'));
    await frames();
    await frames();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(document.getElementById(`${FIRST_PAINT_ID}-style`)).toBeNull();
    expect(document.getElementById(FIRST_ANSWER_ID)).toBeNull();
  });

  it('goes after FIRST_PAINT_MAX_MS even if the app never draws its page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const root = serverPage();
    removeFirstPaintOnceDrawn(root);
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_MAX_MS - 100);
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});
