/**
 * The smallest SVG writer that is still safe: every attribute value and text node is escaped, element
 * and attribute names come only from this code, and no element can reference anything outside the
 * document (no <image>, <script>, <foreignObject>, external href or url()).
 */

type AttributeValue = string | number | undefined;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One decimal is plenty for a 1200 px canvas and keeps files small. */
export function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function el(
  name: string,
  attributes: Record<string, AttributeValue>,
  ...children: string[]
): string {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`)
    .join('');
  return children.length === 0
    ? `<${name}${attrs}/>`
    : `<${name}${attrs}>${children.join('')}</${name}>`;
}

export function text(content: string, attributes: Record<string, AttributeValue>): string {
  return el('text', attributes, escapeXml(content));
}

export const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface SvgImage {
  contentType: 'image/svg+xml';
  body: string;
  width: number;
  height: number;
}

/** A whole document with explicit size and viewBox, so the app can reserve the box. */
export function svgDocument(width: number, height: number, title: string, body: string): SvgImage {
  const doc = el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': title,
    },
    el('title', {}, escapeXml(title)),
    body,
  );
  return { contentType: 'image/svg+xml', body: doc, width, height };
}

/** HSL (degrees, %, %) -> '#rrggbb': hex works in every SVG renderer, including rasterisers. */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Cut text to fit roughly `maxChars` (no font metrics: ~0.55 em per character). */
export function fit(content: string, maxChars: number): string {
  return content.length <= maxChars
    ? content
    : `${content.slice(0, Math.max(1, maxChars - 1)).trimEnd()}…`;
}

/** Greedy word wrap into at most `maxLines` lines of about `maxChars`; the last line is cut to fit. */
export function wrap(content: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of content.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines.map((line) => fit(line, maxChars));
  // Greedy wrapping guarantees the next word did not fit, so this cut always adds the ellipsis.
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fit(`${kept[maxLines - 1] ?? ''} ${lines[maxLines] ?? ''}`, maxChars);
  return kept;
}

/** Initials for a monogram: 'Leslieville Fresh Market' -> 'LF'; 'Nguyen' -> 'N'. */
export function initials(name: string, max = 2): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !/^(?:the|and|of|de|la|le|el|&)$/i.test(word));
  return words
    .slice(0, max)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
