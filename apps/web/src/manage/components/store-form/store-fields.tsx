import {
  BUSINESS_KINDS,
  type BusinessKind,
  closesNextDay,
  COUNTRIES,
  PLACES,
  STORE_KIND_LABELS,
  STORE_TYPE_SUGGESTIONS,
  WEEKDAYS,
  type Weekday,
  TERMS,
} from '@localmart/contract';
import { type ReactNode, useId, useState } from 'react';
import {
  type FieldErrors,
  type IntervalInput,
  type StoreForm,
  WEEKDAY_LABELS,
} from './store-form-model.ts';
import './store-fields.css';
import '../visually-hidden.css';

/**
 * The inputs of a store's fields, shared by onboarding and the settings page: labelled plain inputs
 * (the browser tests find them by label), each with its error right below it.
 */

type Change = <K extends keyof StoreForm>(field: K, value: StoreForm[K]) => void;

export interface FieldsProps {
  form: StoreForm;
  errors: FieldErrors;
  onChange: Change;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="mys-field-error">
      {message}
    </span>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  hint,
  required,
  list,
  inputMode,
  autoComplete,
  multiline,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: string;
  hint?: ReactNode;
  required?: boolean;
  list?: string;
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'email' | 'url' | 'text';
  autoComplete?: string;
  multiline?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    required,
  } as const;
  return (
    <div className="mys-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          list={list}
          inputMode={inputMode}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint ? (
        <span id={hintId} className="mys-field-hint">
          {hint}
        </span>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Step 1 / Profile: name, kind, type (free text with suggestions), description. */
export function StoreBasicsFields({ form, errors, onChange }: FieldsProps) {
  const kindId = useId();
  const typesId = useId();
  return (
    <div className="mys-form-grid">
      <TextField
        label="Store name"
        value={form.name}
        onChange={(value) => onChange('name', value)}
        error={errors.name}
        required
      />
      <div className="mys-field">
        <label htmlFor={kindId}>Kind of business</label>
        <select
          id={kindId}
          value={form.kind}
          onChange={(event) => onChange('kind', event.target.value as BusinessKind)}
        >
          {BUSINESS_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {STORE_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Store type"
        value={form.type}
        onChange={(value) => onChange('type', value)}
        error={errors.type}
        list={typesId}
        hint="For example grocery, cafe or hair-salon"
        required
      />
      <datalist id={typesId}>
        {STORE_TYPE_SUGGESTIONS[form.kind].map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <div className="mys-field-wide">
        <TextField
          label="Description"
          value={form.description}
          onChange={(value) => onChange('description', value)}
          error={errors.description}
          multiline
        />
      </div>
    </div>
  );
}

/** Phone, email, website. */
export function StoreContactFields({ form, errors, onChange }: FieldsProps) {
  return (
    <div className="mys-form-grid">
      <TextField
        label="Phone"
        type="tel"
        value={form.phone}
        onChange={(value) => onChange('phone', value)}
        error={errors.phone}
        autoComplete="tel"
        required
      />
      <TextField
        label="Store email"
        type="email"
        value={form.email}
        onChange={(value) => onChange('email', value)}
        error={errors.email}
        required
      />
      <TextField
        label="Website (optional)"
        type="url"
        value={form.website}
        onChange={(value) => onChange('website', value)}
        error={errors.website}
      />
    </div>
  );
}

/** Step 2 / Location: the address, and where the pin goes (a bundled place, GPS or typed). */
export function StoreLocationFields({ form, errors, onChange }: FieldsProps) {
  const placeId = useId();
  const [locating, setLocating] = useState<string | null>(null);

  const choosePlace = (id: string) => {
    const place = PLACES.find((candidate) => candidate.id === id);
    if (!place) return;
    onChange('lat', String(place.lat));
    onChange('lng', String(place.lng));
    onChange('city', place.city);
  };

  const locateDevice = () => {
    if (!('geolocation' in navigator)) {
      setLocating('This device cannot share its location. Pick a place or type the coordinates.');
      return;
    }
    setLocating('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        onChange('lat', position.coords.latitude.toFixed(6));
        onChange('lng', position.coords.longitude.toFixed(6));
        setLocating(null);
      },
      () => setLocating('Location not available. Pick a place or type the coordinates.'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  return (
    <>
      <div className="mys-form-grid">
        <TextField
          label="Street address"
          value={form.line1}
          onChange={(value) => onChange('line1', value)}
          error={errors.line1}
          autoComplete="address-line1"
          required
        />
        <TextField
          label="Unit (optional)"
          value={form.line2}
          onChange={(value) => onChange('line2', value)}
          error={errors.line2}
          autoComplete="address-line2"
        />
        <TextField
          label="City"
          value={form.city}
          onChange={(value) => onChange('city', value)}
          error={errors.city}
          required
        />
        <TextField
          label="Province or region"
          value={form.region}
          onChange={(value) => onChange('region', value)}
          error={errors.region}
          required
        />
        <TextField
          label="Postal code"
          value={form.postalCode}
          onChange={(value) => onChange('postalCode', value)}
          error={errors.postalCode}
          autoComplete="postal-code"
          required
        />
        <CountryField
          value={form.country}
          onChange={(value) => onChange('country', value)}
          error={errors.country}
        />
      </div>
      <fieldset className="mys-fieldset">
        <legend>Where shoppers find you on the map</legend>
        <div className="mys-form-grid">
          <div className="mys-field">
            <label htmlFor={placeId}>Nearby place</label>
            <select
              id={placeId}
              defaultValue=""
              onChange={(event) => choosePlace(event.target.value)}
            >
              <option value="">Choose a place…</option>
              {PLACES.map((place) => (
                <option key={place.id} value={place.id}>
                  {place.name === place.city ? place.name : `${place.name}, ${place.city}`}
                </option>
              ))}
            </select>
          </div>
          <div className="mys-field mys-field-action">
            <button type="button" className="mys-button-secondary" onClick={locateDevice}>
              Use my current location
            </button>
            {locating ? <span role="status">{locating}</span> : null}
          </div>
          <TextField
            label="Latitude"
            value={form.lat}
            onChange={(value) => onChange('lat', value)}
            error={errors.lat}
            inputMode="decimal"
            required
          />
          <TextField
            label="Longitude"
            value={form.lng}
            onChange={(value) => onChange('lng', value)}
            error={errors.lng}
            inputMode="decimal"
            required
          />
        </div>
      </fieldset>
    </>
  );
}

/** The store's country from the shopper countries (the store's currency and postal format follow). */
function CountryField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const known = COUNTRIES.some((country) => country.code === value);
  return (
    <div className="mys-field">
      <label htmlFor={id}>Country</label>
      <select
        id={id}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {known ? null : <option value={value}>{value || 'Choose a country…'}</option>}
        {COUNTRIES.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Step 3 / Hours: a row per weekday with a Closed toggle and one or more opening intervals. */
export function WeeklyHoursFields({ form, errors, onChange }: FieldsProps) {
  const setDay = (day: Weekday, intervals: IntervalInput[]) =>
    onChange('weekly', { ...form.weekly, [day]: intervals });
  // Most shops keep one set of hours all week: set a day once and copy it, as Google Business does.
  const copyToAll = (from: Weekday) =>
    onChange(
      'weekly',
      Object.fromEntries(
        WEEKDAYS.map((day) => [day, form.weekly[from].map((interval) => ({ ...interval }))]),
      ) as StoreForm['weekly'],
    );
  return (
    <table className="mys-table mys-hours-table">
      <caption className="mys-visually-hidden">Weekly opening hours</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Closed</th>
          <th scope="col">Opening hours</th>
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((day) => {
          const label = WEEKDAY_LABELS[day];
          const intervals = form.weekly[day];
          const closed = intervals.length === 0;
          return (
            <tr key={day}>
              <th scope="row">{label}</th>
              <td>
                {/* The word shows only on phones, where the column headings are hidden. */}
                <label className="mys-hours-closed">
                  <input
                    type="checkbox"
                    aria-label={`${label} closed`}
                    checked={closed}
                    onChange={(event) =>
                      setDay(day, event.target.checked ? [] : [{ open: '09:00', close: '17:00' }])
                    }
                  />
                  <span aria-hidden="true">Closed</span>
                </label>
              </td>
              <td>
                {intervals.map((interval, index) => {
                  const suffix = index === 0 ? '' : ` (${index + 1})`;
                  const errorOpen = errors[`hours.${day}.${index}.open`];
                  const errorClose = errors[`hours.${day}.${index}.close`];
                  const update = (part: keyof IntervalInput, value: string) =>
                    setDay(
                      day,
                      intervals.map((old, i) => (i === index ? { ...old, [part]: value } : old)),
                    );
                  return (
                    <div key={index} className="mys-interval">
                      <input
                        type="time"
                        aria-label={`${label} opens${suffix}`}
                        value={interval.open}
                        aria-invalid={errorOpen ? true : undefined}
                        onChange={(event) => update('open', event.target.value)}
                      />
                      <span aria-hidden="true">–</span>
                      <input
                        type="time"
                        aria-label={`${label} closes${suffix}`}
                        value={interval.close}
                        aria-invalid={errorClose ? true : undefined}
                        onChange={(event) => update('close', event.target.value)}
                      />
                      {closesNextDay(interval) ? (
                        <span className="mys-next-day">next day</span>
                      ) : null}
                      {index > 0 ? (
                        <button
                          type="button"
                          className="mys-link-button"
                          aria-label={`Remove ${label} hours${suffix}`}
                          onClick={() =>
                            setDay(
                              day,
                              intervals.filter((_, i) => i !== index),
                            )
                          }
                        >
                          Remove
                        </button>
                      ) : null}
                      {errorOpen || errorClose ? (
                        <span className="mys-field-error">{errorOpen ?? errorClose}</span>
                      ) : null}
                    </div>
                  );
                })}
                <div className="mys-hours-row-actions">
                  {!closed && intervals.length < 6 ? (
                    <button
                      type="button"
                      className="mys-link-button"
                      aria-label={`Add ${label} hours`}
                      onClick={() => setDay(day, [...intervals, { open: '17:00', close: '21:00' }])}
                    >
                      Add hours
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="mys-link-button"
                    aria-label={`Copy ${label}'s hours to all days`}
                    onClick={() => copyToAll(day)}
                  >
                    Copy to all days
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Holiday closures: whole days closed (statutory holidays, stocktaking). */
export function HolidayFields({ form, errors, onChange }: FieldsProps) {
  return (
    <fieldset className="mys-fieldset">
      <legend>Holiday closures</legend>
      {form.holidays.length === 0 ? <p className="mys-muted">No closures planned.</p> : null}
      {form.holidays.map((holiday, index) => {
        const update = (part: 'date' | 'name', value: string) =>
          onChange(
            'holidays',
            form.holidays.map((old, i) => (i === index ? { ...old, [part]: value } : old)),
          );
        const n = index + 1;
        const error = errors[`holidays.${index}.date`] ?? errors[`holidays.${index}.name`];
        return (
          <div key={index} className="mys-interval">
            <input
              type="date"
              aria-label={`Closed on (${n})`}
              value={holiday.date}
              onChange={(event) => update('date', event.target.value)}
            />
            <input
              type="text"
              aria-label={`Reason (${n})`}
              placeholder="Christmas Day"
              value={holiday.name}
              onChange={(event) => update('name', event.target.value)}
            />
            <button
              type="button"
              className="mys-link-button"
              aria-label={`Remove closure ${n}`}
              onClick={() =>
                onChange(
                  'holidays',
                  form.holidays.filter((_, i) => i !== index),
                )
              }
            >
              Remove
            </button>
            {error ? <span className="mys-field-error">{error}</span> : null}
          </div>
        );
      })}
      <button
        type="button"
        className="mys-button-secondary"
        onClick={() => onChange('holidays', [...form.holidays, { date: '', name: '' }])}
      >
        Add a closure
      </button>
    </fieldset>
  );
}

/** Step 4 / Fulfilment: the three options, delivery terms, pickup promise and tax rate. */
export function FulfilmentFields({ form, errors, onChange }: FieldsProps) {
  const pickup = form.reservePickup || form.buyOnlinePickup;
  return (
    <>
      <fieldset className="mys-fieldset">
        <legend>How shoppers can get your items</legend>
        <label className="mys-check">
          <input
            type="checkbox"
            checked={form.reservePickup}
            onChange={(event) => onChange('reservePickup', event.target.checked)}
          />
          Reserve for pickup (pay in store)
        </label>
        <label className="mys-check">
          <input
            type="checkbox"
            checked={form.buyOnlinePickup}
            onChange={(event) => onChange('buyOnlinePickup', event.target.checked)}
          />
          Buy online, pick up in store
        </label>
        <label className="mys-check">
          <input
            type="checkbox"
            checked={form.sameDayDelivery}
            onChange={(event) => onChange('sameDayDelivery', event.target.checked)}
          />
          Same-day delivery
        </label>
        <FieldError id="fulfilment-error" message={errors.fulfilment} />
      </fieldset>
      {form.sameDayDelivery ? (
        <fieldset className="mys-fieldset">
          <legend>Delivery terms</legend>
          <div className="mys-form-grid">
            <TextField
              label="Delivery radius (km)"
              value={form.radiusKm}
              onChange={(value) => onChange('radiusKm', value)}
              error={errors.radiusKm}
              inputMode="decimal"
            />
            <TextField
              label={`Delivery fee (${form.currency})`}
              value={form.deliveryFee}
              onChange={(value) => onChange('deliveryFee', value)}
              error={errors.deliveryFee}
              inputMode="decimal"
            />
            <TextField
              label={`Minimum order (${form.currency})`}
              value={form.minimumOrder}
              onChange={(value) => onChange('minimumOrder', value)}
              error={errors.minimumOrder}
              inputMode="decimal"
            />
            <TextField
              label="Daily cut-off time"
              type="time"
              value={form.cutoffTime}
              onChange={(value) => onChange('cutoffTime', value)}
              error={errors.cutoffTime}
              hint="Orders after it are delivered the next day"
            />
          </div>
          <FieldError id="delivery-error" message={errors.delivery} />
        </fieldset>
      ) : null}
      <div className="mys-form-grid">
        {pickup ? (
          <TextField
            label="Pickup ready in (minutes)"
            value={form.pickupReadyMinutes}
            onChange={(value) => onChange('pickupReadyMinutes', value)}
            error={errors.pickupReadyMinutes}
            inputMode="numeric"
            hint="How long an order usually takes to be ready"
          />
        ) : null}
        {pickup ? (
          <TextField
            label="Hold pickups for (hours)"
            value={form.noShowHoldHours}
            onChange={(value) => onChange('noShowHoldHours', value)}
            error={errors.noShowHoldHours}
            inputMode="decimal"
            hint={`After the ready-by time, before you may mark an order not picked up. Empty: ${TERMS.noShowHoldHours} h, as the terms say.`}
          />
        ) : null}
        <TextField
          label="Sales tax rate (%)"
          value={form.taxRate}
          onChange={(value) => onChange('taxRate', value)}
          error={errors.taxRate}
          inputMode="decimal"
          hint="13 for Ontario HST"
        />
      </div>
    </>
  );
}
