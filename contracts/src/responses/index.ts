export * from './common.ts';
export * from './tags.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './titles.ts';
export * from './title-tags.ts';
export * from './people.ts';
