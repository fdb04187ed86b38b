import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { asAdmin, createTestApp } from './helper.ts';

/**
 * Issue 18: the site's media and community calls point at named components with examples (Video, Channel with its
 * self-nesting ChannelItem, Review, Comment, NewsArticle, CustomPage, FileEntry), and their bodies show examples.
 */
const t = await createTestApp();
const doc = (await (await asAdmin(t)).get('/api-docs/json')).body as OpenAPIV3_1.Document;
const schemas = doc.components?.schemas ?? {};
const answer = (path: string, method: 'get' | 'post' | 'put') =>
  JSON.stringify((doc.paths?.[path]?.[method]?.responses?.['200'] as OpenAPIV3_1.ResponseObject | undefined)?.content?.['application/json']?.schema);
const bodyExample = (path: string, method: 'post' | 'put') => {
  const media = (doc.paths?.[path]?.[method]?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content['application/json'];
  // One example is shown as `example`, several as named `examples`.
  return media?.example ?? (Object.values(media?.examples ?? {})[0] as OpenAPIV3_1.ExampleObject | undefined)?.value;
};

describe('site components in the OpenAPI document', () => {
  it('names the main entities, each with an example', () => {
    for (const name of ['Video', 'Transcode', 'FileEntry', 'UploadSession', 'Channel', 'ChannelItem', 'Review', 'Comment', 'NewsArticle', 'NewsCard', 'CustomPage']) {
      expect((schemas[name] as OpenAPIV3_1.SchemaObject | undefined)?.examples?.length, name).toBeGreaterThan(0);
    }
    expect(answer('/api/v1/videos/{id}', 'get')).toContain('#/components/schemas/Video');
    expect(answer('/api/v1/reviews/public', 'get')).toContain('#/components/schemas/Review');
    // A channel's items may be channels with their own items: the component refers to itself instead of recursing forever.
    expect(JSON.stringify(schemas.ChannelItem)).toContain('#/components/schemas/ChannelItem');
  });

  it('shows an example of each body', () => {
    expect(bodyExample('/api/v1/videos', 'post')).toMatchObject({ name: 'Official trailer', type: 'embed' });
    expect(bodyExample('/api/v1/channel', 'post')).toMatchObject({ name: 'Popular movies' });
    expect(bodyExample('/api/v1/reviews', 'post')).toMatchObject({ score: 8 });
    expect(bodyExample('/api/v1/custom-pages/{id}', 'put')).toMatchObject({ title: 'About us' });
  });
});
