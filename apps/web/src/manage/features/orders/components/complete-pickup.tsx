import { parsePickupInput, storeOrderMessages } from '@localmart/contract';
import { useState } from 'react';
import { PickupCodeForm } from './pickup-code-form.tsx';

/** Shown when the scanned QR code is another order's (the wrong phone held up). */
export const OTHER_ORDER_QR = 'That QR code belongs to another order.';

/**
 * Completing a pickup: the shopper's code, typed or scanned from their QR code. A scan of this
 * order's QR completes at once; the server checks the code either way and captures the payment.
 */
export function CompletePickup({
  orderId,
  busy,
  onComplete,
  label = 'Pickup code',
  submitText = 'Complete pickup',
}: {
  orderId: string;
  busy: boolean;
  onComplete: (pickupCode: string) => void;
  /** A service booking's words: 'Check-in code', 'Complete appointment'. */
  label?: string;
  submitText?: string;
}) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function complete(text: string) {
    const parsed = parsePickupInput(text);
    if (!parsed) {
      setInvalid(storeOrderMessages.pickupCodeRequired);
      return;
    }
    if (parsed.orderId && parsed.orderId !== orderId) {
      setInvalid(OTHER_ORDER_QR);
      return;
    }
    setInvalid(null);
    setCode(parsed.code);
    onComplete(parsed.code);
  }

  return (
    <PickupCodeForm
      className="mo-complete"
      label={label}
      fieldClassName="mys-field"
      errorClassName="mys-field-error mo-complete-error"
      code={code}
      onCodeChange={setCode}
      onCode={complete}
      error={invalid}
      busy={busy}
      submitText={submitText}
    />
  );
}
