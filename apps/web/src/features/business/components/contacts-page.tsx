import { useSearchParams } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useBusiness } from '../api/get-business.ts';
import { businessDetailsPath } from '../model/business-tabs.ts';
import { ContactDetails } from './contact-details.tsx';
import { ContactForm } from './contact-form.tsx';
import { StorePageState } from './store-page-state.tsx';
import './business.css';

/** /contacts?business=<id>: how to reach the store, and a form that emails it. */
export function ContactsPage() {
  const [params] = useSearchParams();
  const businessId = params.get('business') ?? '';
  const query = useBusiness(businessId);
  const name = query.data?.found ? query.data.value.name : null;
  return (
    <AppPage
      title={name ? `Contact ${name}` : 'Contact the store'}
      backTo={businessId ? businessDetailsPath(businessId, 'contact') : '/home'}
    >
      <StorePageState
        query={query}
        enabled={businessId !== ''}
        label="Loading store"
        render={(business) => (
          <div className="lm-contact">
            <ContactDetails business={business} />
            <ContactForm businessId={business.id} storeName={business.name} />
          </div>
        )}
      />
    </AppPage>
  );
}
