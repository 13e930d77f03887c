import { FIRST_ANSWER_ID, FIRST_PAINT_ID } from './first-paint-id.ts';

/** Takes the server-drawn first paint, its stylesheet and its embedded answer out of the page. */
export function removeFirstPaint(doc: Document = document): void {
  for (const id of [FIRST_PAINT_ID, `${FIRST_PAINT_ID}-style`, FIRST_ANSWER_ID]) {
    doc.getElementById(id)?.remove();
  }
}

/**
 * The app's page is drawn: an Ionic page shown (not the entering page of a transition) whose content
 * has hydrated, with no list skeleton in it (its cards, an empty list or an error are there).
 */
export function appPageDrawn(root: ParentNode): boolean {
  const content = root.querySelector(
    '.ion-page:not(.ion-page-invisible):not(.ion-page-hidden) ion-content.hydrated',
  );
  return content !== null && content.querySelector('.lm-skeleton-list') === null;
}

/** If the app never gets there (a failed chunk, a page this file does not know), it goes anyway. */
export const FIRST_PAINT_MAX_MS = 10_000;

/**
 * Removes the first paint once the app has drawn its own page beneath it (checked on each change of
 * the app's tree), two frames later so the page's images of the same URLs have painted too. Nothing
 * to do when the server drew none.
 */
export function removeFirstPaintOnceDrawn(
  root: HTMLElement,
  doc: Document = document,
  maxMs: number = FIRST_PAINT_MAX_MS,
): void {
  if (!doc.getElementById(FIRST_PAINT_ID)) return;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    requestAnimationFrame(() => requestAnimationFrame(() => removeFirstPaint(doc)));
  };
  const observer = new MutationObserver(() => {
    if (appPageDrawn(root)) finish();
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class'],
  });
  const timer = setTimeout(finish, maxMs);
  if (appPageDrawn(root)) finish();
}
