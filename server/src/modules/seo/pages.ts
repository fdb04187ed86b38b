import { registerSeoPage } from './registry.ts';

/**
 * SEO pages of the appearance slice. Other features register theirs the same way from their own
 * module (e.g. registerSeoPage({ key: 'title', pattern: '/titles/:id', resolve: loadTitleVars })).
 */
registerSeoPage({ key: 'landing', pattern: '/', resolve: () => ({}) });

/** The public shell's own pages: generic tags with the page's name, as the page's heading reads. */
const shellPage = (key: string, pattern: string, title: string) => registerSeoPage({
  key, pattern, resolve: () => ({}),
  template: `<title>${title} - {{site_name}}</title>
<meta name="description" content="{{site_description}}">
<link rel="canonical" href="{{url}}">
<meta property="og:site_name" content="{{site_name}}">
<meta property="og:url" content="{{url}}">
<meta property="og:title" content="${title} - {{site_name}}">
<meta property="og:description" content="{{site_description}}">
<meta property="og:type" content="website">
<meta property="og:image" content="{{site_image}}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${title} - {{site_name}}">
<meta name="twitter:description" content="{{site_description}}">`,
});
shellPage('contact', '/contact', 'Contact us');
shellPage('login', '/login', 'Sign in to your account');
shellPage('register', '/register', 'Create a new account');
