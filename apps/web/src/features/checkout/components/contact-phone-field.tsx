import { formatPhone } from '@localmart/contract';
import { TextField } from '../../../components/ui/text-field.tsx';

export const CONTACT_PHONE_LABEL = 'Phone for the store (optional)';

/**
 * The phone the stores of this checkout may call about a pickup or a delivery (issue 15), filled
 * from the profile. `value` null = untouched: the profile's number is shown and the server uses it.
 */
export function ContactPhoneField({
  value,
  profilePhone,
  error,
  onChange,
}: {
  value: string | null;
  profilePhone: string | null | undefined;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      className="lm-card lm-checkout-phone"
      label={CONTACT_PHONE_LABEL}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value ?? (profilePhone ? formatPhone(profilePhone) : '')}
      onValueChange={onChange}
      error={error ?? undefined}
      hint="Shown to the store once it accepts your order, so it can call you if something comes up."
    />
  );
}
