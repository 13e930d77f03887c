import {
  accountMessages,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
} from '@localmart/contract';

/**
 * The check made before a picture is sent: a JPEG, PNG or WebP image of at most 2 MB, said clearly
 * instead of waiting for the server's refusal. The server checks again, by content.
 */
export function checkPicture(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.size === 0) return accountMessages.pictureMissing;
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return accountMessages.pictureTypeUnsupported;
  }
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return accountMessages.pictureTooLarge;
  return null;
}
