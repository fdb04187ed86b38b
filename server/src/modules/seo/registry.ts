import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Values a template can print: `{{site_name}}`, `{{title.name}}` and so on. */
export type SeoVars = Record<string, unknown>;

export interface SeoMatch {
  /** Named segments of the pattern, e.g. { id: '12' } for '/titles/:id'. */
  params: Record<string, string>;
  pathname: string;
  query: URLSearchParams;
  req: FastifyRequest;
  /** The language the page is in (the visitor's choice, cookie or the site's default), for text a template prints. */
  language: string;
}

/**
 * One public page the server renders SEO tags for. `key` names its template (one of SEO_PAGE_KEYS,
 * editable in /admin/appearance/seo-settings, or a feature's own key with `template` as its default).
 * `resolve` loads what the template prints; null means "no such thing" and the page gets the generic tags.
 */
export interface SeoPage {
  key: string;
  pattern: string;
  template?: string;
  resolve(ctx: AppContext, match: SeoMatch): Promise<SeoVars | null> | SeoVars | null;
}

interface Compiled extends SeoPage { regex: RegExp; names: string[] }

const pages: Compiled[] = [];
const templates = new Map<string, string>();

/** Compiles '/titles/:id/season/:season' into a regex with named segments; '*' matches the rest. */
function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern.split('/').map((part) => {
    if (part.startsWith(':')) { names.push(part.slice(1)); return '([^/]+)'; }
    if (part === '*') { names.push('*'); return '(.*)'; }
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('/');
  return { regex: new RegExp(`^${source}/?$`), names };
}

/** Adds a page; the first registered pattern that matches a path wins. */
export function registerSeoPage(page: SeoPage): void {
  const compiled = { ...page, ...compile(page.pattern) };
  const existing = pages.findIndex((p) => p.pattern === page.pattern);
  if (existing >= 0) pages[existing] = compiled;
  else pages.push(compiled);
  if (page.template) templates.set(page.key, page.template);
}

/** Registers or replaces the built-in default template of a page key. */
export function registerSeoTemplate(key: string, template: string): void {
  templates.set(key, template);
}

export function defaultSeoTemplate(key: string): string | undefined {
  return templates.get(key);
}

/** `{{path}}` or `{{json path}}` in a template; the path is the first group. */
export const SEO_PLACEHOLDER = /\{\{\s*(json\s+)?([\w.-]+)\s*\}\}/g;

/** Values every page's template can print, whatever the page (filled in by html.ts). */
export const SITE_SEO_VARS = ['site_name', 'site_description', 'site_image', 'base_url', 'url', 'search_url'] as const;

/** What a page key's template can print: the site's values and those its page resolves, which its built-in template prints. */
export function seoPlaceholders(key: string): string[] {
  const own = [...(defaultSeoTemplate(key) ?? '').matchAll(SEO_PLACEHOLDER)].map((m) => m[2]);
  return [...new Set([...SITE_SEO_VARS, ...own])];
}

/** The first placeholder of a template that its page does not fill in (it would print nothing), or null. */
export function unknownSeoPlaceholder(key: string, template: string): string | null {
  const known = new Set(seoPlaceholders(key));
  return [...template.matchAll(SEO_PLACEHOLDER)].map((m) => m[2]).find((path) => !known.has(path)) ?? null;
}

export function matchSeoPage(pathname: string): { page: SeoPage; params: Record<string, string> } | null {
  for (const page of pages) {
    const m = page.regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    page.names.forEach((name, i) => { params[name] = decodeURIComponent(m[i + 1]); });
    return { page, params };
  }
  return null;
}
