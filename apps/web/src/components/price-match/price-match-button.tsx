import type { Offer } from '@localmart/contract';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { authModals } from '../../lib/auth-modals.ts';
import { useSession } from '../../lib/storage.ts';
import { AppModal } from '../ui/app-modal.tsx';
import { PriceMatchForm } from './price-match-form.tsx';
import './price-match.css';

export const PRICE_MATCH_LABEL = 'Price match';
export const PRICE_MATCH_TITLE = 'Ask for a price match';

/**
 * "Price match" under a store's offer: the request form in a modal for a signed-in shopper; a visitor
 * is asked to sign in first and comes back to this page. It lives with the shared components, not in
 * a feature, because the product page (a feature) shows it and features never import each other.
 */
export function PriceMatchButton({ offer }: { offer: Offer }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Each opening starts a fresh form.
  const [opening, setOpening] = useState(0);

  function start() {
    if (!isLoggedIn) {
      authModals.openLogin({ returnUrl: `${location.pathname}${location.search}`.slice(1) });
      return;
    }
    setOpening((count) => count + 1);
    setOpen(true);
  }

  return (
    <>
      <button
        type="button"
        className="lm-link-button lm-price-match-button"
        aria-label={`${PRICE_MATCH_LABEL} at ${offer.business.name}`}
        onClick={start}
      >
        {PRICE_MATCH_LABEL}
      </button>
      <AppModal
        isOpen={open}
        title={PRICE_MATCH_TITLE}
        onClose={() => setOpen(false)}
        onDidDismiss={() => setOpen(false)}
      >
        {open && <PriceMatchForm key={opening} offer={offer} onDone={() => setOpen(false)} />}
      </AppModal>
    </>
  );
}
