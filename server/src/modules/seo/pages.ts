import { registerSeoPage } from './registry.ts';
import { seoTags } from './templates.ts';

/**
 * SEO pages of the appearance slice. Other features register theirs the same way from their own
 * module (e.g. registerSeoPage({ key: 'title', pattern: '/titles/:id', resolve: loadTitleVars })).
 */
registerSeoPage({ key: 'landing', pattern: '/', resolve: () => ({}) });

/** The public shell's own pages: generic tags with the page's name, as the page's heading reads. */
const shellPage = (key: string, pattern: string, title: string) => registerSeoPage({
  key, pattern, resolve: () => ({}),
  template: seoTags(`${title} - {{site_name}}`, '{{site_description}}', '{{site_image}}', 'website', 'summary'),
});
shellPage('contact', '/contact', 'Contact us');
shellPage('login', '/login', 'Sign in to your account');
shellPage('register', '/register', 'Create a new account');
