import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_SUBSTITUTION_PREFERENCE,
  isSuccess,
  type SubstitutionPreference,
  substitutionPaths,
  substitutionPreferenceResponse,
} from '@localmart/contract';
import { http } from '../../lib/http.ts';

/** The query key of the shopper's remembered preference (the profile saves it under the same key). */
export const SUBSTITUTION_DEFAULT_KEY = ['profile', 'substitution'] as const;

/** The shopper's remembered preference, as one query both the profile and the product page read. */
export const substitutionDefaultQuery = {
  queryKey: SUBSTITUTION_DEFAULT_KEY,
  queryFn: async (): Promise<SubstitutionPreference> => {
    const answer = await http.get(
      substitutionPaths.shopperDefault,
      undefined,
      substitutionPreferenceResponse,
    );
    if (!isSuccess(answer)) throw new Error(answer.message);
    return answer.result.substitution;
  },
};

/**
 * The shopper's remembered substitution preference (issue 15), or the product default while it
 * loads and for a visitor who is not signed in.
 */
export function useSubstitutionDefault(signedIn: boolean): SubstitutionPreference {
  const current = useQuery({ ...substitutionDefaultQuery, enabled: signedIn });
  return current.data ?? DEFAULT_SUBSTITUTION_PREFERENCE;
}
