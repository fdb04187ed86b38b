/**
 * The video hosts a page author who is not an administrator may embed in an iframe (issue 17 item 12), one list
 * shared by the server's sanitizer, the editor and the Content-Security-Policy's frame-src. A host matches itself
 * and its subdomains (www.youtube.com matches youtube.com).
 */
export const EMBED_HOSTS = [
  'youtube.com', 'youtube-nocookie.com', 'vimeo.com', 'player.vimeo.com', 'dailymotion.com', 'twitch.tv',
  'player.twitch.tv', 'wistia.com', 'wistia.net', 'fast.wistia.net', 'loom.com',
] as const;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'youtube-nocookie.com']);

/**
 * The player address of a video link: a YouTube page (watch, youtu.be, Shorts, live) or player link becomes YouTube's
 * no-cookie player (it sets nothing in the visitor's browser until they play, which the GDPR cookie notice relies
 * on), a Vimeo page its player; any other URL is returned as given, and text that is not a URL as null. One rule for
 * the watch page, the editor's embed dialog and the sanitiser of saved page and article bodies.
 */
export function toEmbedUrl(src: string): string | null {
  let u: URL;
  try { u = new URL(src); } catch { return null; }
  const host = u.hostname.toLowerCase().replace(/^www\./, '');
  const noCookie = (id: string, options = '') => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}${options}`;
  if (YOUTUBE_HOSTS.has(host)) {
    if (u.pathname === '/watch' && u.searchParams.get('v')) return noCookie(u.searchParams.get('v')!);
    // A Short's or a live video's page link refuses to show in a frame; a player link keeps its options (start=...).
    const page = /^\/(shorts|live|embed)\/([\w-]+)\/?$/.exec(u.pathname);
    if (page) return noCookie(page[2], page[1] === 'embed' ? u.search : '');
  }
  if (host === 'youtu.be' && /^\/[\w-]+$/.test(u.pathname)) return `https://www.youtube-nocookie.com/embed${u.pathname}`;
  const vimeo = host === 'vimeo.com' ? /^\/(\d+)/.exec(u.pathname) : null;
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return u.toString();
}

/** True for an https URL on one of the allowed video hosts. */
export function isAllowedEmbedUrl(src: string): boolean {
  let url: URL;
  try { url = new URL(src); } catch { return false; }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return EMBED_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** Only these iframe `allow` features survive: none of them hands the camera, microphone or location to the frame. */
export const EMBED_ALLOWED_FEATURES = ['autoplay', 'fullscreen', 'picture-in-picture', 'encrypted-media', 'clipboard-write', 'web-share', 'accelerometer', 'gyroscope'] as const;

/** Drops every feature not in EMBED_ALLOWED_FEATURES (and any origin list after it) from an `allow` attribute. */
export function safeEmbedAllow(allow: string): string {
  return allow.split(';').map((part) => part.trim().split(/\s+/)[0]?.toLowerCase() ?? '')
    .filter((name) => (EMBED_ALLOWED_FEATURES as readonly string[]).includes(name)).join('; ');
}
