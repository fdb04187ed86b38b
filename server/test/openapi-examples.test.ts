import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { PERMISSIONS } from '@app/contracts';
import { asAdmin, asUser, createTestApp, guest } from './helper.ts';

/**
 * Issue 18 items 1 and 2 for the account, admin and billing modules: the calls no other test reaches, the examples
 * of bodies declared beside their routes (contracts/test/examples.test.ts parses the ones in contracts), and the
 * named components API users meet in the reference.
 */
const t = await createTestApp();
const admin = await asAdmin(t);
const doc = (await admin.get('/api-docs/json')).body as OpenAPIV3_1.Document;

const bodyExample = (path: string, method: 'post' | 'put') => {
  const media = (doc.paths?.[path]?.[method]?.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'];
  return media.example ?? (media.schema as OpenAPIV3_1.SchemaObject).examples?.[0];
};

describe('GET permissions', () => {
  it('lists the catalogue to role and user managers, and to nobody else', async () => {
    const res = await admin.get('/api/v1/permissions');
    expect(res.status, res.text).toBe(200);
    expect(res.body.permissions).toHaveLength(PERMISSIONS.length);
    expect(res.body.permissions.find((p: { name: string }) => p.name === 'files.create').restrictions[0]).toMatchObject({ name: 'max_file_size', type: 'number' });
    expect((await (await asUser(t, { permissions: ['users.update'] })).get('/api/v1/permissions')).status).toBe(200);
    expect((await (await asUser(t)).get('/api/v1/permissions')).status).toBe(403);
    expect((await guest(t).get('/api/v1/permissions')).status).toBe(401);
  });
});

describe('documented body examples', () => {
  it('the contact form example is accepted', async () => {
    const example = bodyExample('/api/v1/contact', 'post');
    expect(example).toMatchObject({ email: 'ada@example.com' });
    const res = await guest(t).post('/api/v1/contact', example);
    expect(res.status, res.text).toBe(200);
  });

  it('the settings save example is accepted and saved', async () => {
    const example = bodyExample('/api/v1/settings', 'post') as { client: Record<string, unknown> };
    const res = await admin.post('/api/v1/settings', example);
    expect(res.status, res.text).toBe(200);
    expect((await guest(t).get('/api/v1/settings')).body.client).toMatchObject(example.client);
  });
});

describe('named components', () => {
  it('the main entities of these modules are components with an example', () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ['Plan', 'Subscription', 'Invoice', 'Role', 'Permission', 'Localization', 'AccountSession', 'SocialProfile', 'AdminReport']) {
      expect((schemas[name] as OpenAPIV3_1.SchemaObject | undefined)?.examples?.length, name).toBeGreaterThan(0);
    }
    const plan = doc.paths!['/api/v1/billing/products/{id}']!.get!.responses!['200'] as OpenAPIV3_1.ResponseObject;
    expect(JSON.stringify(plan.content?.['application/json']?.schema)).toContain('#/components/schemas/Plan');
  });
});
