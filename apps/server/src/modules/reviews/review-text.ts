/**
 * A review's words as we keep them: plain text. Markup is taken out (a review is never HTML: the
 * screens print it as text, and an email or an export must not carry someone's <script> either),
 * invisible control characters go (line breaks and tabs stay), runs of blank lines shrink to one and
 * the ends are trimmed. `safeText` in the request schema has already refused NUL and broken pairs.
 */
export function sanitiseReviewText(value: string): string {
  return (
    value
      // Whole script/style elements go with their content: it was never meant to be read.
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      // Any other tag (or a tag cut off at the end) goes, its text stays.
      .replace(/<\/?[a-z!][^>]*(>|$)/gi, '')
      // C0 and C1 controls other than tab and line feed; carriage returns become line feeds.
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- the point is to match control characters
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u2028\u2029\ufeff]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
