/** A YouTube or Vimeo page address becomes its player address; anything else is embedded as given. */
export function toEmbedUrl(raw: string): string {
  try {
    const url = new URL(raw);
    const host = url.hostname.replace(/^www\./, '');
    if (host === 'youtube.com' && url.pathname === '/watch' && url.searchParams.get('v')) return `https://www.youtube.com/embed/${url.searchParams.get('v')}`;
    if (host === 'youtu.be' && url.pathname.length > 1) return `https://www.youtube.com/embed${url.pathname}`;
    if (host === 'vimeo.com' && /^\/\d+$/.test(url.pathname)) return `https://player.vimeo.com/video${url.pathname}`;
    return url.toString();
  } catch {
    return raw;
  }
}
