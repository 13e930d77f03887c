import type { BusinessDetail } from '@localmart/contract';
import { addressText } from '../model/store-facts.ts';
import { StoreHours } from './store-hours.tsx';

/** The store's ways to be reached: phone, email, website, address and hours. */
export function ContactDetails({ business }: { business: BusinessDetail }) {
  return (
    <section className="lm-contact-details" aria-label="Contact details">
      <dl className="lm-contact-facts">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${business.phone.replace(/[^\d+]/g, '')}`}>{business.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${business.email}`}>{business.email}</a>
          </dd>
        </div>
        {business.website && (
          <div>
            <dt>Website</dt>
            <dd>
              <a href={business.website} target="_blank" rel="noopener noreferrer">
                {business.website.replace(/^https?:\/\//, '')}
              </a>
            </dd>
          </div>
        )}
        <div>
          <dt>Address</dt>
          <dd>{addressText(business.address)}</dd>
        </div>
      </dl>
      <h3 className="lm-contact-heading">Opening hours</h3>
      <StoreHours hours={business.hours} />
    </section>
  );
}
