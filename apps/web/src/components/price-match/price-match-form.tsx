import { commerceMessages, formatPrice, toastTitles, type Offer } from '@localmart/contract';
import { useMemo } from 'react';
import { isNetworkFailure } from '../../lib/http.ts';
import { useCountry } from '../../lib/location/use-country.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { TextField } from '../ui/text-field.tsx';
import { showError, showSuccess } from '../ui/toasts/toasts.ts';
import { EMPTY_PRICE_MATCH_FORM, priceMatchFormSchema } from './price-match-form-schema.ts';
import { useRequestPriceMatch } from './request-price-match.ts';

export const COMPETITOR_LABEL = 'Competitor store';
export const COMPETITOR_PRICE_LABEL = 'Their price';
export const EVIDENCE_LABEL = 'Link to their advertised price';
export const SEND_REQUEST_LABEL = 'Ask for a price match';
export const NOT_SENT_TITLE = 'Request not sent';

/**
 * Ask a store to match a local competitor's advertised price for this offer: who, how much (in the
 * offer's currency) and where it is advertised. The contract's schema gives every message; the store
 * answers later from its own site.
 */
export function PriceMatchForm({ offer, onDone }: { offer: Offer; onDone: () => void }) {
  const { country } = useCountry();
  const schema = useMemo(() => priceMatchFormSchema(offer.currentPrice), [offer.currentPrice]);
  const form = useZodForm(schema, EMPTY_PRICE_MATCH_FORM);
  const send = useRequestPriceMatch();

  const submit = form.handleSubmit((data) => {
    send.mutate(
      { offerId: offer.id, ...data },
      {
        onSuccess: (outcome) => {
          if (outcome.ok) {
            showSuccess(toastTitles.success, commerceMessages.priceMatchRequested);
            onDone();
          } else if (!isNetworkFailure(outcome.failure)) {
            showError(NOT_SENT_TITLE, outcome.failure.message);
          }
        },
      },
    );
  });

  return (
    <form
      ref={form.formRef}
      className="lm-price-match-form lm-auth-form"
      onSubmit={submit}
      noValidate
      aria-label={`Price match at ${offer.business.name}`}
    >
      <p className="lm-price-match-current">
        {offer.business.name} sells it for{' '}
        <strong>{formatPrice(offer.currentPrice, country.locale)}</strong>.
      </p>
      <TextField label={COMPETITOR_LABEL} autoComplete="off" {...form.field('competitorName')} />
      <TextField
        label={`${COMPETITOR_PRICE_LABEL} (${offer.currentPrice.currency})`}
        inputMode="decimal"
        autoComplete="off"
        {...form.field('competitorPrice')}
      />
      <TextField
        label={EVIDENCE_LABEL}
        type="url"
        inputMode="url"
        placeholder="https://"
        {...form.field('evidenceUrl')}
      />
      <p className="lm-price-match-terms">{commerceMessages.priceMatchTerms}</p>
      <button
        type="submit"
        className="lm-button lm-button-primary"
        disabled={send.isPending}
        aria-busy={send.isPending}
      >
        {SEND_REQUEST_LABEL}
      </button>
    </form>
  );
}
