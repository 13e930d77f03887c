import type { BusinessDetail } from '@localmart/contract';
import { useCountry } from '../../../lib/location/use-country.ts';
import { fulfilmentLines } from '../model/store-facts.ts';
import { StoreHours } from './store-hours.tsx';

/** Hours and how to get your order: folded on a phone, so the tabs stay near the top. */
export function StoreInfo({ business }: { business: BusinessDetail }) {
  const { country } = useCountry();
  const lines = fulfilmentLines(business, country.locale);
  return (
    <div className="lm-store-info">
      <details className="lm-store-info-block">
        <summary>
          Hours <span className="lm-store-info-summary">{business.openState.text}</span>
        </summary>
        <StoreHours hours={business.hours} />
      </details>
      {lines.length > 0 && (
        <section className="lm-store-info-block" aria-label="Pickup and delivery">
          <ul className="lm-fulfilment">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
