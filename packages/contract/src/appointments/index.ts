export * from './appointment-constants.ts';
export * from './appointment-messages.ts';
export * from './appointment-paths.ts';
export * from './appointment-schemas.ts';
export * from './appointment-slots.ts';
