import { z } from 'zod';
import { validationMessages as v } from '../messages.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from '../constants.ts';
import { safeText } from './safe-input.ts';

/**
 * Reusable field schemas (Epic Stack's user-validation pattern): each takes the messages of the form
 * it sits in, because the spec words the same rule differently on login and on registration (§5).
 */
function requiredString(required: string) {
  return safeText({ error: (issue) => (issue.input === undefined ? required : `${required}`) });
}

export function emailField(messages: { required: string; invalid: string }) {
  return requiredString(messages.required)
    .trim()
    .min(1, { error: messages.required, abort: true })
    .pipe(z.email({ error: messages.invalid }));
}

export function passwordField(messages: { required: string; tooShort: string }) {
  return requiredString(messages.required)
    .min(1, { error: messages.required, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: messages.tooShort })
    .max(PASSWORD_MAX_LENGTH, {
      error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    });
}

export function nameField(required: string) {
  return requiredString(required)
    .trim()
    .min(1, { error: required, abort: true })
    .max(80, { error: 'Name must be at most 80 characters' });
}

export function verificationCodeField(required: string) {
  return requiredString(required)
    .trim()
    .min(1, { error: required, abort: true })
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), {
      error: `Enter the ${VERIFICATION_CODE_LENGTH}-digit code`,
    });
}

/** Registration email: lower-cased with every space removed, as the form does while typing (§5). */
export function normaliseRegistrationEmail(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '');
}

export const idParam = z.uuid({ error: 'Invalid id' });

/**
 * A form with `password` and `confirmPassword`: confirmation required, and equal to the password
 * (spec §5 wording). 'Passwords not matching' waits until the confirmation has been typed.
 */
export function withPasswordConfirmation<
  TShape extends z.ZodRawShape & { password: z.ZodType<string> },
>(shape: TShape) {
  return z
    .object({
      ...shape,
      confirmPassword: safeText({ error: v.registration.confirmPasswordRequired }).min(1, {
        error: v.registration.confirmPasswordRequired,
      }),
    })
    .refine(
      (form) => {
        const { password, confirmPassword } = form as { password: string; confirmPassword: string };
        return confirmPassword === '' || confirmPassword === password;
      },
      { error: v.registration.passwordsNotMatching, path: ['confirmPassword'] },
    );
}
