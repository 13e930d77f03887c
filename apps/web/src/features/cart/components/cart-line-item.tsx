import { CART_LINE_MAX_QUANTITY, formatPrice, type CartLine } from '@localmart/contract';
import { IonIcon } from '@ionic/react';
import { alertCircleOutline, informationCircleOutline, trashOutline } from 'ionicons/icons';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { StockBadge } from '../../../components/catalog/stock-badge.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { useCountry } from '../../../lib/location/use-country.ts';
import { linePath } from '../model/cart-model.ts';
import { SubstitutionSelect } from '../../../components/substitution/substitution-select.tsx';

export const REMOVE_LABEL = 'Remove';
export const PRICE_MATCHED_LABEL = 'Price matched';
export const EACH_LABEL = 'each';
export const NOTE_PREFIX = 'Note:';
export const APPOINTMENT_PREFIX = 'Appointment:';
export const LINE_TOTAL_LABEL = 'Total';
export const REGULAR_PRICE_LABEL = 'regular price';

/** "2 × $4.19 each": how many at what unit price, under the line total (screen readers say "times"). */
export function unitPriceLabel(quantity: number, unitPrice: string): string {
  return `${quantity} × ${unitPrice} ${EACH_LABEL}`;
}

export interface CartLineItemProps {
  line: CartLine;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * One cart line: photo, title (to its product, dish or service), options and note, what the server
 * says changed (blocking notices in the warning colour), the quantity stepper up to what the store
 * can sell, and Remove. The price reads as a receipt does: the line total, then "2 × $4.19 each" when
 * there is more than one, then the regular unit price struck only when it is higher (a sale or a
 * price match); a screen reader hears "Total $8.38, 2 × $4.19 each, regular price $5.19 each".
 */
export function CartLineItem({ line, busy, onQuantity, onRemove }: CartLineItemProps) {
  const { country } = useCountry();
  const titleId = useId();
  const max = Math.min(line.maxQuantity, CART_LINE_MAX_QUANTITY);
  const reduced =
    line.regularUnitPrice.currency === line.unitPrice.currency &&
    line.regularUnitPrice.amount > line.unitPrice.amount;
  return (
    <li className="lm-cart-line" aria-labelledby={titleId}>
      <div className="lm-cart-line-media">
        {line.image ? (
          <CatalogImage image={line.image} sizes="80px" className="lm-cart-line-image" />
        ) : (
          <div className="lm-cart-line-image lm-cart-line-image-empty" aria-hidden="true" />
        )}
      </div>
      <div className="lm-cart-line-body">
        <h4 id={titleId} className="lm-cart-line-title">
          <Link to={linePath(line)}>{line.title}</Link>
        </h4>
        {line.subtitle && <p className="lm-cart-line-subtitle">{line.subtitle}</p>}
        {line.appointment && (
          <p className="lm-cart-line-appointment">
            {APPOINTMENT_PREFIX} {line.appointment.label}
          </p>
        )}
        {line.options.length > 0 && (
          <ul className="lm-cart-line-options" aria-label="Options">
            {line.options.map((option) => (
              <li key={option.optionId}>
                {option.groupName}: {option.name}
                {option.priceDelta.amount !== 0 &&
                  ` (${option.priceDelta.amount > 0 ? '+' : '−'}${formatPrice(
                    { ...option.priceDelta, amount: Math.abs(option.priceDelta.amount) },
                    country.locale,
                  )})`}
              </li>
            ))}
          </ul>
        )}
        {line.note && (
          <p className="lm-cart-line-note">
            {NOTE_PREFIX} {line.note}
          </p>
        )}
        <div className="lm-cart-line-tags">
          {line.stock && <StockBadge stock={line.stock} />}
          {line.priceMatched && <span className="lm-cart-tag">{PRICE_MATCHED_LABEL}</span>}
        </div>
        {line.substitution && (
          <SubstitutionSelect lineId={line.id} title={line.title} value={line.substitution} />
        )}
        {line.notices.map((notice) => (
          <p
            key={notice.code}
            className={
              notice.blocking ? 'lm-cart-notice lm-cart-notice-blocking' : 'lm-cart-notice'
            }
            role={notice.blocking ? 'alert' : undefined}
          >
            <IonIcon
              icon={notice.blocking ? alertCircleOutline : informationCircleOutline}
              aria-hidden="true"
            />
            {notice.message}
          </p>
        ))}
        <div className="lm-cart-line-controls">
          <QuantityStepper
            label={`Quantity of ${line.title}`}
            value={line.quantity}
            max={max}
            disabled={busy}
            onChange={onQuantity}
          />
          <button
            type="button"
            className="lm-cart-remove"
            disabled={busy}
            aria-label={`${REMOVE_LABEL} ${line.title}`}
            onClick={onRemove}
          >
            <IonIcon icon={trashOutline} aria-hidden="true" />
            {REMOVE_LABEL}
          </button>
        </div>
      </div>
      <div className="lm-cart-line-price">
        <strong className="lm-cart-line-total">
          {line.quantity > 1 && <span className="lm-visually-hidden">{LINE_TOTAL_LABEL} </span>}
          {formatPrice(line.lineTotal, country.locale)}
        </strong>
        {line.quantity > 1 && (
          <span className="lm-cart-line-unit">
            <span className="lm-visually-hidden">, </span>
            {unitPriceLabel(line.quantity, formatPrice(line.unitPrice, country.locale))}
          </span>
        )}
        {reduced && (
          <span className="lm-cart-line-regular">
            <span className="lm-visually-hidden">, {REGULAR_PRICE_LABEL} </span>
            <s>{formatPrice(line.regularUnitPrice, country.locale)}</s>
            {line.quantity > 1 && <span className="lm-visually-hidden"> {EACH_LABEL}</span>}
          </span>
        )}
      </div>
    </li>
  );
}
