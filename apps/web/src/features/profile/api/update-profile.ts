import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  isSuccess,
  updateProfileResponse,
  type UpdateProfileRequest,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { renameSession } from '../../../lib/session.ts';
import { profileKeys } from './query-keys.ts';
import type { ProfileLookup } from './get-profile.ts';

/** PUT profile: first name, last name and display name; answers the updated profile. */
export function updateProfile(body: UpdateProfileRequest, client: HttpClient = http) {
  return client.put(apiPaths.profile, body, updateProfileResponse);
}

/** On success the cached profile and the menu's name follow the change. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => updateProfile(body),
    onSuccess: async (answer) => {
      if (!isSuccess(answer)) return;
      const lookup: ProfileLookup = { signedIn: true, profile: answer.result };
      queryClient.setQueryData(profileKeys.profile(userId), lookup);
      await renameSession(answer.result);
    },
  });
}
