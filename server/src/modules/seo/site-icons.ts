import { HEX_COLOR, textDirection, themeColors, visitorThemes, type Theme } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { faviconUrl } from '../appearance/images.ts';

/** The site's icon before an operator uploads one: a play mark in the theme's primary colour (served as /favicon.svg). */
export const DEFAULT_ICON_PATH = '/favicon.svg';

/** A colour from the settings, printed into markup only if it is one (the theme form allows hex colours alone). */
const color = (theme: Theme, name: string, fallback: string) => {
  const value = themeColors(theme)[name];
  return value && HEX_COLOR.test(value) ? value : fallback;
};

async function siteThemes(ctx: AppContext, chosenId?: number | null): Promise<{ light: Theme; dark: Theme }> {
  return visitorThemes(await ctx.settings.get('client.themes.all'), await ctx.settings.get('client.themes.default_id'), chosenId);
}

/** The default mark; a site that follows the system's light or dark mode gets each mode's colours from the SVG's own media query. */
export async function defaultIconSvg(ctx: AppContext): Promise<string> {
  const { light, dark } = await siteThemes(ctx);
  const fills = (t: Theme) => `.b{fill:${color(t, 'primary', '#f06a6e')}}.p{fill:${color(t, 'on-primary', '#ffffff')}}`;
  const style = light === dark ? fills(light) : `${fills(light)}@media (prefers-color-scheme:dark){${fills(dark)}}`;
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
    + `<style>${style}</style>`
    + '<rect class="b" width="64" height="64" rx="14"/>'
    + '<path class="p" d="M24 19.2v25.6a2.2 2.2 0 0 0 3.3 1.9l20.8-12.8a2.2 2.2 0 0 0 0-3.8L27.3 17.3a2.2 2.2 0 0 0-3.3 1.9z"/>'
    + '</svg>';
}

/** `<meta name="theme-color">`: the browser's own bar in the page's background colour, per mode when the site follows it. */
export async function themeColorTags(ctx: AppContext, chosenId: number | null): Promise<string[]> {
  const { light, dark } = await siteThemes(ctx, chosenId);
  if (light === dark) return [`<meta name="theme-color" content="${color(light, 'bg', '#141518')}">`];
  return [
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${color(light, 'bg', '#ffffff')}">`,
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${color(dark, 'bg', '#141518')}">`,
  ];
}

/**
 * The web app manifest: the site can be added to a phone's home screen and opens there as an app of its own, named
 * and coloured as the site is. Its colours are the dark theme's when the site follows the system, since an app's
 * splash screen cannot follow it.
 */
export async function webManifest(ctx: AppContext): Promise<Record<string, unknown>> {
  const { settings } = ctx;
  const name = await settings.get('client.branding.site_name');
  const favicon = await settings.get('client.branding.favicon');
  const { dark } = await siteThemes(ctx);
  const lang = await settings.get('client.locale.default');
  const icons = favicon
    ? [192, 512].map((size) => ({ src: faviconUrl(favicon, size), sizes: `${size}x${size}`, type: 'image/png' }))
    : [{ src: DEFAULT_ICON_PATH, sizes: 'any', type: 'image/svg+xml' }];
  return {
    name,
    short_name: name,
    description: await settings.get('client.branding.site_description'),
    // The name and description are in the site's default language.
    lang,
    dir: textDirection(lang),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: color(dark, 'bg', '#141518'),
    theme_color: color(dark, 'bg', '#141518'),
    icons,
  };
}
