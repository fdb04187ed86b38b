import { SEO_PLACEHOLDER, registerSeoTemplate } from './registry.ts';
import { escapeMarkup } from '../../lib/escape.ts';

/**
 * The tags every page template starts with: title, description, canonical URL, Open Graph and Twitter card. Pages
 * whose image is the site's (lists, channels, shells) take the small card; a page with a picture of its own, the large.
 */
export const seoTags = (title: string, description: string, image: string, type = 'website', card: 'summary' | 'summary_large_image' | `{{${string}}}` = 'summary_large_image') => `<title>${title}</title>
<meta name="description" content="${description}">
<link rel="canonical" href="{{url}}">
<meta property="og:site_name" content="{{site_name}}">
<meta property="og:url" content="{{url}}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:type" content="${type}">
<meta property="og:image" content="${image}">
<meta name="twitter:card" content="${card}">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
<meta name="twitter:image" content="${image}">`;

/**
 * Built-in SEO templates per page key. `{{path}}` prints an HTML-escaped value; `{{json path}}` prints it as
 * a JSON string safe inside <script>. Operators override them in /admin/appearance/seo-settings. The catalogue
 * pages (catalogue-pages.ts), the watch page (videos/seo.ts) and the news (news/seo.ts) register theirs beside their resolvers.
 */
export const DEFAULT_SEO_TEMPLATES: Record<string, string> = {
  generic: seoTags('{{site_name}}', '{{site_description}}', '{{site_image}}'),
  landing: `${seoTags('{{site_name}} - {{site_description}}', '{{site_description}}', '{{site_image}}')}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":{{json site_name}},"description":{{json site_description}},"url":{{json base_url}},"potentialAction":{"@type":"SearchAction","target":{"@type":"EntryPoint","urlTemplate":{{json search_url}}},"query-input":"required name=search_term_string"}}</script>`,
};
for (const [key, template] of Object.entries(DEFAULT_SEO_TEMPLATES)) registerSeoTemplate(key, template);

const escapeJson = (v: unknown) => JSON.stringify(v ?? '').replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

function lookup(vars: Record<string, unknown>, path: string): unknown {
  let cur: unknown = vars;
  for (const part of path.split('.')) {
    // Own values only: a template (an operator's text) naming `constructor` or `__proto__` prints nothing.
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Fills a template. Unknown paths print as empty text; values are always escaped for where they land. */
export function renderSeoTemplate(template: string, vars: Record<string, unknown>): string {
  return template.replace(SEO_PLACEHOLDER, (_, json: string | undefined, path: string) => {
    const value = lookup(vars, path);
    if (json) return escapeJson(value === undefined || value === null ? '' : typeof value === 'object' ? value : String(value));
    return value === undefined || value === null ? '' : escapeMarkup(String(value));
  });
}
