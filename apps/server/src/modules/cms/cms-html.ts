import sanitizeHtml from 'sanitize-html';

/**
 * What CMS page HTML may contain. Content is cleaned on every write (cms.service.ts) and cleaned again
 * by the app before rendering: text, headings, lists, links, images and tables; never scripts, styles,
 * event handlers or script URLs.
 */
const cmsHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'img',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', { name: 'target', values: ['_blank', '_self'] }, 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // Scheme-less (relative) URLs stay allowed: they cannot run script and link within the app.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Dropped tags lose their content too when it is code, not text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template'],
  transformTags: {
    // A page opened in a new tab must not get a handle on ours (reverse tabnabbing).
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, cmsHtmlOptions).trim();
}
