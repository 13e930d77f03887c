import { useState } from 'react';

export const CLEAR_CART_LABEL = 'Clear cart';
export const CLEAR_CART_QUESTION = 'Remove everything from your cart?';
export const CLEAR_CONFIRM_LABEL = 'Yes, clear it';
export const KEEP_LABEL = 'Keep my cart';

/** Clear cart, asking first: emptying a cart by a stray tap would lose a whole shopping trip. */
export function ClearCartButton({ busy, onClear }: { busy: boolean; onClear: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="lm-link-button lm-cart-clear"
        onClick={() => setAsking(true)}
      >
        {CLEAR_CART_LABEL}
      </button>
    );
  }
  return (
    <div className="lm-cart-clear-confirm" role="group" aria-label={CLEAR_CART_QUESTION}>
      <p>{CLEAR_CART_QUESTION}</p>
      <button
        type="button"
        className="lm-button lm-cart-clear-yes"
        disabled={busy}
        onClick={() => {
          onClear();
          setAsking(false);
        }}
      >
        {CLEAR_CONFIRM_LABEL}
      </button>
      <button type="button" className="lm-button" onClick={() => setAsking(false)}>
        {KEEP_LABEL}
      </button>
    </div>
  );
}
