import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isSuccess,
  SUBSTITUTION_PREFERENCE_HINTS,
  SUBSTITUTION_PREFERENCE_LABELS,
  SUBSTITUTION_PREFERENCES,
  type SubstitutionPreference,
  substitutionPaths,
  substitutionPreferenceResponse,
} from '@localmart/contract';
import { useId, useState } from 'react';
import { cartKeys } from '../../lib/cart/cart-cache.ts';
import { http } from '../../lib/http.ts';
import './substitution-select.css';

export const SUBSTITUTION_SELECT_LABEL = 'If out of stock';

/**
 * A cart line's substitution preference (issue 15), in the cart and at checkout: best match, this
 * specific item, or no substitute (refund). Saved at once; the cart is read again afterwards.
 */
export function SubstitutionSelect({
  lineId,
  title,
  value,
}: {
  lineId: string;
  title: string;
  value: SubstitutionPreference;
}) {
  const queryClient = useQueryClient();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  // What the shopper picked, shown at once and kept: a page may hold the cart under its own key
  // (checkout does) and read it again later; the server has the choice either way.
  const [chosen, setChosen] = useState<SubstitutionPreference | null>(null);
  const save = useMutation({
    mutationFn: async (substitution: SubstitutionPreference) => {
      const answer = await http.put(
        substitutionPaths.cartLine(lineId),
        { substitution },
        substitutionPreferenceResponse,
      );
      if (!isSuccess(answer)) throw new Error(answer.message);
    },
    onError: (failure) => {
      setChosen(null);
      setError(failure.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
  const shown = chosen ?? value;
  return (
    <div className="lm-substitution">
      <label className="lm-substitution-field">
        <span>{SUBSTITUTION_SELECT_LABEL}</span>
        <select
          value={shown}
          aria-label={`${SUBSTITUTION_SELECT_LABEL}: ${title}`}
          aria-describedby={hintId}
          disabled={save.isPending}
          onChange={(event) => {
            const next = event.target.value as SubstitutionPreference;
            setError(null);
            setChosen(next);
            save.mutate(next);
          }}
        >
          {SUBSTITUTION_PREFERENCES.map((preference) => (
            <option key={preference} value={preference}>
              {SUBSTITUTION_PREFERENCE_LABELS[preference]}
            </option>
          ))}
        </select>
      </label>
      <p id={hintId} className="lm-substitution-hint">
        {SUBSTITUTION_PREFERENCE_HINTS[shown]}
      </p>
      {error ? (
        <p className="lm-substitution-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
