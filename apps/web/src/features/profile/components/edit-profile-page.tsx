import { IonButton } from '@ionic/react';
import {
  accountMessages,
  changePasswordForm,
  commonMessages,
  formatPhone,
  isSuccess,
  labels,
  PROFILE_PICTURE_TYPES,
  toastTitles,
  updateProfileRequest,
  validationMessages,
  type Profile,
} from '@localmart/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showError, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { isNetworkFailure, type HttpFailure } from '../../../lib/http.ts';
import { loginPathWithReturn } from '../../../lib/return-url.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUploadPicture } from '../api/upload-picture.ts';
import { useOwnProfile } from '../model/use-own-profile.ts';
import { checkPicture } from '../model/picture-check.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { SESSION_ENDED } from './profile-page.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';

export const EDIT_PROFILE_TITLE = 'Edit profile';
export const SAVE_DETAILS_LABEL = 'Save changes';
export const CHANGE_PASSWORD_LABEL = 'Change password';
export const PICTURE_LABEL = 'Profile picture';
export const DEMO_EDIT_NOTE =
  'Demo mode: this profile is kept on this device only and cannot be edited.';

/** A failed call's toast (spec §8: the server's message; network errors are logged only). */
function reportFailure(answer: HttpFailure) {
  if (!isNetworkFailure(answer)) showError(toastTitles.loginError, answer.message);
}

function DetailsForm({ profile }: { profile: Profile }) {
  const form = useZodForm(updateProfileRequest, {
    first_name: profile.first_name,
    last_name: profile.last_name,
    display_name: profile.display_name,
    phone: profile.phone ? formatPhone(profile.phone) : '',
  });
  const update = useUpdateProfile(profile._id);

  const save = form.handleSubmit(async (body) => {
    // An emptied phone field removes the number ('' on the wire; null is the parsed form's none).
    const answer = await update.mutateAsync({ ...body, phone: body.phone ?? '' });
    if (isSuccess(answer)) {
      showSuccess(toastTitles.success, answer.message ?? accountMessages.profileUpdated);
      return;
    }
    reportFailure(answer);
  });

  return (
    <form
      ref={form.formRef}
      className="lm-auth-form lm-card"
      noValidate
      onSubmit={save}
      aria-labelledby="edit-details-heading"
    >
      <h2 id="edit-details-heading" className="lm-section-title">
        Your details
      </h2>
      <div className="lm-field-row">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={form.values.first_name}
          onValueChange={(value) => form.setValue('first_name', value)}
          error={form.errors.first_name}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={form.values.last_name}
          onValueChange={(value) => form.setValue('last_name', value)}
          error={form.errors.last_name}
        />
      </div>
      <TextField
        label="Display name"
        autoComplete="nickname"
        value={form.values.display_name ?? ''}
        onValueChange={(value) => form.setValue('display_name', value)}
        error={form.errors.display_name}
        hint="Shown to stores and in your reviews. Leave it empty to use your first and last name."
      />
      <TextField
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={form.values.phone ?? ''}
        onValueChange={(value) => form.setValue('phone', value)}
        error={form.errors.phone}
        hint="Offered at checkout, so a store can call you about a pickup or a delivery."
      />
      <button
        type="submit"
        className="lm-button lm-button-primary"
        disabled={update.isPending}
        aria-busy={update.isPending || undefined}
      >
        {SAVE_DETAILS_LABEL}
      </button>
    </form>
  );
}

function PictureForm({ profile }: { profile: Profile }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPicture(profile._id);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file can be chosen again after a failure.
    input.value = '';
    if (!file) return;
    const problem = checkPicture(file);
    setError(problem);
    if (problem) return;
    const answer = await upload.mutateAsync(file);
    if (isSuccess(answer)) {
      showSuccess(toastTitles.success, answer.message ?? accountMessages.pictureUpdated);
      return;
    }
    if (!isNetworkFailure(answer)) setError(answer.message);
  }

  return (
    <section className="lm-card lm-picture" aria-labelledby="edit-picture-heading">
      <h2 id="edit-picture-heading" className="lm-section-title">
        {PICTURE_LABEL}
      </h2>
      <div className="lm-picture-row">
        <ProfileAvatar
          picture={profile.picture}
          firstName={profile.first_name}
          lastName={profile.last_name}
          displayName={profile.display_name}
        />
        <div className="lm-field">
          <label htmlFor={inputId} className="lm-field-label">
            Choose a new picture
          </label>
          <input
            id={inputId}
            className="lm-file-input"
            type="file"
            accept={PROFILE_PICTURE_TYPES.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : `${inputId}-hint`}
            disabled={upload.isPending}
            onChange={(event) => void choose(event)}
          />
          <p id={`${inputId}-hint`} className="lm-field-hint">
            JPEG, PNG or WebP, up to 2 MB.
          </p>
          {upload.isPending && (
            <p className="lm-field-hint" role="status">
              Uploading…
            </p>
          )}
          {error && (
            <p id={errorId} className="lm-field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function PasswordForm({ profile }: { profile: Profile }) {
  const form = useZodForm(
    changePasswordForm,
    { currentPassword: '', password: '', confirmPassword: '' },
    {
      match: {
        field: 'confirmPassword',
        sameAs: 'password',
        message: validationMessages.registration.passwordsNotMatching,
      },
    },
  );
  const change = useChangePassword();

  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    const answer = await change.mutateAsync({
      current_password: currentPassword,
      new_password: password,
    });
    if (isSuccess(answer)) {
      showSuccess(toastTitles.success, answer.message ?? accountMessages.passwordChanged);
      form.reset();
      return;
    }
    reportFailure(answer);
  });

  if (!profile.has_password) {
    return (
      <section className="lm-card" aria-labelledby="edit-password-heading">
        <h2 id="edit-password-heading" className="lm-section-title">
          {CHANGE_PASSWORD_LABEL}
        </h2>
        <p className="lm-auth-note">{accountMessages.noPasswordYet}</p>
      </section>
    );
  }

  return (
    <form
      ref={form.formRef}
      className="lm-auth-form lm-card"
      noValidate
      onSubmit={submit}
      aria-labelledby="edit-password-heading"
    >
      <h2 id="edit-password-heading" className="lm-section-title">
        {CHANGE_PASSWORD_LABEL}
      </h2>
      {/* A hidden username lets password managers file the new password under the right account. */}
      <input
        type="email"
        autoComplete="username"
        value={profile.email}
        readOnly
        hidden
        aria-hidden="true"
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={form.values.currentPassword}
        onValueChange={(value) => form.setValue('currentPassword', value)}
        error={form.errors.currentPassword}
      />
      <NewPasswordFields
        passwordLabel="New password"
        password={form.field('password')}
        confirmPassword={form.field('confirmPassword')}
      />
      <button
        type="submit"
        className="lm-button lm-button-primary"
        disabled={change.isPending}
        aria-busy={change.isPending || undefined}
      >
        {CHANGE_PASSWORD_LABEL}
      </button>
    </form>
  );
}

/**
 * /edit-profile: names and display name (contract updateProfileRequest), the picture (checked here
 * for type and size, then uploaded), and the password (contract changePasswordForm). Anonymous
 * visitors are sent to sign in with return_url=edit-profile.
 */
export function EditProfilePage() {
  const { session, demoUser, query } = useOwnProfile('edit-profile');

  let body;
  if (!session.isLoggedIn) {
    body = null;
  } else if (demoUser) {
    body = <p className="lm-placeholder-lead">{DEMO_EDIT_NOTE}</p>;
  } else if (query.isPending) {
    body = <ContentSkeleton label="Loading profile" />;
  } else if (query.isError) {
    body = (
      <section className="lm-placeholder" role="alert">
        <p className="lm-placeholder-lead">{commonMessages.genericFailure}</p>
        <IonButton onClick={() => void query.refetch()}>Retry</IonButton>
      </section>
    );
  } else if (!query.data.signedIn) {
    body = (
      <section className="lm-placeholder" role="alert">
        <p className="lm-placeholder-lead">{SESSION_ENDED}</p>
        <IonButton routerLink={loginPathWithReturn('edit-profile')}>{labels.signIn}</IonButton>
      </section>
    );
  } else {
    const profile = query.data.profile;
    body = (
      <div className="lm-edit-profile">
        <PictureForm profile={profile} />
        <DetailsForm key={profile._id} profile={profile} />
        <PasswordForm profile={profile} />
      </div>
    );
  }

  return (
    <AppPage title={EDIT_PROFILE_TITLE} backTo="/profile">
      {body}
    </AppPage>
  );
}
