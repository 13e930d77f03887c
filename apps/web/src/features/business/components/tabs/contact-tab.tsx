import type { BusinessDetail } from '@localmart/contract';
import { ContactDetails } from '../contact-details.tsx';
import { ContactForm } from '../contact-form.tsx';

export function ContactTab({ business }: { business: BusinessDetail }) {
  return (
    <div className="lm-contact">
      <ContactDetails business={business} />
      <ContactForm businessId={business.id} storeName={business.name} />
    </div>
  );
}
