import {
  addressInputSchema,
  addressLine,
  commerceMessages,
  isSuccess,
  PLACES,
  toastTitles,
  type Address,
} from '@localmart/contract';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorState } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { getDevicePosition } from '../../../lib/location/device-position.ts';
import { useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useRequireSession } from '../../../lib/require-session.ts';
import { readReturnUrl } from '../../../lib/return-url.ts';
import { useSession } from '../../../lib/storage.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useAddresses } from '../api/get-addresses.ts';
import {
  addressFormSchema,
  EMPTY_ADDRESS_FORM,
  pathAfterSave,
  pathBack,
} from '../model/address-form.ts';
import './addresses.css';

export const SAVE_ADDRESS_LABEL = 'Save address';
export const USE_CURRENT_LOCATION_LABEL = 'Use my current location';
export const PLACE_PICKER_LABEL = 'Or pick a place';
export const DEFAULT_ADDRESS_LABEL = 'Make this my default address';
export const SAVED_ADDRESSES_TITLE = 'Saved addresses';
export const DELETE_LABEL = 'Delete';

interface MapPoint {
  lat: number;
  lng: number;
  label: string;
}

/** add-address: a new delivery address with where it is, and the shopper's saved ones. */
export function AddAddressPage({ title }: { title: string }) {
  const { search } = useLocation();
  useRequireSession(`add-address${search}`);
  const session = useSession();
  const returnUrl = readReturnUrl(search);

  return (
    <AppPage title={title} backTo={pathBack(returnUrl)}>
      {session.isLoggedIn && (
        <div className="lm-addresses">
          <AddressForm returnUrl={returnUrl} />
          <SavedAddresses />
        </div>
      )}
    </AppPage>
  );
}

function AddressForm({ returnUrl }: { returnUrl: string | null }) {
  const navigate = useNavigate();
  const { location } = useShopperLocation();
  const [point, setPoint] = useState<MapPoint | null>(location);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useZodForm(addressFormSchema, EMPTY_ADDRESS_FORM);
  const create = useCreateAddress();
  const locationError = form.attempted && !point ? commerceMessages.addressLocationRequired : null;

  async function locateDevice() {
    setLocating(true);
    setLocateError(null);
    const answer = await getDevicePosition();
    setLocating(false);
    if (answer.ok) setPoint(answer.location);
    else setLocateError(answer.message);
  }

  const save = form.handleSubmit(async (fields) => {
    if (!point) return;
    setSaveError(null);
    const body = addressInputSchema.parse({
      ...fields,
      line2: fields.line2 || null,
      lat: point.lat,
      lng: point.lng,
      isDefault,
    });
    const answer = await create.mutateAsync(body);
    if (!isSuccess(answer)) {
      setSaveError(answer.message);
      return;
    }
    showSuccess(toastTitles.success, answer.message ?? commerceMessages.addressSaved);
    form.reset();
    navigate(pathAfterSave(returnUrl, answer.result.id));
  });

  return (
    <form ref={form.formRef} className="lm-card lm-address-form" onSubmit={save} noValidate>
      <TextField label="Full name" autoComplete="name" {...form.field('name')} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
      <TextField label="Street address" autoComplete="address-line1" {...form.field('line1')} />
      <TextField
        label="Apartment, suite (optional)"
        autoComplete="address-line2"
        {...form.field('line2')}
      />
      <div className="lm-address-row">
        <TextField label="City" autoComplete="address-level2" {...form.field('city')} />
        <TextField label="Province" autoComplete="address-level1" {...form.field('region')} />
        <TextField label="Postal code" autoComplete="postal-code" {...form.field('postalCode')} />
      </div>
      <TextField label="Label (optional)" placeholder="Home, Work" {...form.field('label')} />
      <TextField label="Delivery instructions (optional)" {...form.field('instructions')} />

      <fieldset className="lm-address-point">
        <legend>Where is it?</legend>
        <p className={locationError ? 'lm-address-error' : 'lm-address-muted'} role="status">
          {point
            ? `Set to ${point.label} (${point.lat.toFixed(4)}, ${point.lng.toFixed(4)})`
            : (locationError ?? 'Not set yet')}
        </p>
        <button
          type="button"
          className="lm-button"
          onClick={() => void locateDevice()}
          disabled={locating}
          aria-busy={locating}
        >
          {locating ? 'Finding you…' : USE_CURRENT_LOCATION_LABEL}
        </button>
        {locateError && (
          <p className="lm-address-error" role="alert">
            {locateError}
          </p>
        )}
        <label className="lm-field">
          <span className="lm-field-label">{PLACE_PICKER_LABEL}</span>
          <select
            className="lm-input"
            value=""
            onChange={(event) => {
              const place = PLACES.find((candidate) => candidate.id === event.target.value);
              if (place) setPoint({ lat: place.lat, lng: place.lng, label: place.name });
            }}
          >
            <option value="">Choose a neighbourhood or city</option>
            {PLACES.map((place) => (
              <option key={place.id} value={place.id}>
                {place.name}
              </option>
            ))}
          </select>
        </label>
      </fieldset>

      <label className="lm-address-check">
        <input
          type="checkbox"
          checked={isDefault}
          onChange={(event) => setIsDefault(event.target.checked)}
        />
        {DEFAULT_ADDRESS_LABEL}
      </label>

      {saveError && (
        <p className="lm-address-error" role="alert">
          {saveError}
        </p>
      )}
      <button
        type="submit"
        className="lm-button lm-button-primary"
        disabled={create.isPending}
        aria-busy={create.isPending}
      >
        {SAVE_ADDRESS_LABEL}
      </button>
    </form>
  );
}

function SavedAddresses() {
  const query = useAddresses(true);
  const remove = useDeleteAddress();
  const [error, setError] = useState<string | null>(null);

  async function deleteOne(address: Address) {
    setError(null);
    const answer = await remove.mutateAsync(address.id);
    if (isSuccess(answer)) showSuccess(toastTitles.success, commerceMessages.addressDeleted);
    else setError(answer.message ?? commerceMessages.addressNotFound);
  }

  let body;
  if (query.isPending) body = <ContentSkeleton label="Loading addresses" />;
  else if (query.isError)
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <p className="lm-address-muted">None yet.</p>;
  else
    body = (
      <ul className="lm-address-list">
        {query.data.map((address) => (
          <li key={address.id}>
            <div>
              <span className="lm-address-name">
                {address.label || address.name}
                {address.isDefault && <span className="lm-badge lm-badge-ok">Default</span>}
              </span>
              <span className="lm-address-muted">{addressLine(address)}</span>
            </div>
            <button
              type="button"
              className="lm-link-button"
              aria-label={`${DELETE_LABEL} ${address.label || address.name}, ${address.line1}`}
              disabled={remove.isPending}
              onClick={() => void deleteOne(address)}
            >
              {DELETE_LABEL}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="lm-card" aria-labelledby="saved-addresses">
      <h2 id="saved-addresses" className="lm-section-title">
        {SAVED_ADDRESSES_TITLE}
      </h2>
      {body}
      {error && (
        <p className="lm-address-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
