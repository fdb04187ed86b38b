export * from './list.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './permissions.ts';
export * from './i18n.ts';
export * from './roles.ts';
export * from './settings.ts';
export * from './search.ts';
