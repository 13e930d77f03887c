import {
  SUBSTITUTION_PREFERENCE_HINTS,
  SUBSTITUTION_PREFERENCE_LABELS,
  SUBSTITUTION_PREFERENCES,
  type SubstitutionPreference,
} from '@localmart/contract';
import { useId } from 'react';
import './substitution-select.css';

export const ADD_SUBSTITUTION_LABEL = 'If the store runs out';

/**
 * Where a product is added to the cart (issue 15: the shopper says what they accept "on add to
 * cart"): the choice goes with the Add to cart / Reserve press, starting from their default; the
 * cart and checkout can still change it per line.
 */
export function AddSubstitutionChoice({
  value,
  onChange,
}: {
  value: SubstitutionPreference;
  onChange: (next: SubstitutionPreference) => void;
}) {
  const hintId = useId();
  return (
    <div className="lm-substitution lm-substitution-on-add">
      <label className="lm-substitution-field">
        <span>{ADD_SUBSTITUTION_LABEL}</span>
        <select
          value={value}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value as SubstitutionPreference)}
        >
          {SUBSTITUTION_PREFERENCES.map((preference) => (
            <option key={preference} value={preference}>
              {SUBSTITUTION_PREFERENCE_LABELS[preference]}
            </option>
          ))}
        </select>
      </label>
      <p id={hintId} className="lm-substitution-hint">
        {SUBSTITUTION_PREFERENCE_HINTS[value]}
      </p>
    </div>
  );
}
