/** Asks before a delete: the browser's own confirm box, read by screen readers as it is. */
export function confirmDelete(what: string): boolean {
  return window.confirm(`Delete ${what}? This cannot be undone.`);
}
