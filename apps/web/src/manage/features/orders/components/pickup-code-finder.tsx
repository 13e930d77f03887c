import { storeOrderMessages } from '@localmart/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { sitePaths } from '../../../lib/site-paths.ts';
import { useFindByPickupCode } from '../api/store-orders-api.ts';
import { PickupCodeForm } from './pickup-code-form.tsx';

/**
 * The counter's shortcut: the shopper reads out their pickup code (or shows its QR code) and the
 * order opens. The server accepts the bare code or the whole QR text, so the scan is sent as read.
 */
export function PickupCodeFinder({ businessId }: { businessId: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const find = useFindByPickupCode(businessId);
  const navigate = useNavigate();

  function lookUp(text: string) {
    if (!text.trim()) {
      setError(storeOrderMessages.pickupCodeRequired);
      return;
    }
    setError(null);
    find.mutate(text.trim(), {
      onSuccess: (order) => navigate(sitePaths.order(businessId, order.id)),
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <PickupCodeForm
      className="mys-card mo-finder"
      ariaLabel="Find by pickup code"
      label="Find by pickup code"
      fieldClassName="mys-field mo-finder-field"
      errorClassName="mys-field-error mo-finder-error"
      code={code}
      onCodeChange={setCode}
      onCode={lookUp}
      error={error}
      busy={find.isPending}
      submitText={find.isPending ? 'Finding…' : 'Find order'}
    />
  );
}
