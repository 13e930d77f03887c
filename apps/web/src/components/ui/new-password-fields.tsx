import type { FieldBinding } from '../../lib/use-zod-form.ts';
import { TextField } from './text-field.tsx';

/**
 * A new password and its confirmation, as registration, the reset page and the change-password form
 * ask for them: browsers offer to generate and save a password for `new-password` fields.
 */
export function NewPasswordFields({
  passwordLabel,
  password,
  confirmPassword,
}: {
  passwordLabel: string;
  password: FieldBinding;
  confirmPassword: FieldBinding;
}) {
  return (
    <>
      <TextField label={passwordLabel} type="password" autoComplete="new-password" {...password} />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...confirmPassword}
      />
    </>
  );
}
