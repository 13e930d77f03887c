import {
  type AppointmentBreak,
  type ManagedAvailability,
  type ServiceAvailability,
  WEEKDAYS,
  type Weekday,
  type WeeklyHours,
} from '@localmart/contract';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useManagedStore } from '../../lib/managed-store-api.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import '../../components/buttons.css';
import { ManagePage } from '../../shell/manage-page.tsx';
import { useAvailability, useSaveAvailability } from './appointments-api.ts';
import './appointments.css';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const STORE_HOURS_LABEL = "Same as the store's opening hours";
export const OWN_HOURS_LABEL = 'Set hours for this service';
export const SAVE_LABEL = 'Save availability';

/** One window a day on this form (the first of the store's, when starting from its hours). */
interface DayRow {
  open: boolean;
  from: string;
  to: string;
}

function rowsOf(weekly: WeeklyHours | null | undefined): Record<Weekday, DayRow> {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const first = weekly?.[day][0];
      return [
        day,
        first
          ? { open: true, from: first.open, to: first.close === '24:00' ? '23:59' : first.close }
          : { open: weekly ? false : day !== 'sun', from: '09:00', to: '17:00' },
      ];
    }),
  ) as Record<Weekday, DayRow>;
}

function weeklyOf(rows: Record<Weekday, DayRow>): WeeklyHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      rows[day].open ? [{ open: rows[day].from, close: rows[day].to }] : [],
    ]),
  ) as WeeklyHours;
}

/** A service's availability (issue 15): when it can be booked, in slots of a length and a size. */
export function AvailabilityPage() {
  const store = useCurrentStore();
  const { serviceId = '' } = useParams();
  const query = useAvailability(store.businessId, serviceId);
  const back = (
    <Link className="mys-plain-button" to={sitePaths.store(store.businessId, 'appointments')}>
      All appointments
    </Link>
  );
  return (
    <ManagePage
      title={query.data ? `Availability: ${query.data.serviceName}` : 'Availability'}
      subtitle="When shoppers can book this service, how many at a time, and until when they may change."
      actions={back}
    >
      <QueryStates query={query} loadingLabel="Loading availability…">
        {(loaded) => (
          <AvailabilityForm key={loaded.serviceId} businessId={store.businessId} loaded={loaded} />
        )}
      </QueryStates>
    </ManagePage>
  );
}

function AvailabilityForm({
  businessId,
  loaded,
}: {
  businessId: string;
  loaded: ManagedAvailability;
}) {
  const storeRecord = useManagedStore(businessId);
  const save = useSaveAvailability(businessId, loaded.serviceId);
  const start = loaded.availability;
  const [ownHours, setOwnHours] = useState(start.weekly !== null);
  const [rows, setRows] = useState<Record<Weekday, DayRow> | null>(
    start.weekly ? rowsOf(start.weekly) : null,
  );
  const [slotMinutes, setSlotMinutes] = useState(String(start.slotMinutes));
  const [capacity, setCapacity] = useState(String(start.capacity));
  const [cutoffHours, setCutoffHours] = useState(String(start.cutoffHours));
  const [breaks, setBreaks] = useState<AppointmentBreak[]>(start.breaks);
  const [closures, setClosures] = useState<string[]>(start.closures);
  const [newClosure, setNewClosure] = useState('');
  const [saved, setSaved] = useState(false);

  // The week starts from the store's opening hours the first time the owner sets its own.
  const shownRows = rows ?? rowsOf(storeRecord.data?.hours.weekly);

  function patchRow(day: Weekday, patch: Partial<DayRow>) {
    setRows({ ...shownRows, [day]: { ...shownRows[day], ...patch } });
    setSaved(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const body: ServiceAvailability = {
      weekly: ownHours ? weeklyOf(shownRows) : null,
      slotMinutes: Number(slotMinutes),
      capacity: Number(capacity),
      breaks,
      closures,
      cutoffHours: Number(cutoffHours),
    };
    save.mutate(body, { onSuccess: () => setSaved(true) });
  }

  return (
    <form className="mys-card ma-form" onSubmit={submit} noValidate>
      {!loaded.saved && (
        <p className="mo-muted">
          Not set yet: shoppers can book during the store&apos;s opening hours, one at a time, in
          slots as long as the service.
        </p>
      )}
      <fieldset className="ma-fieldset">
        <legend>Hours</legend>
        <label className="ma-radio">
          <input
            type="radio"
            name="hours"
            checked={!ownHours}
            onChange={() => {
              setOwnHours(false);
              setSaved(false);
            }}
          />
          {STORE_HOURS_LABEL}
        </label>
        <label className="ma-radio">
          <input
            type="radio"
            name="hours"
            checked={ownHours}
            onChange={() => {
              setOwnHours(true);
              setRows(shownRows);
              setSaved(false);
            }}
          />
          {OWN_HOURS_LABEL}
        </label>
        {ownHours && (
          <table className="mys-table ma-week">
            <tbody>
              {WEEKDAYS.map((day) => (
                <tr key={day}>
                  <th scope="row">
                    <label className="ma-day">
                      <input
                        type="checkbox"
                        checked={shownRows[day].open}
                        onChange={(event) => patchRow(day, { open: event.target.checked })}
                      />
                      {DAY_NAMES[day]}
                    </label>
                  </th>
                  <td>
                    {shownRows[day].open ? (
                      <span className="ma-times">
                        <input
                          type="time"
                          aria-label={`${DAY_NAMES[day]} from`}
                          value={shownRows[day].from}
                          onChange={(event) => patchRow(day, { from: event.target.value })}
                        />
                        <span aria-hidden="true">to</span>
                        <input
                          type="time"
                          aria-label={`${DAY_NAMES[day]} to`}
                          value={shownRows[day].to}
                          onChange={(event) => patchRow(day, { to: event.target.value })}
                        />
                      </span>
                    ) : (
                      <span className="mo-muted">No bookings</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </fieldset>

      <div className="mys-form-grid">
        <label className="mys-field">
          <span>Slot length (minutes)</span>
          <input
            type="number"
            inputMode="numeric"
            min={5}
            step={5}
            value={slotMinutes}
            onChange={(event) => setSlotMinutes(event.target.value)}
          />
        </label>
        <label className="mys-field">
          <span>Places per slot</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            value={capacity}
            onChange={(event) => setCapacity(event.target.value)}
          />
        </label>
        <label className="mys-field">
          <span>Shoppers may change or cancel until (hours before)</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            value={cutoffHours}
            onChange={(event) => setCutoffHours(event.target.value)}
          />
        </label>
      </div>

      <fieldset className="ma-fieldset">
        <legend>Breaks (every day)</legend>
        {breaks.length === 0 && <p className="mo-muted">No breaks.</p>}
        {breaks.map((pause, index) => (
          <div key={index} className="ma-times">
            <input
              type="time"
              aria-label={`Break ${index + 1} from`}
              value={pause.start}
              onChange={(event) =>
                setBreaks(
                  breaks.map((b, i) => (i === index ? { ...b, start: event.target.value } : b)),
                )
              }
            />
            <span aria-hidden="true">to</span>
            <input
              type="time"
              aria-label={`Break ${index + 1} to`}
              value={pause.end}
              onChange={(event) =>
                setBreaks(
                  breaks.map((b, i) => (i === index ? { ...b, end: event.target.value } : b)),
                )
              }
            />
            <button
              type="button"
              className="mys-plain-button mys-plain-button-small mys-plain-button-danger"
              onClick={() => setBreaks(breaks.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="mys-plain-button"
          onClick={() => setBreaks([...breaks, { start: '12:00', end: '13:00' }])}
        >
          Add a break
        </button>
      </fieldset>

      <fieldset className="ma-fieldset">
        <legend>Closed days</legend>
        {closures.length === 0 && (
          <p className="mo-muted">None (the store&apos;s holidays close too).</p>
        )}
        <ul className="ma-closures">
          {closures.map((date) => (
            <li key={date}>
              {date}{' '}
              <button
                type="button"
                className="mys-plain-button mys-plain-button-small mys-plain-button-danger"
                onClick={() => setClosures(closures.filter((other) => other !== date))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <span className="ma-times">
          <input
            type="date"
            aria-label="Closed day"
            value={newClosure}
            onChange={(event) => setNewClosure(event.target.value)}
          />
          <button
            type="button"
            className="mys-plain-button"
            disabled={newClosure === ''}
            onClick={() => {
              if (!closures.includes(newClosure)) setClosures([...closures, newClosure].sort());
              setNewClosure('');
            }}
          >
            Add closed day
          </button>
        </span>
      </fieldset>

      {save.error && (
        <p className="mys-field-error" role="alert">
          {save.error.message}
        </p>
      )}
      {saved && (
        <p className="ma-saved" role="status">
          Availability saved.
        </p>
      )}
      <button type="submit" className="mys-action-button" disabled={save.isPending}>
        {SAVE_LABEL}
      </button>
    </form>
  );
}
