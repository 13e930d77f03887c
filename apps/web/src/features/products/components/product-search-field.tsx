import { IonIcon } from '@ionic/react';
import { MAX_QUERY_LENGTH } from '@localmart/contract';
import { closeCircle, searchOutline } from 'ionicons/icons';
import { useCallback, useEffect, useState, type FormEvent } from 'react';

/** Typing pauses this long before the grid searches: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 350;
export const SEARCH_LABEL = 'Search products';

export interface ProductSearchFieldProps {
  /** The search in the URL. */
  value: string;
  onSearch: (q: string) => void;
}

/**
 * The Products search box. It keeps its own text while the shopper types and hands it on after a
 * pause (or at once on Enter); when the URL's search changes from outside (Back, a link) the box
 * follows it.
 */
export function ProductSearchField({ value, onSearch }: ProductSearchFieldProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // What this box last asked for: the URL catching up with it must not undo later keystrokes.
  const [sent, setSent] = useState(value);
  if (value !== shown) {
    // The URL moved (React's adjust-state-during-render pattern); on its own, show its search.
    setShown(value);
    if (value !== sent) setText(value);
  }

  const search = useCallback(
    (q: string) => {
      setSent(q);
      onSearch(q);
    },
    [onSearch],
  );

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = window.setTimeout(() => search(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, search]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() !== value.trim()) search(text.trim());
    // Close the phone keyboard: the shopper asked for results.
    (document.activeElement as HTMLElement | null)?.blur();
  }

  return (
    <form role="search" className="lm-product-search" onSubmit={submit} aria-label={SEARCH_LABEL}>
      <IonIcon icon={searchOutline} aria-hidden="true" className="lm-product-search-icon" />
      <input
        type="search"
        className="lm-product-search-input"
        aria-label={SEARCH_LABEL}
        placeholder="Search milk, bread, batteries…"
        value={text}
        maxLength={MAX_QUERY_LENGTH}
        enterKeyHint="search"
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {text && (
        <button
          type="button"
          className="lm-product-search-clear"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            search('');
          }}
        >
          <IonIcon icon={closeCircle} aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
