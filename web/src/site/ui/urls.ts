/** Public URLs of catalogue pages, one place so every link agrees with the router and the sitemap. */
export function slugify(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
}

export const titleUrl = (t: { id: number; name: string }) => `/titles/${t.id}/${slugify(t.name)}`;
export const seasonUrl = (t: { id: number; name: string }, season: number) => `${titleUrl(t)}/season/${season}`;
export const episodeUrl = (t: { id: number; name: string }, season: number, episode: number) => `${seasonUrl(t, season)}/episode/${episode}`;
export const personUrl = (p: { id: number; name: string }) => `/people/${p.id}/${slugify(p.name)}`;
export const watchUrl = (videoId: number) => `/watch/${videoId}`;
