import { createStoreRequest, STORE_KIND_LABELS, storeMessages } from '@localmart/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { sitePaths } from '../../lib/site-paths.ts';
import { ManagePage } from '../../shell/manage-page.tsx';
import {
  FulfilmentFields,
  StoreBasicsFields,
  StoreContactFields,
  StoreLocationFields,
} from '../../components/store-form/store-fields.tsx';
import {
  followAddressTimeZone,
  HoursFields,
  HoursReview,
} from '../../components/store-form/hours-fields.tsx';
import {
  createStorePayload,
  emptyStoreForm,
  errorsFor,
  errorsOf,
  type FieldErrors,
  type StoreForm,
} from '../../components/store-form/store-form-model.ts';
import { useCreateStore } from './create-store.ts';
import './onboarding.css';

/** The steps of the form, each with the inputs it checks before going on. */
export const ONBOARDING_STEPS = [
  { title: 'Store', fields: ['name', 'kind', 'type', 'description'] },
  {
    title: 'Location',
    fields: [
      'line1',
      'line2',
      'city',
      'region',
      'postalCode',
      'country',
      'lat',
      'lng',
      'phone',
      'email',
      'website',
    ],
  },
  { title: 'Hours', fields: ['hours', 'special', 'holidays', 'timeZone'] },
  {
    title: 'Fulfilment',
    fields: [
      'fulfilment',
      'delivery',
      'radiusKm',
      'deliveryFee',
      'minimumOrder',
      'cutoffTime',
      'pickupReadyMinutes',
      'taxRate',
    ],
  },
  { title: 'Review & create', fields: [] },
] as const;

/** What the notice on the settings page says after onboarding. */
export interface CreatedNotice {
  notice: string;
}

/** Every problem the contract finds in the form, plus the money the form could not read. */
function validate(form: StoreForm): FieldErrors {
  const { payload, errors } = createStorePayload(form);
  const parsed = createStoreRequest.safeParse(payload);
  return { ...(parsed.success ? {} : errorsOf(parsed.error.issues)), ...errors };
}

/**
 * /manage/new: a shopper (or an owner adding another store) creates a store in five steps. Each step
 * is checked by the contract's own schema before the next; the store is created pending approval.
 */
export function OnboardingPage() {
  const [form, setForm] = useState<StoreForm>(emptyStoreForm);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateStore();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onChange = <K extends keyof StoreForm>(field: K, value: StoreForm[K]) => {
    // A new province or country moves the time zone along, unless the owner chose one already.
    setForm((old) => followAddressTimeZone(old, { ...old, [field]: value }));
  };

  const goTo = (next: number) => {
    setStep(next);
    // Screen readers and keyboards land on the new step's heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const next = () => {
    const current = ONBOARDING_STEPS[step]!;
    const stepErrors = errorsFor(validate(form), current.fields);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length === 0) goTo(step + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step < ONBOARDING_STEPS.length - 1) {
      next();
      return;
    }
    const all = validate(form);
    if (Object.keys(all).length > 0) {
      setErrors(all);
      const first = ONBOARDING_STEPS.findIndex(
        (s) => Object.keys(errorsFor(all, s.fields)).length > 0,
      );
      goTo(first === -1 ? 0 : first);
      return;
    }
    create.mutate(createStorePayload(form).payload, {
      onSuccess: (created) => {
        const state: CreatedNotice = { notice: storeMessages.created };
        void navigate(sitePaths.store(created.id, 'settings'), { state });
      },
    });
  };

  const current = ONBOARDING_STEPS[step]!;
  const props = { form, errors, onChange };
  return (
    <ManagePage
      title="Create your store"
      subtitle="Tell shoppers who you are, where you are and how they can buy from you. An administrator approves new stores before shoppers see them."
    >
      <ol className="mys-steps" aria-label="Steps">
        {ONBOARDING_STEPS.map((entry, index) => (
          <li
            key={entry.title}
            aria-current={index === step ? 'step' : undefined}
            className={index < step ? 'mys-step-done' : undefined}
          >
            {index + 1}. {entry.title}
          </li>
        ))}
      </ol>
      <form className="mys-card" onSubmit={submit} noValidate>
        <h2 tabIndex={-1} ref={headingRef}>
          Step {step + 1} of {ONBOARDING_STEPS.length}: {current.title}
        </h2>
        {step === 0 ? <StoreBasicsFields {...props} /> : null}
        {step === 1 ? (
          <>
            <StoreLocationFields {...props} />
            <h3>Contact</h3>
            <StoreContactFields {...props} />
          </>
        ) : null}
        {step === 2 ? <HoursFields {...props} /> : null}
        {step === 3 ? <FulfilmentFields {...props} /> : null}
        {step === 4 ? <Review form={form} /> : null}
        {create.isError ? (
          <p className="mys-field-error" role="alert">
            {create.error.message}
          </p>
        ) : null}
        <div className="mys-actions">
          {step > 0 ? (
            <button
              type="button"
              className="mys-button-secondary"
              onClick={() => {
                setErrors({});
                goTo(step - 1);
              }}
            >
              Back
            </button>
          ) : null}
          {step < ONBOARDING_STEPS.length - 1 ? (
            <button type="submit" className="mys-button">
              Next
            </button>
          ) : (
            <button type="submit" className="mys-button" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create store'}
            </button>
          )}
        </div>
      </form>
    </ManagePage>
  );
}

function Review({ form }: { form: StoreForm }) {
  const options = [
    form.reservePickup ? 'Reserve for pickup' : null,
    form.buyOnlinePickup ? 'Buy online, pick up in store' : null,
    form.sameDayDelivery
      ? `Same-day delivery within ${form.radiusKm} km (fee ${form.deliveryFee}, minimum ${form.minimumOrder}, cut-off ${form.cutoffTime})`
      : null,
  ].filter(Boolean);
  return (
    <dl className="mys-review">
      <dt>Store</dt>
      <dd>
        {form.name} · {STORE_KIND_LABELS[form.kind]} · {form.type}
      </dd>
      <dt>Address</dt>
      <dd>
        {[form.line1, form.line2, form.city, form.region, form.postalCode, form.country]
          .filter(Boolean)
          .join(', ')}{' '}
        ({form.lat}, {form.lng})
      </dd>
      <dt>Contact</dt>
      <dd>{[form.phone, form.email, form.website].filter(Boolean).join(' · ')}</dd>
      <dt>Hours ({form.timeZone})</dt>
      <dd>
        <HoursReview form={form} />
      </dd>
      <dt>Fulfilment</dt>
      <dd>{options.length > 0 ? options.join('; ') : 'None yet'}</dd>
      <dt>Pickup ready in</dt>
      <dd>{form.pickupReadyMinutes ? `${form.pickupReadyMinutes} minutes` : '—'}</dd>
      <dt>Sales tax</dt>
      <dd>{form.taxRate} %</dd>
    </dl>
  );
}
