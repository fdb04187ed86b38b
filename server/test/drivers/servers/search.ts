import { startHttp, type Recorded } from './http.ts';

type Doc = Record<string, unknown>;
/** The engines' own relevance is theirs; these servers match every query word as a prefix of some word in the document. */
const matches = (doc: Doc, query: string) => {
  const words = Object.values(doc).filter((v) => typeof v === 'string').join(' ').toLowerCase().split(/[^a-z0-9@.]+/);
  return query.toLowerCase().split(/\s+/).filter(Boolean).every((q) => words.some((w) => w.startsWith(q)));
};

/** Meilisearch's documented routes the driver uses: documents, delete-batch, delete all, search, tasks, indexes. */
export async function startMeilisearch(key: string) {
  const indexes = new Map<string, Map<string, Doc>>();
  let task = 0;
  const done = () => ({ status: 202, json: { taskUid: ++task, status: 'enqueued', type: 'documentAdditionOrUpdate', enqueuedAt: new Date().toISOString() } });
  const server = await startHttp((r: Recorded) => {
    if (r.headers.authorization !== `Bearer ${key}`) return { status: 403, json: { message: 'The provided API key is invalid.', code: 'invalid_api_key', type: 'auth' } };
    const path = r.path.split('?')[0];
    if (path === '/indexes' && r.method === 'GET') return { json: { results: [...indexes.keys()].map((uid) => ({ uid })), offset: 0, limit: 1, total: indexes.size } };
    const taskMatch = /^\/tasks\/(\d+)$/.exec(path);
    if (taskMatch) return { json: { uid: Number(taskMatch[1]), status: 'succeeded' } };
    const m = /^\/indexes\/([^/]+)\/(documents|search)(\/delete-batch)?$/.exec(path);
    if (!m) return { status: 404, json: { message: 'not found', code: 'not_found' } };
    const [, uid, what, batch] = m;
    if (!indexes.has(uid)) {
      if (what === 'search') return { status: 404, json: { message: `Index \`${uid}\` not found.`, code: 'index_not_found' } };
      indexes.set(uid, new Map());
    }
    const idx = indexes.get(uid)!;
    if (what === 'search') {
      const hits = [...idx.values()].filter((d) => matches(d, r.json.q)).slice(0, r.json.limit ?? 20).map((d) => ({ id: d.id }));
      return { json: { hits, query: r.json.q, processingTimeMs: 0, limit: r.json.limit, offset: 0, estimatedTotalHits: hits.length } };
    }
    if (r.method === 'POST' && batch) { for (const id of r.json) idx.delete(String(id)); return done(); }
    if (r.method === 'POST') { for (const d of r.json) idx.set(String(d.id), d); return done(); }
    if (r.method === 'DELETE') { idx.clear(); return done(); }
    return { status: 405, json: {} };
  });
  return { ...server, indexes };
}

/** Elasticsearch's documented routes the driver uses: `/`, _bulk (NDJSON), _search, _delete_by_query. */
export async function startElasticsearch(apiKey: string) {
  const indexes = new Map<string, Map<string, Doc>>();
  const server = await startHttp((r: Recorded) => {
    if (r.headers.authorization !== `ApiKey ${apiKey}`) return { status: 401, json: { error: { type: 'security_exception', reason: 'unable to authenticate with provided credentials' }, status: 401 } };
    const path = r.path.split('?')[0];
    if (path === '/') return { json: { name: 'local', cluster_name: 'test', version: { number: '8.15.0' }, tagline: 'You Know, for Search' } };
    if (path === '/_bulk') {
      const lines = r.text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
      const items: unknown[] = [];
      for (let i = 0; i < lines.length; i++) {
        const [op, meta] = Object.entries(lines[i])[0] as [string, { _index: string; _id: string }];
        if (!indexes.has(meta._index)) indexes.set(meta._index, new Map());
        const idx = indexes.get(meta._index)!;
        if (op === 'index') { idx.set(meta._id, lines[++i]); items.push({ index: { _index: meta._index, _id: meta._id, status: 201, result: 'created' } }); }
        if (op === 'delete') { const had = idx.delete(meta._id); items.push({ delete: { _index: meta._index, _id: meta._id, status: had ? 200 : 404, result: had ? 'deleted' : 'not_found' } }); }
      }
      return { json: { took: 1, errors: items.some((i: any) => (Object.values(i)[0] as any).status === 404), items } };
    }
    const m = /^\/([^/]+)\/(_search|_delete_by_query)$/.exec(path);
    if (!m) return { status: 404, json: {} };
    const idx = indexes.get(m[1]);
    if (!idx) return { status: 404, json: { error: { type: 'index_not_found_exception', reason: `no such index [${m[1]}]` }, status: 404 } };
    if (m[2] === '_delete_by_query') { const n = idx.size; idx.clear(); return { json: { took: 1, deleted: n, total: n, failures: [] } }; }
    const q = r.json.query.multi_match.query as string;
    const hits = [...idx.entries()].filter(([, d]) => matches(d, q)).slice(0, r.json.size ?? 10).map(([id]) => ({ _index: m[1], _id: id, _score: 1 }));
    return { json: { took: 1, timed_out: false, hits: { total: { value: hits.length, relation: 'eq' }, max_score: 1, hits } } };
  });
  return { ...server, indexes };
}

/** Algolia's documented routes the driver uses: batch, task, query, clear, list indexes. */
export async function startAlgolia(appId: string, key: string) {
  const indexes = new Map<string, Map<string, Doc>>();
  let task = 0;
  const server = await startHttp((r: Recorded) => {
    if (r.headers['x-algolia-application-id'] !== appId || r.headers['x-algolia-api-key'] !== key) return { status: 403, json: { message: 'Invalid Application-ID or API key', status: 403 } };
    const path = r.path.split('?')[0];
    if (path === '/1/indexes' && r.method === 'GET') return { json: { items: [...indexes.keys()].map((name) => ({ name })), nbPages: 1 } };
    const m = /^\/1\/indexes\/([^/]+)\/(batch|query|clear|task\/\d+)$/.exec(path);
    if (!m) return { status: 404, json: { message: 'Not found' } };
    const [, name, what] = m;
    if (what.startsWith('task')) return { json: { status: 'published', pendingTask: false } };
    if (!indexes.has(name)) {
      if (what === 'query' || what === 'clear') return { status: 404, json: { message: 'Index does not exist', status: 404 } };
      indexes.set(name, new Map());
    }
    const idx = indexes.get(name)!;
    if (what === 'clear') { idx.clear(); return { json: { taskID: ++task, updatedAt: new Date().toISOString() } }; }
    if (what === 'batch') {
      for (const req of r.json.requests) {
        if (req.action === 'updateObject') idx.set(req.body.objectID, req.body);
        if (req.action === 'deleteObject') idx.delete(req.body.objectID);
      }
      return { json: { taskID: ++task, objectIDs: r.json.requests.map((q: any) => q.body.objectID) } };
    }
    const hits = [...idx.values()].filter((d) => matches(d, r.json.query)).slice(0, r.json.hitsPerPage ?? 20).map((d) => ({ objectID: d.objectID }));
    return { json: { hits, nbHits: hits.length, page: 0, hitsPerPage: r.json.hitsPerPage, query: r.json.query } };
  });
  return { ...server, indexes };
}
