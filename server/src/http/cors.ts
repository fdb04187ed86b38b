import type { FastifyInstance } from 'fastify';

const METHODS = 'GET, POST, PUT, PATCH, DELETE';
const HEADERS = 'Authorization, Content-Type, Accept, Accept-Language';

/**
 * Cross-origin API calls from the sites the operator lists (API_CORS_ORIGINS): an integrator's page calling the API
 * with a personal access token. Never with the visitor's cookies (no Allow-Credentials): a session stays this site's,
 * so a listed site reads nothing a signed-in visitor could see here. Preflights are answered before anything else
 * (sign-in, CSRF, limits); the other answers, errors included, carry the origin so the page can read them.
 */
export function registerCors(app: FastifyInstance, origins: string[]): void {
  if (!origins.length) return;
  const any = origins.includes('*');
  const allowed = new Set(origins);
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!req.url.startsWith('/api/') || typeof origin !== 'string' || !(any || allowed.has(origin))) return;
    reply.header('access-control-allow-origin', any ? '*' : origin);
    if (!any) reply.header('vary', 'Origin');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      return reply.status(204).headers({ 'access-control-allow-methods': METHODS, 'access-control-allow-headers': HEADERS, 'access-control-max-age': '600' }).send();
    }
    reply.header('access-control-expose-headers', 'Retry-After, WWW-Authenticate, Content-Disposition');
  });
}
