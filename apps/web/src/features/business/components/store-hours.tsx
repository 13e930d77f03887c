import type { BusinessDetail } from '@localmart/contract';
import { hoursRows } from '../model/store-facts.ts';

/** The weekly hours table, Monday first, with holiday closures listed under it. */
export function StoreHours({ hours }: { hours: BusinessDetail['hours'] }) {
  return (
    <>
      <table className="lm-hours">
        <caption className="lm-visually-hidden">Opening hours</caption>
        <tbody>
          {hoursRows(hours).map((row) => (
            <tr key={row.day}>
              <th scope="row">{row.day}</th>
              <td>{row.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hours.holidays.length > 0 && (
        <p className="lm-hours-holidays">
          Closed{' '}
          {hours.holidays
            .slice(0, 5)
            .map((holiday) => (holiday.name ? `${holiday.date} (${holiday.name})` : holiday.date))
            .join(', ')}
        </p>
      )}
    </>
  );
}
