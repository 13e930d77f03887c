import {
  closesNextDay,
  formatDayHours,
  parseLocalDate,
  shortDateLabel,
  timeZoneChoices,
  timeZoneForAddress,
  WEEKDAYS,
} from '@localmart/contract';
import { useId, useMemo } from 'react';
import { FieldError, type FieldsProps, HolidayFields, WeeklyHoursFields } from './store-fields.tsx';
import {
  type IntervalInput,
  type SpecialHoursInput,
  type StoreForm,
  WEEKDAY_LABELS,
} from './store-form-model.ts';
import './store-fields.css';

/**
 * The hours of a store as onboarding and settings edit them: the week, special hours for date
 * ranges, holiday closures and the time zone, chosen from a list that starts with the zone of the
 * store's address.
 */
export function HoursFields(props: FieldsProps) {
  return (
    <>
      <WeeklyHoursFields {...props} />
      <SpecialHoursFields {...props} />
      <HolidayFields {...props} />
      <TimeZoneField {...props} />
    </>
  );
}

const DATE_WORDS = (text: string) => {
  const date = parseLocalDate(text);
  return date ? shortDateLabel(date) : text;
};

function IntervalRow({
  interval,
  label,
  onChange,
  onRemove,
}: {
  interval: IntervalInput;
  label: string;
  onChange: (interval: IntervalInput) => void;
  onRemove: (() => void) | null;
}) {
  return (
    <div className="mys-interval">
      <input
        type="time"
        aria-label={`${label} opens`}
        value={interval.open}
        onChange={(event) => onChange({ ...interval, open: event.target.value })}
      />
      <span aria-hidden="true">–</span>
      <input
        type="time"
        aria-label={`${label} closes`}
        value={interval.close}
        onChange={(event) => onChange({ ...interval, close: event.target.value })}
      />
      {closesNextDay(interval) ? <span className="mys-next-day">next day</span> : null}
      {onRemove ? (
        <button
          type="button"
          className="mys-link-button"
          aria-label={`Remove ${label} hours`}
          onClick={onRemove}
        >
          Remove
        </button>
      ) : null}
    </div>
  );
}

/** Special hours: a date range whose days follow other hours (holiday season) or stay closed. */
export function SpecialHoursFields({ form, errors, onChange }: FieldsProps) {
  const setRange = (index: number, range: SpecialHoursInput) =>
    onChange(
      'special',
      form.special.map((old, i) => (i === index ? range : old)),
    );
  return (
    <fieldset className="mys-fieldset">
      <legend>Special hours</legend>
      <p className="mys-field-hint">
        For a holiday season, summer hours or a renovation: on these dates, these hours replace the
        weekly ones.
      </p>
      {form.special.length === 0 ? <p className="mys-muted">No special hours planned.</p> : null}
      {form.special.map((range, index) => {
        const n = index + 1;
        const closed = range.intervals.length === 0;
        const errorKey = Object.keys(errors).find((key) => key.startsWith(`special.${index}.`));
        const error = errorKey ? errors[errorKey] : undefined;
        const errorId = `special-${index}-error`;
        return (
          <div key={index} className="mys-special" role="group" aria-label={`Special hours ${n}`}>
            <div className="mys-special-dates">
              <label>
                From
                <input
                  type="date"
                  value={range.from}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => setRange(index, { ...range, from: event.target.value })}
                />
              </label>
              <label>
                To
                <input
                  type="date"
                  value={range.to}
                  min={range.from || undefined}
                  onChange={(event) => setRange(index, { ...range, to: event.target.value })}
                />
              </label>
              <label>
                Name (optional)
                <input
                  type="text"
                  placeholder="Holiday hours"
                  value={range.name}
                  onChange={(event) => setRange(index, { ...range, name: event.target.value })}
                />
              </label>
            </div>
            <label className="mys-check">
              <input
                type="checkbox"
                checked={closed}
                onChange={(event) =>
                  setRange(index, {
                    ...range,
                    intervals: event.target.checked ? [] : [{ open: '09:00', close: '17:00' }],
                  })
                }
              />
              Closed on these dates
            </label>
            {range.intervals.map((interval, at) => (
              <IntervalRow
                key={at}
                interval={interval}
                label={`Special hours ${n}${at > 0 ? ` (${at + 1})` : ''}`}
                onChange={(next) =>
                  setRange(index, {
                    ...range,
                    intervals: range.intervals.map((old, i) => (i === at ? next : old)),
                  })
                }
                onRemove={
                  at > 0
                    ? () =>
                        setRange(index, {
                          ...range,
                          intervals: range.intervals.filter((_, i) => i !== at),
                        })
                    : null
                }
              />
            ))}
            <div className="mys-hours-row-actions">
              {!closed && range.intervals.length < 6 ? (
                <button
                  type="button"
                  className="mys-link-button"
                  onClick={() =>
                    setRange(index, {
                      ...range,
                      intervals: [...range.intervals, { open: '17:00', close: '21:00' }],
                    })
                  }
                >
                  Add hours
                </button>
              ) : null}
              <button
                type="button"
                className="mys-link-button"
                aria-label={`Remove special hours ${n}`}
                onClick={() =>
                  onChange(
                    'special',
                    form.special.filter((_, i) => i !== index),
                  )
                }
              >
                Remove these dates
              </button>
            </div>
            <FieldError id={errorId} message={error} />
          </div>
        );
      })}
      <button
        type="button"
        className="mys-button-secondary"
        onClick={() =>
          onChange('special', [
            ...form.special,
            { from: '', to: '', name: '', intervals: [{ open: '09:00', close: '17:00' }] },
          ])
        }
      >
        Add special hours
      </button>
    </fieldset>
  );
}

/** The store's time zone, from a list; the zone of its address first and marked as suggested. */
export function TimeZoneField({ form, errors, onChange }: FieldsProps) {
  const id = useId();
  const suggested = timeZoneForAddress(form.country, form.region);
  const choices = useMemo(
    () => timeZoneChoices([...(suggested ? [suggested] : []), form.timeZone].filter(Boolean)),
    [suggested, form.timeZone],
  );
  const errorId = `${id}-error`;
  return (
    <div className="mys-form-grid">
      <div className="mys-field">
        <label htmlFor={id}>Time zone</label>
        <select
          id={id}
          value={form.timeZone}
          aria-invalid={errors.timeZone ? true : undefined}
          aria-describedby={errors.timeZone ? errorId : undefined}
          onChange={(event) => onChange('timeZone', event.target.value)}
        >
          {choices.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
              {zone === suggested ? ' (suggested for your address)' : ''}
            </option>
          ))}
        </select>
        <FieldError id={errorId} message={errors.timeZone} />
      </div>
    </div>
  );
}

/** When the address changes, a time zone still on the old address's suggestion follows it. */
export function followAddressTimeZone(form: StoreForm, next: StoreForm): StoreForm {
  const before = timeZoneForAddress(form.country, form.region);
  const after = timeZoneForAddress(next.country, next.region);
  if (!after || after === before || (before !== null && form.timeZone !== before)) return next;
  return { ...next, timeZone: after };
}

/** The hours as the review step reads them: the week, then special hours and closures. */
export function HoursReview({ form }: { form: StoreForm }) {
  return (
    <>
      <ul>
        {WEEKDAYS.map((day) => (
          <li key={day}>
            {WEEKDAY_LABELS[day]}: {formatDayHours(form.weekly[day])}
            {form.weekly[day].some(closesNextDay) ? ' (closes the next day)' : ''}
          </li>
        ))}
      </ul>
      {form.special.length > 0 ? (
        <>
          <p>Special hours</p>
          <ul>
            {form.special.map((range, index) => (
              <li key={index}>
                {range.name ? `${range.name}: ` : ''}
                {DATE_WORDS(range.from)}
                {range.to && range.to !== range.from ? ` to ${DATE_WORDS(range.to)}` : ''}:{' '}
                {formatDayHours(range.intervals)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        {form.holidays.length === 0
          ? 'No closures planned.'
          : `Closed: ${form.holidays
              .map(
                (holiday) =>
                  `${DATE_WORDS(holiday.date)}${holiday.name ? ` (${holiday.name})` : ''}`,
              )
              .join(', ')}`}
      </p>
    </>
  );
}
