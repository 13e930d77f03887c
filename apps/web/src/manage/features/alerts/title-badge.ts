/**
 * The tab shows how many orders wait for an answer (issue 14): "(2) Orders · Manage Your Store" in
 * the title, and the count drawn on the favicon, so a member working in another tab still sees it.
 */

export const SITE_TITLE = 'Manage Your Store';

export function alertTitle(count: number, page: string): string {
  const base = page ? `${page} · ${SITE_TITLE}` : SITE_TITLE;
  return count > 0 ? `(${count}) ${base}` : base;
}

/** What fits on a 16-pixel icon: the count up to 9, then "9+"; nothing at 0. */
export function badgeLabel(count: number): string {
  if (count <= 0) return '';
  return count > 9 ? '9+' : String(count);
}

const ICON_SIZE = 64;

/**
 * The favicon with a red badge carrying `label`, as a data URL; null where canvas is missing (tests,
 * old browsers): the title still counts.
 */
export function drawBadgedIcon(
  base: CanvasImageSource | null,
  label: string,
  document: Document = window.document,
): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = ICON_SIZE;
  canvas.height = ICON_SIZE;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!context) return null;
  if (base) context.drawImage(base, 0, 0, ICON_SIZE, ICON_SIZE);
  if (label) {
    const radius = label.length > 1 ? 22 : 19;
    const cx = ICON_SIZE - radius;
    const cy = radius;
    context.beginPath();
    context.arc(cx, cy, radius, 0, 2 * Math.PI);
    context.fillStyle = '#d92d20';
    context.fill();
    context.lineWidth = 4;
    context.strokeStyle = '#ffffff';
    context.stroke();
    context.fillStyle = '#ffffff';
    context.font = `bold ${label.length > 1 ? 24 : 30}px Arial, Helvetica, sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(label, cx, cy + 2);
  }
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}

/** The page's icon link (the manage site's is the SVG favicon). */
function iconLink(document: Document): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  return link;
}

/**
 * Keeps the favicon's badge in step with a count: `set(count)` redraws it (the plain icon at 0),
 * `restore()` puts the original back.
 */
export function createFaviconBadge(document: Document = window.document) {
  const link = iconLink(document);
  const original = { href: link.getAttribute('href') ?? '/favicon.svg', type: link.type };
  let image: HTMLImageElement | null = null;
  let loaded = false;
  let wanted = '';

  const apply = () => {
    if (!wanted) {
      link.type = original.type;
      link.href = original.href;
      return;
    }
    const url = drawBadgedIcon(loaded ? image : null, wanted, document);
    if (!url) return;
    link.type = 'image/png';
    link.href = url;
  };

  return {
    set(count: number) {
      wanted = badgeLabel(count);
      if (wanted && !image && typeof Image !== 'undefined') {
        image = new Image();
        image.onload = () => {
          loaded = true;
          apply();
        };
        image.src = original.href;
      }
      apply();
    },
    restore() {
      wanted = '';
      apply();
    },
  };
}
