import { outboundFetch } from '../../lib/outbound.ts';
/**
 * A client for The Movie Database API v3 (https://developer.themoviedb.org/reference). It authenticates with
 * an API key (v3 key as `api_key`, or a v4 read token as a Bearer header), keeps under TMDb's rate limit
 * with a small token bucket, retries 429 answers after Retry-After, and times out slow calls.
 */
export class TmdbError extends Error {
  constructor(message: string, public status: number) {
    super(message);
  }
}

export interface TmdbOptions {
  apiKey: string;
  baseUrl: string;
  imageUrl: string;
  language: string;
  includeAdult: boolean;
  /** Requests per second (TMDb allows about 50). */
  rate?: number;
  timeoutMs?: number;
}

export interface TmdbPage<T> {
  page: number;
  total_pages: number;
  total_results: number;
  results: T[];
}

type Params = Record<string, string | number | boolean | null | undefined>;

/** A result of search/multi (the fields the site's search shows). */
export interface TmdbSearchHit {
  id: number;
  media_type: 'movie' | 'tv' | 'person' | string;
  title?: string; name?: string;
  release_date?: string; first_air_date?: string;
  poster_path?: string | null; profile_path?: string | null;
  overview?: string; vote_average?: number; known_for_department?: string;
}

export class TmdbClient {
  private tokens: number;
  private last = Date.now();
  private readonly rate: number;

  constructor(private opts: TmdbOptions) {
    this.rate = opts.rate ?? 40;
    this.tokens = this.rate;
  }

  /** Waits until the bucket has a token: bursts up to `rate`, then `rate` per second. */
  private async take(): Promise<void> {
    for (;;) {
      const now = Date.now();
      this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) / 1000) * this.rate);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await new Promise((r) => setTimeout(r, Math.ceil(((1 - this.tokens) / this.rate) * 1000)));
    }
  }

  async get<T>(path: string, params: Params = {}, attempt = 0, timeoutMs?: number): Promise<T> {
    await this.take();
    const url = new URL(`${this.opts.baseUrl.replace(/\/$/, '')}${path}`);
    const bearer = this.opts.apiKey.length > 40;
    if (!bearer) url.searchParams.set('api_key', this.opts.apiKey);
    url.searchParams.set('language', this.opts.language);
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    let res: Response;
    try {
      res = await outboundFetch(url, {
        headers: { accept: 'application/json', ...(bearer ? { authorization: `Bearer ${this.opts.apiKey}` } : {}) },
        signal: AbortSignal.timeout(timeoutMs ?? this.opts.timeoutMs ?? 10_000),
      });
    } catch (e) {
      const timeout = (e as Error).name === 'TimeoutError';
      throw new TmdbError(timeout ? 'The movie database did not answer in time.' : 'Could not reach the movie database.', 504);
    }
    if (res.status === 429 && attempt < 3) {
      await res.body?.cancel();
      const wait = Number(res.headers.get('retry-after') ?? 1);
      await new Promise((r) => setTimeout(r, Math.min(10, Number.isFinite(wait) ? wait : 1) * 1000));
      return this.get<T>(path, params, attempt + 1, timeoutMs);
    }
    if (!res.ok) {
      await res.body?.cancel();
      if (res.status === 401) throw new TmdbError('The movie database API key is not valid.', 401);
      if (res.status === 404) throw new TmdbError('The item could not be found on the movie database.', 404);
      throw new TmdbError(`The movie database answered with an error (${res.status}).`, res.status);
    }
    return (await res.json()) as T;
  }

  movie(id: number) {
    return this.get<any>(`/movie/${id}`, { append_to_response: 'credits,images,videos,keywords,release_dates', include_image_language: `${this.opts.language},null` });
  }

  series(id: number) {
    return this.get<any>(`/tv/${id}`, { append_to_response: 'credits,images,videos,keywords,content_ratings', include_image_language: `${this.opts.language},null` });
  }

  season(seriesId: number, number: number) {
    return this.get<any>(`/tv/${seriesId}/season/${number}`, { append_to_response: 'credits' });
  }

  person(id: number) {
    return this.get<any>(`/person/${id}`);
  }

  discover(type: 'movie' | 'series', params: Params) {
    return this.get<TmdbPage<{ id: number; title?: string; name?: string }>>(`/discover/${type === 'movie' ? 'movie' : 'tv'}`, {
      include_adult: this.opts.includeAdult, ...params,
    });
  }

  /** Movies, series and people matching a query, one page, for the site's search (which waits for it only briefly). */
  searchMulti(query: string, timeoutMs: number) {
    return this.get<TmdbPage<TmdbSearchHit>>('/search/multi', { query, include_adult: this.opts.includeAdult, page: 1 }, 0, timeoutMs);
  }

  /** What else than the query decides a search's answer: hits cached under it are the same for every caller. */
  get searchScope(): string {
    return JSON.stringify([this.opts.baseUrl, this.opts.language, this.opts.includeAdult]);
  }

  /** Streams an image (`/abc.jpg` at a size such as w500) for the storage driver. */
  async image(path: string, size: string): Promise<ReadableStream<Uint8Array>> {
    await this.take();
    const res = await outboundFetch(`${this.opts.imageUrl.replace(/\/$/, '')}/${size}${path}`, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 20_000) })
      .catch(() => { throw new TmdbError('Could not download an image from the movie database.', 504); });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new TmdbError(`Could not download an image from the movie database (${res.status}).`, res.status);
    }
    return res.body;
  }
}
