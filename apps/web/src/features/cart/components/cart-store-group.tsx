import { formatPrice } from '@localmart/contract';
import { IonIcon } from '@ionic/react';
import { timeOutline } from 'ionicons/icons';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { useCountry } from '../../../lib/location/use-country.ts';
import { storePath, type StoreGroup } from '../model/cart-model.ts';
import { CartLineItem } from './cart-line-item.tsx';

export const STORE_SUBTOTAL_LABEL = 'Store subtotal';

export interface CartStoreGroupProps {
  group: StoreGroup;
  /** The line whose change is on its way, if any. */
  busyLineId: string | null;
  onQuantity: (lineId: string, quantity: number) => void;
  onRemove: (lineId: string) => void;
}

/** One store's part of the cart: who it is and when it is ready, its lines, its subtotal. */
export function CartStoreGroup({ group, busyLineId, onQuantity, onRemove }: CartStoreGroupProps) {
  const { country } = useCountry();
  const nameId = useId();
  const { store, lines } = group;
  return (
    <section className="lm-cart-store" aria-labelledby={nameId}>
      <header className="lm-cart-store-head">
        <CatalogImage image={store.logo} sizes="44px" className="lm-cart-store-logo" />
        <div>
          <h3 id={nameId} className="lm-cart-store-name">
            <Link to={storePath(store, lines)}>{store.name}</Link>
          </h3>
          {store.pickupPromise && (
            <p className="lm-cart-store-promise">
              <IonIcon icon={timeOutline} aria-hidden="true" />
              {store.pickupPromise}
            </p>
          )}
        </div>
      </header>
      <ul className="lm-cart-lines">
        {lines.map((line) => (
          <CartLineItem
            key={line.id}
            line={line}
            busy={busyLineId === line.id}
            onQuantity={(quantity) => onQuantity(line.id, quantity)}
            onRemove={() => onRemove(line.id)}
          />
        ))}
      </ul>
      <p className="lm-cart-store-subtotal">
        <span>{STORE_SUBTOTAL_LABEL}</span>
        <strong>{formatPrice(store.subtotal, country.locale)}</strong>
      </p>
    </section>
  );
}
