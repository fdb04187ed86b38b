export * from './common.ts';
export * from './tags.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './billing.ts';
export * from './roles.ts';
export * from './localizations.ts';
