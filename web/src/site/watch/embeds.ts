/** A YouTube (watch, youtu.be, Shorts, live) or Vimeo page link becomes its embed URL; any other embed URL is used as given. */
export function embedUrl(src: string): string {
  try {
    const u = new URL(src);
    const host = u.hostname.replace(/^www\./, '');
    if ((host === 'youtube.com' || host === 'm.youtube.com') && u.pathname === '/watch' && u.searchParams.get('v')) {
      return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(u.searchParams.get('v')!)}`;
    }
    if (host === 'youtu.be' && u.pathname.length > 1) return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(u.pathname.slice(1))}`;
    // A Short's or a live video's page link (youtube.com/shorts/ID, /live/ID) refuses to show in a frame.
    const page = host === 'youtube.com' || host === 'm.youtube.com' ? /^\/(?:shorts|live)\/([\w-]+)/.exec(u.pathname) : null;
    if (page) return `https://www.youtube-nocookie.com/embed/${page[1]}`;
    const vimeo = host === 'vimeo.com' ? /^\/(\d+)/.exec(u.pathname) : null;
    if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
    return u.toString();
  } catch {
    return 'about:blank';
  }
}

export const hostOf = (src: string) => {
  try {
    return new URL(src).hostname.replace(/^www\./, '');
  } catch {
    return src;
  }
};
