import { outboundFetch } from '../../lib/outbound.ts';
/** A document to index: its id and the text fields a search should find it by. */
export interface SearchDocument {
  id: number;
  [field: string]: string | number | null;
}

/** One search backend. `model` names the kind of record ('users', 'titles', ...); each has its own index. */
export interface SearchEngine {
  index(model: string, docs: SearchDocument[]): Promise<void>;
  remove(model: string, ids: number[]): Promise<void>;
  /** Ids of the best matches, best first. */
  search(model: string, query: string, limit?: number): Promise<number[]>;
  flush(model: string): Promise<void>;
}

/** The text the database driver indexes for a document: every field but the id. */
export const documentText = (doc: SearchDocument) => Object.entries(doc).filter(([k, v]) => k !== 'id' && v !== null && v !== '').map(([, v]) => String(v)).join(' ');

/** Index names on hosted engines carry the site's prefix so several sites can share one account. */
export const indexName = (model: string) => `streamsite_${model}`;

export async function jsonFetch(url: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: any }> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await outboundFetch(url, { ...init, headers, body, signal: init.signal ?? AbortSignal.timeout(30_000) });
  const text = await res.text();
  let parsed: any = text;
  try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  return { status: res.status, body: parsed };
}
