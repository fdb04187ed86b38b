import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerRouteSchemas } from './schema.ts';
import { registerOpenApi } from './openapi.ts';

/** Route schemas and the OpenAPI reference built from them (issue 18); called once, before any route. */
export async function registerApiContracts(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Tests check every answer against its response schema; production only documents them.
  registerRouteSchemas(app, { checkResponses: ctx.config.env === 'test' });
  await registerOpenApi(app, ctx);
}
