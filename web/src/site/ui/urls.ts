/** Public URLs of catalogue pages, one place so every link agrees with the router and the sitemap. */
export function slugify(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
}

export const titleUrl = (t: { id: number; name: string }) => `/titles/${t.id}/${slugify(t.name)}`;
export const seasonUrl = (t: { id: number; name: string }, season: number) => `${titleUrl(t)}/season/${season}`;
export const episodeUrl = (t: { id: number; name: string }, season: number, episode: number) => `${seasonUrl(t, season)}/episode/${episode}`;
export const personUrl = (p: { id: number; name: string }) => `/people/${p.id}/${slugify(p.name)}`;
/** A search hit's page: the catalogue's own, or for a hit from the movie database not imported yet, the page that imports it. */
export const searchTitleUrl = (t: { id: number | null; name: string; is_series: boolean; tmdb_id?: number }) =>
  (t.id !== null ? titleUrl({ id: t.id, name: t.name }) : `/titles/tmdb/${t.is_series ? 'series' : 'movie'}/${t.tmdb_id}`);
export const searchPersonUrl = (p: { id: number | null; name: string; tmdb_id?: number }) =>
  (p.id !== null ? personUrl({ id: p.id, name: p.name }) : `/people/tmdb/${p.tmdb_id}`);
export const watchUrl = (videoId: number) => `/watch/${videoId}`;
