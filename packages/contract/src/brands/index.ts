export * from './brand-partners.ts';
