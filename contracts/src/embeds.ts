/**
 * The video hosts a page author who is not an administrator may embed in an iframe (issue 17 item 12), one list
 * shared by the server's sanitizer, the editor and the Content-Security-Policy's frame-src. A host matches itself
 * and its subdomains (www.youtube.com matches youtube.com).
 */
export const EMBED_HOSTS = [
  'youtube.com', 'youtube-nocookie.com', 'vimeo.com', 'player.vimeo.com', 'dailymotion.com', 'twitch.tv',
  'player.twitch.tv', 'wistia.com', 'wistia.net', 'fast.wistia.net', 'loom.com',
] as const;

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
