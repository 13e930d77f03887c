import { IonIcon } from '@ionic/react';
import { logoGoogle } from 'ionicons/icons';

/** The "Login with Google" / "Register with Google" button. */
export function GoogleButton({
  label,
  busy,
  disabled,
  onClick,
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="lm-button lm-button-google"
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      <IonIcon icon={logoGoogle} aria-hidden="true" className="lm-button-icon" />
      <span>{label}</span>
    </button>
  );
}
