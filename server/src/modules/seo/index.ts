/**
 * Server-rendered SEO tags. A feature adds its public pages with registerSeoPage (see registry.ts);
 * PageRenderer (html.ts) fills index.html for every GET that is not an API call or a built file; LivePages
 * (live-pages.ts) keeps it on the index.html now on disk.
 */
export { registerSeoPage, registerSeoTemplate, defaultSeoTemplate, type SeoPage, type SeoMatch, type SeoVars } from './registry.ts';
export { renderSeoTemplate, DEFAULT_SEO_TEMPLATES } from './templates.ts';
export { PageRenderer } from './html.ts';
export { LivePages } from './live-pages.ts';
