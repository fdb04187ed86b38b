import fs from 'node:fs';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER } from '../../http/security-headers.ts';

/**
 * `<link rel="modulepreload">` tags for the lazy route chunks a public page renders with (the site layout and the
 * page's own component, with everything they import), read from the build's map of modules to scripts
 * (`.vite/module-chunks.json`, written by web/vite.config.ts). Without them the browser learns of those chunks only
 * after the entry script has run, then of their imports after they arrive: two more round trips before the first
 * render (issue 10: a title page's largest contentful paint).
 */
type ModuleChunks = Map<string, { entry?: boolean; imports?: string[]; modules?: string[] }>;

/** The public layout every site page renders inside (web/src/main.tsx). */
const LAYOUT = 'src/site/SiteLayout.tsx';
/** The page component of each SEO page key whose route chunk is known (web/src/site/titles/routes.tsx). */
const PAGE_MODULES = new Map<string, string>([
  ['title', 'src/site/titles/TitlePage.tsx'],
  ['season', 'src/site/titles/SeasonPage.tsx'],
  ['episode', 'src/site/titles/EpisodePage.tsx'],
  ['person', 'src/site/people/PersonPage.tsx'],
  ['landing', 'src/site/channels/HomeRoute.tsx'],
  ['channel', 'src/site/channels/ChannelPage.tsx'],
]);

function readChunks(webDist: string | undefined): ModuleChunks | null {
  const file = webDist && path.join(webDist, '.vite', 'module-chunks.json');
  if (!file || !fs.existsSync(file)) return null;
  try {
    const chunks: unknown = JSON.parse(fs.readFileSync(file, 'utf8')).chunks;
    return chunks && typeof chunks === 'object' ? new Map(Object.entries(chunks)) : null;
  } catch {
    return null;
  }
}

/**
 * The two calls the app makes before and at its first render (web/src/main.tsx loads the visitor's language lines
 * first; the layout reads auth/me): asked for from the head, they arrive while the scripts load instead of after
 * they have run. `crossorigin` (anonymous) matches the app's same-origin fetch, so the app's call takes the preload.
 */
const BOOT_CALLS = ['/api/v1/localizations/active/lines', '/api/v1/auth/me']
  .map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`).join('\n');

export class RoutePreloads {
  private chunks: ModuleChunks | null;
  private cache = new Map<string, string>();

  constructor(webDist: string | undefined) {
    this.chunks = readChunks(webDist);
  }

  /** The tags for a page key (built once per key); empty without a build map (a dev build) or for other pages. */
  tags(key: string): string {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const page = PAGE_MODULES.get(key);
    const tags = this.chunks && page ? `${BOOT_CALLS}\n${this.build([LAYOUT, page])}` : '';
    this.cache.set(key, tags);
    return tags;
  }

  private build(roots: string[]): string {
    const chunks = this.chunks!;
    const walk = (file: string, into: Set<string>) => {
      const chunk = chunks.get(file);
      if (!chunk || into.has(file)) return;
      into.add(file);
      for (const imp of chunk.imports ?? []) walk(imp, into);
    };
    // The entry and its static imports are already in index.html.
    const loaded = new Set<string>();
    for (const [file, chunk] of chunks) if (chunk.entry) walk(file, loaded);
    const files = new Set<string>();
    for (const root of roots) {
      for (const [file, chunk] of chunks) if (chunk.modules?.includes(root)) walk(file, files);
    }
    return [...files].filter((f) => !loaded.has(f) && f.endsWith('.js'))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" nonce="${CSP_NONCE_PLACEHOLDER}">`).join('\n');
  }
}
