import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isSuccess,
  SUBSTITUTION_PREFERENCE_HINTS,
  SUBSTITUTION_PREFERENCE_LABELS,
  SUBSTITUTION_PREFERENCES,
  type SubstitutionPreference,
  substitutionPaths,
  substitutionPreferenceResponse,
} from '@localmart/contract';
import { useState } from 'react';
import {
  SUBSTITUTION_DEFAULT_KEY,
  substitutionDefaultQuery,
} from '../../../components/substitution/use-substitution-default.ts';
import { http } from '../../../lib/http.ts';
import '../../../components/substitution/substitution-select.css';
import './substitution-default.css';

const KEY = SUBSTITUTION_DEFAULT_KEY;

export const SUBSTITUTION_DEFAULT_TITLE = 'If an item is out of stock';

/**
 * The shopper's remembered substitution preference (issue 15): what every new cart line starts
 * with; each line can still be changed in the cart and at checkout.
 */
export function SubstitutionDefault() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const current = useQuery(substitutionDefaultQuery);
  const save = useMutation({
    mutationFn: async (substitution: SubstitutionPreference) => {
      const answer = await http.put(
        substitutionPaths.shopperDefault,
        { substitution },
        substitutionPreferenceResponse,
      );
      if (!isSuccess(answer)) throw new Error(answer.message);
      queryClient.setQueryData(KEY, answer.result.substitution);
    },
    onError: (failure) => setError(failure.message),
  });
  if (!current.data) return null;
  const value = save.isPending && save.variables ? save.variables : current.data;
  return (
    <section className="lm-card lm-substitution-default" aria-labelledby="substitution-default">
      <h2 id="substitution-default" className="lm-section-title">
        {SUBSTITUTION_DEFAULT_TITLE}
      </h2>
      <fieldset className="lm-substitution-choices" aria-labelledby="substitution-default">
        {SUBSTITUTION_PREFERENCES.map((preference) => (
          <div key={preference} className="lm-substitution-option">
            <label className="lm-substitution-choice">
              <input
                type="radio"
                name="substitution-default"
                value={preference}
                checked={value === preference}
                disabled={save.isPending}
                onChange={() => {
                  setError(null);
                  save.mutate(preference);
                }}
              />
              <strong>{SUBSTITUTION_PREFERENCE_LABELS[preference]}</strong>
            </label>
            <p className="lm-substitution-hint">{SUBSTITUTION_PREFERENCE_HINTS[preference]}</p>
          </div>
        ))}
      </fieldset>
      {error ? (
        <p className="lm-substitution-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
