import { commerceMessages, formatPrice, type CouponOutcome } from '@localmart/contract';
import { useState } from 'react';

export const COUPON_LABEL = 'Coupon code';
export const APPLY_LABEL = 'Apply';
export const REMOVE_COUPON_LABEL = 'Remove';

export interface CouponFieldProps {
  applied: string | null;
  outcome: CouponOutcome | null | undefined;
  onApply: (code: string | null) => void;
}

/** The coupon box: Apply re-quotes with the code; the quote says whether and why it applies. */
export function CouponField({ applied, outcome, onApply }: CouponFieldProps) {
  const [text, setText] = useState(applied ?? '');
  const result = outcome && applied && outcome.code === applied.toUpperCase() ? outcome : null;
  return (
    <section className="lm-card lm-checkout-coupon" aria-label={COUPON_LABEL}>
      <div className="lm-checkout-coupon-row">
        <label className="lm-field">
          <span className="lm-field-label">{COUPON_LABEL}</span>
          <input
            className="lm-input"
            value={text}
            maxLength={40}
            autoCapitalize="characters"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onApply(text.trim() || null);
              }
            }}
          />
        </label>
        <button
          type="button"
          className="lm-button lm-checkout-coupon-apply"
          onClick={() => onApply(text.trim() || null)}
        >
          {APPLY_LABEL}
        </button>
        {applied && (
          <button
            type="button"
            className="lm-link-button"
            onClick={() => {
              setText('');
              onApply(null);
            }}
          >
            {REMOVE_COUPON_LABEL}
          </button>
        )}
      </div>
      {result && (
        <p
          className={result.applied ? 'lm-checkout-ok' : 'lm-checkout-problem'}
          role="status"
          aria-live="polite"
        >
          {result.applied
            ? `${commerceMessages.couponApplied}${result.discount ? `: −${formatPrice(result.discount)}` : ''}`
            : result.reason}
        </p>
      )}
    </section>
  );
}
