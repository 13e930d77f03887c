import { IonIcon } from '@ionic/react';
import { COUNTRIES, formatDistance, formatMoney, type Country } from '@localmart/contract';
import { checkmark } from 'ionicons/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { HOME_PATH } from '../../../lib/paths.ts';
import { useCountry } from '../../../lib/location/use-country.ts';
import { goBack } from '../model/go-back.ts';
import './location.css';

/** "CAD · $12.99 · km": what choosing this country changes, shown before it is chosen. */
export function countrySummary(country: Country): string {
  const sample = formatMoney(1299, country.currency, country.locale);
  const unit = formatDistance(5, country.units).split(' ')[1] ?? '';
  return `${country.currency} · ${sample} · ${unit}`;
}

/** /country-modal: choose the country you shop in; prices and distances follow. */
export function CountryModalPage() {
  const navigate = useNavigate();
  const routerLocation = useLocation();
  const { country, setCountry } = useCountry();

  async function choose(next: Country) {
    await setCountry(next);
    goBack(navigate, routerLocation);
  }

  return (
    <AppPage title="Choose your country" backTo={HOME_PATH}>
      <p className="lm-country-lead">
        Prices, currency and distance units follow the country you shop in.
      </p>
      <ul className="lm-place-list" aria-label="Countries">
        {COUNTRIES.map((option) => {
          const current = option.code === country.code;
          return (
            <li key={option.code}>
              <button
                type="button"
                className="lm-place-option"
                aria-current={current ? 'true' : undefined}
                onClick={() => void choose(option)}
              >
                <span className="lm-place-name">{option.name}</span>
                <span className="lm-place-detail">{countrySummary(option)}</span>
                {current && (
                  <IonIcon icon={checkmark} aria-hidden="true" className="lm-place-check" />
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </AppPage>
  );
}
