import type { FastifyInstance } from 'fastify';
import { secureCookie } from '../../http/security-headers.ts';
import {
  chooseLocaleSchema, LANGUAGES, localizationCreateSchema, localizationUpdateSchema, LOCALE_COOKIE, type AvailableLocalesResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { paginate, parseIds } from '../../http/list-query.ts';
import { localizationsListDefinition } from './list.ts';
import { LIST_COLUMNS, toLocalization } from './repository.ts';
import {
  availableLocalizations, chooseLanguage, createLocalization, defaultLanguages, deleteLocalizations, getLocalization,
  localeDocument, localeVersion, resolveLanguage, updateLocalization,
} from './service.ts';

const idParam = (params: unknown) => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound('Localization not found');
  return id;
};

/** A whole 10,000-line localization is a few MB of JSON; the global 1 MB limit would refuse it. */
const LINES_BODY_LIMIT = 16 * 1024 * 1024;
const YEAR = 365 * 24 * 3600;

export function localizationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const manage = { config: { permission: 'localizations.update' } };
  const open = { config: { permission: 'public' } };

  app.get('/api/v1/localizations', manage, async (req) => {
    const defaults = await defaultLanguages(ctx);
    const base = ctx.db.selectFrom('localizations').select(LIST_COLUMNS);
    return { pagination: await paginate(base, req.query, localizationsListDefinition(ctx), (row) => toLocalization(row, defaults)) };
  });

  // The languages lookup: every language a localization can be made for, optionally narrowed by ?query=.
  app.get('/api/v1/localizations/languages', manage, async (req) => {
    const q = String((req.query as { query?: unknown }).query ?? '').trim().toLowerCase();
    const languages = q ? LANGUAGES.filter((l) => l.code.toLowerCase().startsWith(q) || l.name.toLowerCase().includes(q)) : LANGUAGES;
    return { languages };
  });

  // The site's language picker: the localizations that exist and the one this visitor sees.
  app.get('/api/v1/localizations/available', open, async (req): Promise<AvailableLocalesResponse> => ({
    current: await resolveLanguage(ctx, req),
    localizations: await availableLocalizations(ctx.db),
  }));

  // Lines for the site; `active` resolves the visitor's language. Revalidated by ETag, so a repeat visit costs
  // one indexed lookup and a 304.
  app.get('/api/v1/localizations/:code/lines', open, async (req, reply) => {
    const raw = (req.params as { code: string }).code;
    const language = raw === 'active' ? await resolveLanguage(ctx, req) : raw;
    const version = await localeVersion(ctx, language);
    if (!version) throw notFound('Localization not found');
    reply.header('etag', version.etag);
    reply.header('cache-control', 'private, no-cache');
    if (raw === 'active') reply.header('vary', 'Cookie, Accept-Language');
    if (req.headers['if-none-match'] === version.etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    return reply.send(await localeDocument(ctx, language, version.etag));
  });

  app.post('/api/v1/localizations/choose', open, async (req, reply) => {
    const { language } = parse(chooseLocaleSchema, req.body);
    await chooseLanguage(ctx, req.auth.userId, language);
    reply.setCookie(LOCALE_COOKIE, language, { path: '/', sameSite: 'lax', maxAge: YEAR, secure: secureCookie(req) });
    return { language };
  });

  app.get('/api/v1/localizations/:id', manage, async (req) => ({ localization: await getLocalization(ctx, idParam(req.params)) }));

  app.post('/api/v1/localizations', manage, async (req) => ({ localization: await createLocalization(ctx, parse(localizationCreateSchema, req.body)) }));

  app.put('/api/v1/localizations/:id', { ...manage, bodyLimit: LINES_BODY_LIMIT }, async (req) =>
    ({ localization: await updateLocalization(ctx, idParam(req.params), parse(localizationUpdateSchema, req.body)) }));

  app.delete('/api/v1/localizations/:ids', manage, async (req) => {
    await deleteLocalizations(ctx, parseIds((req.params as { ids: string }).ids));
    return {};
  });
}
