import type { BusinessDetail } from '@localmart/contract';
import { hoursRows, upcomingHolidayLines, upcomingSpecialLines } from '../model/store-facts.ts';

export const TODAY_MARK = 'Today';

/**
 * The weekly hours table, Monday first, today's row highlighted (on the store's clock), with the
 * upcoming holiday closures listed under it.
 */
export function StoreHours({ hours, now }: { hours: BusinessDetail['hours']; now?: Date }) {
  const at = now ?? new Date();
  const holidays = upcomingHolidayLines(hours, at);
  const special = upcomingSpecialLines(hours, at);
  return (
    <>
      <table className="lm-hours">
        <caption className="lm-visually-hidden">Opening hours</caption>
        <tbody>
          {hoursRows(hours, at).map((row) => (
            <tr
              key={row.day}
              className={row.today ? 'lm-hours-today' : undefined}
              aria-current={row.today ? 'date' : undefined}
            >
              <th scope="row">
                {row.day}
                {row.today && (
                  <>
                    {' '}
                    <span className="lm-hours-today-mark">{TODAY_MARK}</span>
                  </>
                )}
              </th>
              <td>{row.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {special.length > 0 && (
        <section className="lm-hours-holidays" aria-label="Special hours">
          <h4 className="lm-hours-holidays-heading">Special hours</h4>
          <ul>
            {special.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {holidays.length > 0 && (
        <section className="lm-hours-holidays" aria-label="Holiday closures">
          <h4 className="lm-hours-holidays-heading">Holiday closures</h4>
          <ul>
            {holidays.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
