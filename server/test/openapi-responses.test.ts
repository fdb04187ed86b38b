import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { registerRouteSchemas, typed } from '../src/http/schema.ts';
import { registerErrorHandler } from '../src/http/errors.ts';
import { asAdmin, createTestApp } from './helper.ts';

/** Issue 18 items 1 and 2: every call documents its answer, and every call taking a body shows an example of it. */
const t = await createTestApp();
const admin = await asAdmin(t);
const doc = (await admin.get('/api-docs/json')).body as OpenAPIV3_1.Document;
const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item ?? {}).filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op: op as OpenAPIV3_1.OperationObject })));

const answerSchema = (op: OpenAPIV3_1.OperationObject) => Object.entries(op.responses ?? {})
  .filter(([code]) => /^(2|3)/.test(code))
  .map(([, r]) => (r as OpenAPIV3_1.ResponseObject).content?.['application/json']?.schema)
  .find(Boolean);

describe('response schemas', () => {
  it('every /api/v1 call documents its answer', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(({ op }) => !answerSchema(op)).map((o) => o.name).sort(), 'calls with no response schema').toEqual([]);
  });

  it('the main entities are named components carrying an example', () => {
    const tag = doc.paths!['/api/v1/tags/{id}']!.get!;
    expect(JSON.stringify(answerSchema(tag))).toContain('#/components/schemas/Tag');
    expect((doc.components?.schemas?.Tag as OpenAPIV3_1.SchemaObject).examples?.[0]).toMatchObject({ name: 'cult-classic' });
  });
});

describe('examples', () => {
  it('every call that takes a body shows an example of it', () => {
    const without = operations.filter(({ op }) => {
      const media = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json'];
      const schema = media?.schema as OpenAPIV3_1.SchemaObject | undefined;
      return media && media.example === undefined && !Object.keys(media.examples ?? {}).length && !schema?.examples?.length;
    }).map((o) => o.name).sort();
    expect(without, 'bodies without an example').toEqual([]);
    expect((doc.paths!['/api/v1/tags']!.post!.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'].example).toMatchObject({ name: 'cult-classic' });
  });
});

/** The check itself, on a tiny app: what the API tests catch, and what production leaves alone. */
async function tiny(checkResponses: boolean, answer: unknown) {
  const app = Fastify();
  registerErrorHandler(app);
  registerRouteSchemas(app, { checkResponses });
  typed(app).get('/thing', { schema: { response: { 200: z.object({ id: z.number(), name: z.string() }) } } }, async () => answer);
  await app.ready();
  const res = await app.inject('/thing');
  await app.close();
  return { status: res.statusCode, body: res.json() };
}

describe('checking answers against their schemas', () => {
  it('fails a call whose answer misses or mistypes a field, naming the route and the field', async () => {
    const res = await tiny(true, { id: 'x' });
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('GET /thing 200');
    expect(res.body.message).toContain('id:');
    expect(res.body.message).toContain('name:');
  });

  it('lets extra fields through untouched (nothing is stripped), in tests and in production', async () => {
    expect(await tiny(true, { id: 1, name: 'a', extra: true })).toEqual({ status: 200, body: { id: 1, name: 'a', extra: true } });
    expect(await tiny(false, { id: 1, name: 'a', extra: true })).toEqual({ status: 200, body: { id: 1, name: 'a', extra: true } });
  });

  it('never checks in production: a drifted answer goes out as the handler made it', async () => {
    expect(await tiny(false, { id: 'x' })).toEqual({ status: 200, body: { id: 'x' } });
  });
});
