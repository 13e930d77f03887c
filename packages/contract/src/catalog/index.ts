export * from './business-minutes.ts';
export * from './catalog-labels.ts';
export * from './catalog-paths.ts';
export * from './countries.ts';
export * from './postal-codes.ts';
export * from './time-zones.ts';
export * from './geo.ts';
export * from './money.ts';
export * from './offer-price.ts';
export * from './opening-hours.ts';
export * from './places.ts';
export * from './schemas/business.ts';
export * from './schemas/category.ts';
export * from './schemas/common.ts';
export * from './schemas/contact.ts';
export * from './schemas/flyer.ts';
export * from './schemas/food.ts';
export * from './schemas/location.ts';
export * from './schemas/opening-hours.ts';
export * from './schemas/product.ts';
export * from './schemas/queries.ts';
export * from './schemas/service.ts';
export * from './stock.ts';
export {
  addDays,
  dayOfWeek,
  daysBetween,
  formatClock,
  formatLocalDate,
  fromLocalDateTime,
  isValidTimeZone,
  type LocalDate,
  MINUTE_MS,
  type LocalDateTime,
  parseLocalDate,
  toLocalDate,
  toLocalDateTime,
  zoneOffsetMs,
} from './zoned-time.ts';
export * from './gtin.ts';
