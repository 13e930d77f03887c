export * from './lists-constants.ts';
export * from './lists-messages.ts';
export * from './lists-paths.ts';
export * from './lists-schemas.ts';
