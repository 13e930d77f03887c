import { labels, TERMS } from '@localmart/contract';
import { AppPage } from '../../../components/ui/app-page.tsx';

const duties = [
  'List your products, food items and services with prices and stock.',
  'Connect your inventory feed so stock stays current on its own.',
  'Publish weekly flyers and coupons for shoppers nearby.',
  `Answer reservations within ${TERMS.retailerResponseHours} hours during business hours; unanswered ones are cancelled automatically.`,
] as const;

/** /manage: the store-owner site opened from the menu in a new tab (spec §1). */
export function ManagePage() {
  return (
    <AppPage title={labels.menuManageYourStore}>
      <section className="lm-placeholder">
        <p className="lm-placeholder-lead">
          The store-owner site: everything you need to sell to shoppers near you on Localmart.
        </p>
        <ul className="lm-list">
          {duties.map((duty) => (
            <li key={duty}>{duty}</li>
          ))}
        </ul>
        <p className="lm-placeholder-note">
          Store accounts open soon. Support is available {TERMS.supportHours}.
        </p>
      </section>
    </AppPage>
  );
}
