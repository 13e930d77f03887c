// Every table of the app, one file per domain. drizzle-kit reads this file (drizzle.config.ts).
export * from './accounts.ts';
export * from './cms.ts';
export * from './mail.ts';
export * from './media.ts';
export * from './rate-limit.ts';
export * from './settings.ts';
export * from './catalog.ts';
export * from './commerce.ts';
export * from './manage.ts';
export * from './notifications.ts';
export * from './live.ts';
export * from './fulfilment.ts';
export * from './appointments.ts';
