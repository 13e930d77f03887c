import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { validationMessages as v } from '../messages.ts';
import { nameField, passwordField, withPasswordConfirmation } from './fields.ts';
import { messageOnlyResponse } from './auth.ts';
import { optionalPhoneField } from './phone.ts';
import { safeText } from './safe-input.ts';

/** The signed-in user's own profile (routes profile, edit-profile). */
export const profileSchema = z.object({
  _id: safeText(),
  first_name: safeText(),
  last_name: safeText(),
  display_name: safeText(),
  email: safeText(),
  /** URL of the picture (our media URL or Google's), or null. */
  picture: safeText().nullable(),
  /** Optional, E.164 ("+14165550123"): offered at checkout so the store can call (issue 15). */
  phone: safeText().nullable(),
  email_verified: z.boolean(),
  has_password: z.boolean(),
  google_linked: z.boolean(),
  created_at: safeText(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponse = envelopeSchema(successEnvelopeSchema({ result: profileSchema }));
export type ProfileResponse = z.infer<typeof profileResponse>;

export const updateProfileRequest = z.object({
  first_name: nameField(v.registration.firstNameRequired),
  last_name: nameField(v.registration.lastNameRequired),
  /** Shown to stores and in reviews; first and last name joined when empty. */
  display_name: safeText().trim().max(80).optional(),
  /** Optional phone; '' removes it, absent leaves it as it is. */
  phone: optionalPhoneField.optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
export const updateProfileResponse = profileResponse;

const newPassword = passwordField({
  required: v.registration.passwordRequired,
  tooShort: v.registration.passwordTooShort,
});

export const changePasswordRequest = z.object({
  current_password: safeText().min(1, { error: 'Please enter your current password' }).max(128),
  new_password: newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export const changePasswordResponse = messageOnlyResponse;

export const changePasswordForm = withPasswordConfirmation({
  currentPassword: safeText().min(1, { error: 'Please enter your current password' }),
  password: newPassword,
});
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** POST profile/picture: multipart with one file field named `picture`; answers the new profile. */
export const PROFILE_PICTURE_FIELD = 'picture';
export const profilePictureResponse = profileResponse;
