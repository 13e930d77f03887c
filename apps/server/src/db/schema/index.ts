// Every table of the app, one file per domain. drizzle-kit reads this file (drizzle.config.ts).
export * from './cms.ts';
export * from './settings.ts';
