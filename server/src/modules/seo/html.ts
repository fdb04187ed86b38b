import type { FastifyRequest } from 'fastify';
import { THEME_COOKIE, themeStyleSheet, FAVICON_SIZES, isSitePath, MAILED_LINK_PAGE, textDirection } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { CSP_NONCE_PLACEHOLDER, cspNonce, nonceScripts } from '../../http/security-headers.ts';
import { faviconUrl } from '../appearance/images.ts';
import { SITE_SEO_VARS, defaultSeoTemplate, matchSeoPage, type SeoVars } from './registry.ts';
import { renderSeoTemplate } from './templates.ts';
import './pages.ts';
import './catalogue-pages.ts';
import { pageDataScript, pageNoindex, pageStatus } from './page-state.ts';
import { RoutePreloads } from './preload.ts';
import { callerOf, siteImage } from './page-loading.ts';
import { MAILED_LINK_SCRIPT } from './mailed-links.ts';
import { resolveLanguage } from '../localizations/service.ts';
import { DEFAULT_ICON_PATH, themeColorTags } from './site-icons.ts';
import { escapeMarkup } from '../../lib/escape.ts';
import { ogLocale } from './og-locale.ts';
import { ERROR_TEMPLATE, errorPageTitle } from './error-page.ts';

const LANG_PLACEHOLDER = '__PAGE_LANGUAGE__';
const DIR_PLACEHOLDER = '__PAGE_DIRECTION__';
/** A style body may not close its own element. */
const safeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * Fills the single-page app's index.html for one request: the page's SEO tags from its template,
 * favicons, the active theme as CSS variables (no flash of the wrong colours) and the custom CSS and HTML.
 */
export class PageRenderer {
  private head: string;
  private body: string;
  private tail: string;
  private preloads: RoutePreloads;

  constructor(private ctx: AppContext, indexHtml: string) {
    this.preloads = new RoutePreloads(ctx.config.webDist);
    const html = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
    const headEnd = html.indexOf('</head>');
    const bodyEnd = html.lastIndexOf('</body>');
    // The page's language is the request's: the built file's `lang` becomes placeholders for it and its direction.
    this.head = html.slice(0, headEnd).replace(/<html lang="[^"]*"/i, `<html lang="${LANG_PLACEHOLDER}" dir="${DIR_PLACEHOLDER}"`);
    this.body = html.slice(headEnd, bodyEnd);
    this.tail = html.slice(bodyEnd);
  }

  async render(req: FastifyRequest): Promise<string> {
    const { settings } = this.ctx;
    const nonce = cspNonce(req);
    const url = new URL(req.url, 'http://localhost');
    const pathname = url.pathname;
    const baseUrl = await settings.siteUrl(this.ctx.config.appUrl);
    const favicon = await settings.get('client.branding.favicon');
    const vars: SeoVars = {
      site_name: await settings.get('client.branding.site_name'),
      site_description: await settings.get('client.branding.site_description'),
      site_image: await siteImage(this.ctx, baseUrl),
      base_url: baseUrl,
      url: `${baseUrl}${pathname}`,
      // The site search, as schema.org's SearchAction template names it (search engines may offer a search box).
      search_url: `${baseUrl}/search?query={search_term_string}`,
    } satisfies Record<(typeof SITE_SEO_VARS)[number], string>;

    const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
    // As the web app will resolve it (localizations/active/lines), so the first paint's lang and titles agree with it.
    const language = await resolveLanguage(this.ctx, req, (await callerOf(this.ctx, req)).userId ?? null);
    let key = 'generic';
    const match = isAdmin ? null : matchSeoPage(pathname);
    if (match) {
      const resolved = await match.page.resolve(this.ctx, { params: match.params, pathname, query: url.searchParams, req, language });
      if (resolved) {
        key = match.page.key;
        Object.assign(vars, resolved);
      }
    }
    // The address as app.ts judges it: the URL parser reads "//example.com/" as a host and "/".
    const status = isAdmin ? 200 : !isSitePath(req.url.split('?', 1)[0]) ? 404 : pageStatus(req);
    let template: string;
    if (status >= 400) {
      // Named as the error page's heading reads (an unknown address, a removed title), not after the site's home.
      vars.page_title = await errorPageTitle(this.ctx, status, language);
      template = ERROR_TEMPLATE;
    } else {
      template = (await settings.get('server.seo_tags'))[key] ?? defaultSeoTemplate(key) ?? defaultSeoTemplate('generic')!;
    }
    // Tags whose value came out empty (no image yet, say) say nothing: leave them out.
    const parts = [renderSeoTemplate(template, vars).replace(/<meta [^>]*content=""[^>]*>\n?/g, '')];
    // Before any other script (the custom code among them): a mailed link's secret leaves the address.
    if (MAILED_LINK_PAGE.test(pathname)) parts.unshift(`<script nonce="${nonce}">${MAILED_LINK_SCRIPT}</script>`);
    // The language the page is written in, as link previews read it (an operator's template may name its own).
    const locale = ogLocale(language);
    if (locale && !/property="og:locale"/.test(parts[0])) parts.push(`<meta property="og:locale" content="${escapeMarkup(locale)}">`);
    // The admin area, a page that answers 404 or 403 (an unknown address, a removed title) and one that asked for it
    // (a private list its owner opens) are not for search engines.
    if (isAdmin || status >= 400 || pageNoindex(req)) parts.push('<meta name="robots" content="noindex">');
    // The page's first data (catalogue pages), read by web/src/lib/page-data.ts on first render.
    const data = isAdmin ? '' : pageDataScript(req);
    if (data) parts.push(data);
    // Its route chunks download beside the entry script instead of after it.
    const preload = data ? this.preloads.tags(key) : '';
    if (preload) parts.push(preload);

    if (favicon) {
      for (const size of FAVICON_SIZES) {
        if (size === 180) parts.push(`<link rel="apple-touch-icon" sizes="180x180" href="${escapeMarkup(faviconUrl(favicon, 180))}">`);
        else parts.push(`<link rel="icon" type="image/png" sizes="${size}x${size}" href="${escapeMarkup(faviconUrl(favicon, size))}">`);
      }
    } else {
      parts.push(`<link rel="icon" type="image/svg+xml" href="${DEFAULT_ICON_PATH}">`);
    }
    parts.push('<link rel="manifest" href="/manifest.webmanifest">');

    const themes = await settings.get('client.themes.all');
    const chosen = (await settings.get('client.themes.user_change')) ? Number(req.cookies?.[THEME_COOKIE]) || null : null;
    parts.push(...await themeColorTags(this.ctx, chosen));
    parts.push(`<style id="be-theme">${safeStyle(themeStyleSheet(themes, await settings.get('client.themes.default_id'), chosen))}</style>`);

    // Custom code styles the public site only, so a broken snippet can never lock an operator out of /admin.
    let customHtml = '';
    if (!isAdmin) {
      const css = await settings.get('client.custom_code.css');
      if (css) parts.push(`<style id="be-custom-css">${safeStyle(css)}</style>`);
      // The operator's own scripts carry this request's nonce, so the Content-Security-Policy lets them run.
      customHtml = nonceScripts(await settings.get('client.custom_code.html'), nonce);
    }
    const head = this.head.replace(LANG_PLACEHOLDER, escapeMarkup(language)).replace(DIR_PLACEHOLDER, textDirection(language));
    const html = `${head}${parts.join('\n')}\n${this.body}${customHtml ? `<div id="be-custom-html">${customHtml}</div>\n` : ''}${this.tail}`;
    // The built index.html marks its own tags with Vite's csp nonce placeholder (web/vite.config.ts).
    return html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  }
}
