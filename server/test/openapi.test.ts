import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { asAdmin, asUser, createTestApp, guest } from './helper.ts';

/** Issue 18 item 2: the OpenAPI document at /api-docs lists every call, and a client built from it works. */
const t = await createTestApp();
const admin = await asAdmin(t);
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

async function document(): Promise<OpenAPIV3_1.Document> {
  const res = await admin.get('/api-docs/json');
  expect(res.status).toBe(200);
  return res.body;
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with a bearer scheme and documents every registered /api/v1 route', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toContain('Authorization: Bearer');
    const missing = t.ctx.routes.filter((r) => {
      const item = doc.paths?.[toOpenApiPath(r.url)] as Record<string, unknown> | undefined;
      return !item?.[r.method.toLowerCase()];
    }).map((r) => `${r.method} ${r.url}`);
    expect(t.ctx.routes.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
    // Nothing but the API is documented (pages, files and the reference itself are not calls).
    expect(Object.keys(doc.paths ?? {}).every((p) => p.startsWith('/api/v1/'))).toBe(true);
  });

  it('groups calls by module, notes the permission each needs and documents declared schemas', async () => {
    const doc = await document();
    const list = doc.paths!['/api/v1/tags']!.get!;
    expect(list.tags).toEqual(['tags']);
    expect(list.description).toContain('`tags.update`');
    expect((list as Record<string, unknown>)['x-permission']).toEqual(['tags.update', 'tags.view']);
    expect(list.parameters?.map((p) => (p as OpenAPIV3_1.ParameterObject).name)).toEqual(expect.arrayContaining(['page', 'perPage', 'query', 'orderBy']));
    const update = doc.paths!['/api/v1/tags/{id}']!.put!;
    expect(update.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
    const body = (update.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'].schema as OpenAPIV3_1.SchemaObject;
    expect(body.required).toContain('name');
    const login = doc.paths!['/api/v1/auth/login']!.post!;
    expect(login.security).toEqual([]);
    expect(login.description).toContain('Open to everyone');
  });

  it('is for admins and users who may call the API, and the setting switches it off', async () => {
    expect((await guest(t).get('/api-docs/json')).status).toBe(401);
    expect((await (await asUser(t, { roles: [], permissions: ['titles.view'] })).get('/api-docs/json')).status).toBe(403);
    // A member who holds tokens reads the reference, and account settings learn where it is.
    const integrator = await asUser(t, { roles: [], permissions: ['api.access'] });
    expect((await integrator.get('/api-docs/json')).status).toBe(200);
    expect((await integrator.get('/api/v1/auth/access-tokens')).body.docs_url).toBe('/api-docs');
    const page = await admin.get('/api-docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    // Swagger UI's own files from this server; the policy allows nothing from another site.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    expect((await admin.get('/api-docs/static/swagger-ui-bundle.js')).status).toBe(200);
    expect((await admin.post('/api/v1/settings', { server: { 'server.api_docs.enable': false } })).status).toBe(200);
    expect((await admin.get('/api-docs/json')).status).toBe(404);
    expect((await integrator.get('/api/v1/auth/access-tokens')).body.docs_url).toBeNull();
    expect((await admin.post('/api/v1/settings', { server: { 'server.api_docs.enable': true } })).status).toBe(200);
    expect((await admin.get('/api-docs/json')).status).toBe(200);
  });
});

describe('a client built from the document', () => {
  it('calls the documented GETs without path parameters with a bearer token, and each answers as documented', async () => {
    const doc = await document();
    const token = (await admin.post('/api/v1/auth/access-tokens', { tokenName: 'openapi client' })).body.plainTextToken as string;
    expect(token).toBeTruthy();
    const client = guest(t);
    client.bearer = token;
    // The list calls of a few modules, found in the document (not hard-coded URLs).
    const lists = Object.entries(doc.paths!).filter(([path, item]) => !path.includes('{') && item?.get
      && ['tags', 'users', 'roles', 'custom-pages'].includes(item.get.tags?.[0] ?? '')).map(([path, item]) => ({ path, op: item!.get! }));
    expect(lists.length).toBeGreaterThanOrEqual(4);
    for (const { path, op } of lists) {
      // Send every documented query parameter that has a default, as a generated client would.
      const params = new URLSearchParams();
      for (const p of (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) {
        const def = (p.schema as OpenAPIV3_1.SchemaObject | undefined)?.default;
        if (p.in === 'query' && def !== undefined) params.set(p.name, String(def));
      }
      const res = await client.get(`${path}?${params}`);
      expect(res.status, `${path} ${res.text.slice(0, 200)}`).toBe(200);
    }
    // A documented write, with its body built from the documented schema's required fields.
    const create = doc.paths!['/api/v1/tags']!.post!;
    const schema = (create.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'].schema as OpenAPIV3_1.SchemaObject;
    const body = Object.fromEntries((schema.required ?? []).map((name) => [name, `from-openapi-${name}`]));
    const made = await client.post('/api/v1/tags', body);
    expect(made.status).toBe(200);
    expect(made.body.tag.name).toBe('from-openapi-name');
    // The path parameter from the document, filled in.
    const one = await client.get('/api/v1/tags/{id}'.replace('{id}', String(made.body.tag.id)));
    expect(one.body.tag.id).toBe(made.body.tag.id);
  });

  it('is refused with the documented 422 shape when input breaks a declared schema', async () => {
    const bad = await admin.get('/api/v1/tags/abc');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: 'Invalid id.', errors: { id: ['Invalid id.'] } });
    const noName = await admin.post('/api/v1/tags', { name: '' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors.name).toEqual(['The name field is required.']);
    expect((await admin.get('/api/v1/tags?perPage=5')).body.errors.perPage).toBeDefined();
    expect((await admin.delete('/api/v1/tags/1,x')).body).toEqual({ message: 'Invalid ids.', errors: { ids: ['Invalid ids.'] } });
  });
});
