export * from './common.ts';
export * from './tags.ts';
