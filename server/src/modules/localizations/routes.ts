import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { secureCookie } from '../../http/security-headers.ts';
import {
  availableLocalesResponse, chooseLocaleSchema, chosenLocaleResponse, doneResponse, languageListResponse, LANGUAGES, listQuerySchema, localeLinesResponse,
  localizationCreateSchema, localizationListResponse, localizationResponse, localizationUpdateSchema, LOCALE_COOKIE, notModifiedResponse,
  type AvailableLocalesResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { listLocalizations } from './repository.ts';
import {
  availableLocalizations, chooseLanguage, createLocalization, deleteLocalizations, getLocalization,
  localeDocument, localeVersion, registerLocalizationChecks, resolveLanguage, siteDefaultLanguage, updateLocalization,
} from './service.ts';

/** A whole 10,000-line localization is a few MB of JSON; the global 1 MB limit would refuse it. */
const LINES_BODY_LIMIT = 16 * 1024 * 1024;
const YEAR = 365 * 24 * 3600;
const languagesQuery = z.object({ query: z.string().max(100).optional() });
/** A language code, or `active` for the visitor's language. */
const codeParam = z.object({ code: z.string().max(20) });

export function localizationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const manage = { permission: 'localizations.update' };
  const open = { permission: 'public' };
  registerLocalizationChecks(ctx);

  api.get('/api/v1/localizations', { config: manage, schema: { querystring: listQuerySchema, response: { 200: localizationListResponse } } }, async (req) =>
    ({ pagination: await listLocalizations(ctx, req.query, await siteDefaultLanguage(ctx)) }));

  // The languages lookup: every language a localization can be made for, optionally narrowed by ?query=.
  api.get('/api/v1/localizations/languages', { config: manage, schema: { querystring: languagesQuery, response: { 200: languageListResponse } } }, async (req) => {
    const q = (req.query.query ?? '').trim().toLowerCase();
    const languages = q ? LANGUAGES.filter((l) => l.code.toLowerCase().startsWith(q) || l.name.toLowerCase().includes(q)) : LANGUAGES;
    return { languages };
  });

  // The site's language picker: the localizations that exist and the one this visitor sees.
  api.get('/api/v1/localizations/available', { config: open, schema: { response: { 200: availableLocalesResponse } } }, async (req): Promise<AvailableLocalesResponse> => ({
    current: await resolveLanguage(ctx, req),
    localizations: await availableLocalizations(ctx.db),
  }));

  // Lines for the site; `active` resolves the visitor's language. Revalidated by ETag, so a repeat visit costs
  // one indexed lookup and a 304.
  api.get('/api/v1/localizations/:code/lines', { config: open, schema: { params: codeParam, response: { 200: localeLinesResponse, 304: notModifiedResponse } } }, async (req, reply) => {
    const raw = req.params.code;
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

  api.post('/api/v1/localizations/choose', { config: open, schema: { body: chooseLocaleSchema, response: { 200: chosenLocaleResponse } } }, async (req, reply) => {
    const { language } = req.body;
    await chooseLanguage(ctx, req.auth.userId, language);
    reply.setCookie(LOCALE_COOKIE, language, { path: '/', sameSite: 'lax', maxAge: YEAR, secure: secureCookie(req) });
    return { language };
  });

  api.get('/api/v1/localizations/:id', { config: manage, schema: { params: idParam, response: { 200: localizationResponse } } }, async (req) => ({ localization: await getLocalization(ctx, req.params.id) }));

  api.post('/api/v1/localizations', { config: manage, schema: { body: localizationCreateSchema, response: { 200: localizationResponse } } }, async (req) => ({ localization: await createLocalization(ctx, req.body) }));

  api.put('/api/v1/localizations/:id', { config: manage, bodyLimit: LINES_BODY_LIMIT, schema: { params: idParam, body: localizationUpdateSchema, response: { 200: localizationResponse } } }, async (req) =>
    ({ localization: await updateLocalization(ctx, req.params.id, req.body) }));

  api.delete('/api/v1/localizations/:ids', { config: manage, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    await deleteLocalizations(ctx, req.params.ids);
    return {};
  });
}
