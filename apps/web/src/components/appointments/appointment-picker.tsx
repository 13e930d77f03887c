import type { AppointmentDay, AppointmentSlot, ServiceSlots } from '@localmart/contract';
import { useId, useState } from 'react';
import './appointment-picker.css';

export const PICKER_HEADING = 'Pick a date and time';
export const NO_TIMES_THAT_DAY = 'No times this day. Try another day.';
export const NO_TIMES_AT_ALL = 'No times can be booked in the next two weeks.';

/** What a slot's button says under its time. */
export function placesLabel(slot: AppointmentSlot): string {
  if (slot.remaining === 0) return 'Full';
  if (slot.capacity === 1) return 'Free';
  return `${slot.remaining} left`;
}

function dayNote(day: AppointmentDay): string {
  if (day.slots.length === 0) return 'Closed';
  const free = day.slots.filter((slot) => slot.remaining > 0).length;
  return free === 0 ? 'Full' : `${free} free`;
}

function firstOpenDay(days: readonly AppointmentDay[]): string | null {
  return days.find((day) => day.slots.some((slot) => slot.remaining > 0))?.date ?? null;
}

export interface AppointmentPickerProps {
  slots: ServiceSlots;
  /** The picked slot's start, or null. */
  value: string | null;
  onChange: (slot: AppointmentSlot) => void;
}

/**
 * The appointment picker (issue 15): a strip of days (the next two weeks, with how many times are
 * free) and the chosen day's times as a grid, each with its places left; a fully booked time is
 * shown but cannot be picked. Phone first: the strip scrolls sideways, the grid wraps.
 */
export function AppointmentPicker({ slots, value, onChange }: AppointmentPickerProps) {
  const headingId = useId();
  const pickedDay = value
    ? slots.days.find((day) => day.slots.some((slot) => slot.startsAt === value))?.date
    : undefined;
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const dayKey = chosenDay ?? pickedDay ?? firstOpenDay(slots.days) ?? slots.days[0]?.date ?? null;
  const day = slots.days.find((candidate) => candidate.date === dayKey);
  const anyOpen = firstOpenDay(slots.days) !== null;

  return (
    <section className="lm-appt" aria-labelledby={headingId}>
      <h3 id={headingId} className="lm-appt-heading">
        {PICKER_HEADING}
      </h3>
      {!anyOpen && <p className="lm-appt-empty">{NO_TIMES_AT_ALL}</p>}
      <div className="lm-appt-days" role="radiogroup" aria-label="Day">
        {slots.days.map((candidate) => {
          const selected = candidate.date === dayKey;
          return (
            <button
              key={candidate.date}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={`${candidate.weekday} ${candidate.month} ${candidate.dayOfMonth}, ${dayNote(candidate)}`}
              className="lm-appt-day"
              onClick={() => setChosenDay(candidate.date)}
            >
              <span className="lm-appt-day-name">{candidate.weekday}</span>
              <span className="lm-appt-day-number">{candidate.dayOfMonth}</span>
              <span className="lm-appt-day-note">{dayNote(candidate)}</span>
            </button>
          );
        })}
      </div>
      {day && (
        <>
          <p className="lm-appt-date">
            {day.weekday} {day.month} {day.dayOfMonth}
          </p>
          {day.slots.length === 0 ? (
            <p className="lm-appt-empty">{NO_TIMES_THAT_DAY}</p>
          ) : (
            <div
              className="lm-appt-times"
              role="radiogroup"
              aria-label={`Times on ${day.weekday} ${day.month} ${day.dayOfMonth}`}
            >
              {day.slots.map((slot) => {
                const full = slot.remaining === 0;
                return (
                  <button
                    key={slot.startsAt}
                    type="button"
                    role="radio"
                    aria-checked={slot.startsAt === value}
                    aria-label={`${slot.time}, ${full ? 'fully booked' : placesLabel(slot)}`}
                    className="lm-appt-time"
                    disabled={full}
                    onClick={() => onChange(slot)}
                  >
                    <span className="lm-appt-time-clock">{slot.time}</span>
                    <span className="lm-appt-time-places">{placesLabel(slot)}</span>
                  </button>
                );
              })}
            </div>
          )}
        </>
      )}
    </section>
  );
}
