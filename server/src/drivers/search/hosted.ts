import { API_ENDPOINTS, reason } from '../switch.ts';
import { indexName, jsonFetch, type SearchDocument, type SearchEngine } from './search.ts';

const fail = (engine: string, what: string, r: { status: number; body: any }) =>
  new Error(`${engine} ${what} failed (${r.status}): ${typeof r.body === 'string' ? r.body : (r.body?.message ?? r.body?.error?.reason ?? JSON.stringify(r.body))}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Meilisearch's REST API: writes are tasks, awaited so an import is searchable when it ends. */
export class MeilisearchEngine implements SearchEngine {
  constructor(private host: string, private key: string) {}

  private call(method: string, path: string, json?: unknown) {
    return jsonFetch(`${this.host.replace(/\/+$/, '')}${path}`, { method, json, headers: this.key ? { authorization: `Bearer ${this.key}` } : {} });
  }

  private async task(r: { status: number; body: any }, what: string) {
    if (r.status >= 300) throw fail('Meilisearch', what, r);
    const uid = r.body?.taskUid;
    for (let i = 0; uid !== undefined && i < 600; i++) {
      const t = await this.call('GET', `/tasks/${uid}`);
      if (t.body?.status === 'succeeded') return;
      if (t.body?.status === 'failed' || t.body?.status === 'canceled') {
        // Deleting documents of an index that does not exist yet is nothing to undo.
        if (t.body?.error?.code === 'index_not_found') return;
        throw new Error(`Meilisearch ${what} failed: ${t.body?.error?.message ?? t.body.status}`);
      }
      await sleep(Math.min(50 * (i + 1), 500));
    }
  }

  async index(model: string, docs: SearchDocument[]) {
    if (docs.length) await this.task(await this.call('POST', `/indexes/${indexName(model)}/documents?primaryKey=id`, docs), 'indexing');
  }

  async remove(model: string, ids: number[]) {
    if (ids.length) await this.task(await this.call('POST', `/indexes/${indexName(model)}/documents/delete-batch`, ids), 'removing');
  }

  async search(model: string, query: string, limit = 50) {
    const r = await this.call('POST', `/indexes/${indexName(model)}/search`, { q: query, limit, attributesToRetrieve: ['id'] });
    if (r.status === 404) return [];
    if (r.status >= 300) throw fail('Meilisearch', 'search', r);
    return (r.body.hits as { id: number }[]).map((h) => Number(h.id));
  }

  async flush(model: string) {
    await this.task(await this.call('DELETE', `/indexes/${indexName(model)}/documents`), 'flush');
  }

  async check(): Promise<string | null> {
    const r = await this.call('GET', '/indexes?limit=1').catch((err) => ({ status: 0, body: reason(err) }));
    if (r.status === 200) return null;
    return r.status === 0 ? `Could not reach Meilisearch at ${this.host}: ${r.body}` : `Meilisearch refused the key (${r.status})`;
  }
}

/** Elasticsearch's REST API: bulk writes with refresh=wait_for, so results are searchable on return. */
export class ElasticsearchEngine implements SearchEngine {
  constructor(private host: string, private apiKey: string) {}

  private call(method: string, path: string, init: { json?: unknown; ndjson?: string } = {}) {
    const headers: Record<string, string> = this.apiKey ? { authorization: `ApiKey ${this.apiKey}` } : {};
    if (init.ndjson !== undefined) headers['content-type'] = 'application/x-ndjson';
    return jsonFetch(`${this.host.replace(/\/+$/, '')}${path}`, { method, headers, json: init.json, body: init.ndjson });
  }

  private async bulk(lines: unknown[], what: string) {
    const r = await this.call('POST', '/_bulk?refresh=wait_for', { ndjson: `${lines.map((l) => JSON.stringify(l)).join('\n')}\n` });
    if (r.status >= 300) throw fail('Elasticsearch', what, r);
    const bad = (r.body.items ?? []).find((i: any) => { const op = Object.values(i)[0] as any; return op.status >= 300 && op.status !== 404; });
    if (r.body.errors && bad) throw new Error(`Elasticsearch ${what} failed: ${JSON.stringify(Object.values(bad)[0])}`);
  }

  async index(model: string, docs: SearchDocument[]) {
    if (docs.length) await this.bulk(docs.flatMap((d) => [{ index: { _index: indexName(model), _id: String(d.id) } }, d]), 'indexing');
  }

  async remove(model: string, ids: number[]) {
    if (ids.length) await this.bulk(ids.map((id) => ({ delete: { _index: indexName(model), _id: String(id) } })), 'removing');
  }

  async search(model: string, query: string, limit = 50) {
    const r = await this.call('POST', `/${indexName(model)}/_search`, {
      json: { size: limit, _source: false, query: { multi_match: { query, type: 'bool_prefix', fields: ['*'], operator: 'and' } } },
    });
    if (r.status === 404) return [];
    if (r.status >= 300) throw fail('Elasticsearch', 'search', r);
    return (r.body.hits.hits as { _id: string }[]).map((h) => Number(h._id));
  }

  async flush(model: string) {
    const r = await this.call('POST', `/${indexName(model)}/_delete_by_query?refresh=true&conflicts=proceed`, { json: { query: { match_all: {} } } });
    if (r.status >= 300 && r.status !== 404) throw fail('Elasticsearch', 'flush', r);
  }

  async check(): Promise<string | null> {
    const r = await this.call('GET', '/').catch((err) => ({ status: 0, body: reason(err) }));
    if (r.status === 200) return null;
    return r.status === 0 ? `Could not reach Elasticsearch at ${this.host}: ${r.body}` : `Elasticsearch refused the request (${r.status})`;
  }
}

/** Algolia's REST API: writes on {app}.algolia.net, reads on {app}-dsn.algolia.net; writes are tasks, awaited. */
export class AlgoliaEngine implements SearchEngine {
  constructor(private appId: string, private secret: string) {}

  private call(method: string, path: string, json?: unknown, read = false) {
    const base = API_ENDPOINTS.algolia || `https://${this.appId}${read ? '-dsn' : ''}.algolia.net`;
    return jsonFetch(`${base}${path}`, { method, json, headers: { 'x-algolia-application-id': this.appId, 'x-algolia-api-key': this.secret } });
  }

  private async task(model: string, r: { status: number; body: any }, what: string) {
    if (r.status >= 300) throw fail('Algolia', what, r);
    for (let i = 0; i < 600; i++) {
      const t = await this.call('GET', `/1/indexes/${indexName(model)}/task/${r.body.taskID}`, undefined, true);
      if (t.body?.status === 'published') return;
      await sleep(Math.min(50 * (i + 1), 500));
    }
  }

  private batch(model: string, requests: unknown[], what: string) {
    return this.call('POST', `/1/indexes/${indexName(model)}/batch`, { requests }).then((r) => this.task(model, r, what));
  }

  async index(model: string, docs: SearchDocument[]) {
    if (docs.length) await this.batch(model, docs.map((d) => ({ action: 'updateObject', body: { ...d, objectID: String(d.id) } })), 'indexing');
  }

  async remove(model: string, ids: number[]) {
    if (ids.length) await this.batch(model, ids.map((id) => ({ action: 'deleteObject', body: { objectID: String(id) } })), 'removing');
  }

  async search(model: string, query: string, limit = 50) {
    const r = await this.call('POST', `/1/indexes/${indexName(model)}/query`, { query, hitsPerPage: limit, attributesToRetrieve: ['objectID'] }, true);
    if (r.status === 404) return [];
    if (r.status >= 300) throw fail('Algolia', 'search', r);
    return (r.body.hits as { objectID: string }[]).map((h) => Number(h.objectID));
  }

  async flush(model: string) {
    const r = await this.call('POST', `/1/indexes/${indexName(model)}/clear`);
    if (r.status === 404) return;
    await this.task(model, r, 'flush');
  }

  async check(): Promise<string | null> {
    const r = await this.call('GET', '/1/indexes?page=0&hitsPerPage=1', undefined, true).catch((err) => ({ status: 0, body: reason(err) }));
    if (r.status === 200) return null;
    return r.status === 0 ? `Could not reach Algolia: ${r.body}` : 'Algolia refused the app ID or secret';
  }
}
