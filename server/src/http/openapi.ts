import type { FastifyInstance, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { HttpError, forbidden } from './errors.ts';
import { identify, type RoutePermission } from './auth.ts';

export const API_DOCS_PREFIX = '/api-docs';

const DESCRIPTION = [
  'Every call of the site\'s API. Inputs are validated against the schemas shown; a refused input answers 422',
  '`{ "message": "...", "errors": { "field": ["..."] } }`, a missing sign-in 401 and a missing permission 403.',
  '',
  '**Authenticating with a token.** A user holding the `api.access` permission creates a personal access token',
  '(account settings, or `POST /api/v1/auth/access-tokens` with `{ "tokenName": "..." }`) and sends it on every call as',
  '`Authorization: Bearer <token>`. A token acts with its owner\'s permissions; calls made with it need no CSRF token.',
].join('\n');

/** "Needs ..." line of a call, from the permission its route declares (http/auth.ts enforces it). */
export function permissionNote(permission: RoutePermission | undefined): string {
  if (!permission || permission === 'public') return 'Open to everyone, signed in or not.';
  if (permission === 'authenticated') return 'Needs a signed-in user (session or token).';
  const names = [permission].flat();
  return names.length === 1 ? `Needs the \`${names[0]}\` permission.` : `Needs any of the permissions ${names.map((n) => `\`${n}\``).join(', ')}.`;
}

/** The module a call belongs to: the first path segment after the API root (`/api/v1/users/:id` -> users). */
export const moduleOf = (url: string): string => url.slice('/api/v1/'.length).split('/')[0] || 'api';

/**
 * A body schema's examples (`.meta({ examples })`): zod leaves them out of the input JSON schema of a body with
 * transforms (they could be outputs), but ours are written as what a client sends.
 */
function withBodyExamples(zodBody: unknown, jsonBody: unknown): void {
  if (!(zodBody instanceof z.ZodType) || !jsonBody || typeof jsonBody !== 'object') return;
  const examples = z.globalRegistry.get(zodBody)?.examples;
  if (Array.isArray(examples) && !('examples' in jsonBody)) Object.assign(jsonBody, { examples });
}

/**
 * The reference is for whoever may call the API (`api.access`: they hold tokens) and admins, while
 * `server.api_docs.enable` is on; everyone else gets the usual 401/403/404. It describes every call, staff ones
 * included: knowing a route grants nothing, each call checks its own permission.
 */
async function guard(ctx: AppContext, req: FastifyRequest): Promise<void> {
  if (!(await ctx.settings.get('server.api_docs.enable'))) throw new HttpError(404, 'Not found');
  const { who, permissions } = await identify(ctx, req);
  if (!who.userId) throw new HttpError(401, 'Unauthenticated.');
  if (!permissions.has('admin') && !permissions.has('api.access')) throw forbidden();
}

// Swagger UI's own files only: no inline script, nothing from another site (its validator badge is switched off).
const DOCS_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; "
  + "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/**
 * OpenAPI 3.1 (issue 18 item 2) built from the routes' zod schemas, one tag per module, each call noting its permission,
 * served with Swagger UI at /api-docs (document at /api-docs/json). Registered before the routes: @fastify/swagger
 * collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'StreamSite API', version: ctx.version, description: DESCRIPTION },
      servers: [],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token.' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: (doc) => {
      const { url } = doc;
      if (!url.startsWith('/api/v1/')) return { url, schema: { ...doc.schema, hide: true } };
      const out = jsonSchemaTransform(doc) as { url: string; schema?: Record<string, unknown> };
      withBodyExamples(doc.schema?.body, out.schema?.body);
      const permission = doc.route.config?.permission;
      return {
        url: out.url,
        schema: {
          ...out.schema,
          tags: [moduleOf(url)],
          description: [out.schema?.description, permissionNote(permission)].filter(Boolean).join('\n\n'),
          ...(permission === 'public' ? { security: [] } : {}),
          'x-permission': permission ?? 'public',
        },
      };
    },
    // Named entity schemas (`.meta({ id })`) become components the calls point at.
    transformObject: jsonSchemaTransformObject,
  });
  // Built once when the app is ready (then cached by @fastify/swagger), so the first visitor does not pay for it;
  // a schema that cannot be described is logged here instead of failing the start.
  app.addHook('onReady', async () => {
    const started = performance.now();
    try {
      app.swagger();
      app.log.debug({ ms: Math.round(performance.now() - started) }, 'OpenAPI document built');
    } catch (err) {
      app.log.error({ err }, 'OpenAPI document could not be built');
    }
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null, persistAuthorization: false },
    staticCSP: DOCS_CSP,
    uiHooks: { onRequest: async (req) => guard(ctx, req) },
  });
}
