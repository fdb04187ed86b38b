import { episodePath, personPath, seasonPath, titlePath } from '@app/contracts/site-routes';

/** Public URLs of catalogue pages, one place so every link agrees with the router, the server's canonical URLs and the sitemap. */
export const titleUrl = titlePath;
export const seasonUrl = seasonPath;
export const episodeUrl = episodePath;
export const personUrl = personPath;
/** A search hit's page: the catalogue's own, or for a hit from the movie database not imported yet, the page that imports it. */
export const searchTitleUrl = (t: { id: number | null; name: string; is_series: boolean; tmdb_id?: number }) =>
  (t.id !== null ? titleUrl({ id: t.id, name: t.name }) : `/titles/tmdb/${t.is_series ? 'series' : 'movie'}/${t.tmdb_id}`);
export const searchPersonUrl = (p: { id: number | null; name: string; tmdb_id?: number }) =>
  (p.id !== null ? personUrl({ id: p.id, name: p.name }) : `/people/tmdb/${p.tmdb_id}`);
export const watchUrl = (videoId: number) => `/watch/${videoId}`;
