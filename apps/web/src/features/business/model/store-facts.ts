import {
  formatDayHours,
  formatPrice,
  pickupPromiseLabel,
  WEEKDAYS,
  type BusinessDetail,
  type PostalAddress,
  type Weekday,
} from '@localmart/contract';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The hours table: Monday first, each day's intervals in the contract's wording. */
export function hoursRows(hours: BusinessDetail['hours']): { day: string; hours: string }[] {
  return WEEKDAYS.map((day) => ({ day: DAY_NAMES[day], hours: formatDayHours(hours.weekly[day]) }));
}

/** '120 King St W, Unit 4, Toronto, ON M5H 1J9' */
export function addressText(address: PostalAddress): string {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

/** The fulfilment lines of the store page, in the order a shopper decides by. */
export function fulfilmentLines(business: BusinessDetail, locale?: string): string[] {
  const lines: string[] = [];
  const { reservePickup, buyOnlinePickup, sameDayDelivery } = business.fulfilment;
  if (reservePickup || buyOnlinePickup) {
    const ways = [reservePickup && 'reserve', buyOnlinePickup && 'buy online'].filter(Boolean);
    const promise =
      business.pickupReadyMinutes !== null
        ? ` · ${pickupPromiseLabel(business.pickupReadyMinutes)}`
        : '';
    lines.push(`In-store pickup (${ways.join(' or ')})${promise}`);
  }
  const delivery = business.delivery;
  if (sameDayDelivery && delivery) {
    lines.push(
      `Same-day delivery within ${delivery.radiusKm} km · ${formatPrice(delivery.fee, locale)} fee · ` +
        `${formatPrice(delivery.minimumOrder, locale)} minimum · order by ${delivery.cutoffTime}`,
    );
  }
  return lines;
}
