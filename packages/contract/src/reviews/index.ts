export * from './rating.ts';
export * from './review-constants.ts';
export * from './review-messages.ts';
export * from './review-paths.ts';
export * from './review-schemas.ts';
