import { labels, VERIFICATION_CODE_LENGTH } from '@localmart/contract';
import { useId } from 'react';
import { CodeInput } from '../../../components/ui/code-input.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { useEmailVerification } from '../model/use-email-verification.ts';

export const CODE_GROUP_LABEL = 'Verification code';

/**
 * What both verification screens show (spec §2): where the code went ('your registered email Id'
 * when no email is known, with an Email field to say which), and the 6-box code input with its
 * validation message.
 */
export function VerificationFields({
  verification,
}: {
  verification: ReturnType<typeof useEmailVerification>;
}) {
  const { form, knownEmail } = verification;
  const codeId = useId();
  const errorId = `${codeId}-error`;
  const codeError = form.errors.security_code;
  return (
    <>
      <p className="lm-auth-lead">
        A {VERIFICATION_CODE_LENGTH} digit code was sent to{' '}
        {knownEmail ? (
          <strong className="lm-auth-email">{knownEmail}</strong>
        ) : (
          labels.registeredEmailFallback
        )}
        . Enter it below to verify your email address.
      </p>
      {!knownEmail && (
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          value={form.values.email}
          onValueChange={(email) => form.setValue('email', email)}
          error={form.errors.email}
        />
      )}
      <div className={codeError ? 'lm-field lm-field-invalid' : 'lm-field'}>
        <span className="lm-field-label" aria-hidden="true">
          {CODE_GROUP_LABEL}
        </span>
        <CodeInput
          id={codeId}
          label={CODE_GROUP_LABEL}
          length={VERIFICATION_CODE_LENGTH}
          numbersOnly
          value={form.values.security_code}
          onChange={(code) => form.setValue('security_code', code)}
          invalid={Boolean(codeError)}
          describedBy={codeError ? errorId : undefined}
        />
        {codeError && (
          <p id={errorId} className="lm-field-error">
            {codeError}
          </p>
        )}
      </div>
    </>
  );
}
