import { registerSeoPage } from './registry.ts';

/**
 * SEO pages of the appearance slice. Other features register theirs the same way from their own
 * module (e.g. registerSeoPage({ key: 'title', pattern: '/titles/:id', resolve: loadTitleVars })).
 */
registerSeoPage({ key: 'landing', pattern: '/', resolve: () => ({}) });
