export * from './live-events.ts';
export * from './live-paths.ts';
export * from './notifications.ts';
export * from './notification-messages.ts';
export * from './store-alerts.ts';
