import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  isSuccess,
  PROFILE_PICTURE_FIELD,
  profilePictureResponse,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { profileKeys } from './query-keys.ts';
import type { ProfileLookup } from './get-profile.ts';

/** POST profile/picture: multipart, one file field (`picture`); answers the new profile. */
export function uploadPicture(file: File, client: HttpClient = http) {
  const body = new FormData();
  body.append(PROFILE_PICTURE_FIELD, file, file.name);
  return client.upload(apiPaths.profilePicture, body, profilePictureResponse);
}

export function useUploadPicture(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPicture(file),
    onSuccess: (answer) => {
      if (!isSuccess(answer)) return;
      const lookup: ProfileLookup = { signedIn: true, profile: answer.result };
      queryClient.setQueryData(profileKeys.profile(userId), lookup);
    },
  });
}
