import crypto from 'node:crypto';
import { onDuplicate } from '../../db/errors.ts';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LOCALE_COOKIE, setLinesLanguage, type Lines, type Localization, type LocalizationCreate, type LocalizationUpdate } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { registerSettingsValidator } from '../settings/validators.ts';
import {
  CODE_LINES, diffFromCode, findByLanguage, findLocalization, linesThatTranslate, LIST_COLUMNS, mergeWithCode, parseStoredLines, toLocalization,
} from './repository.ts';

const LANGUAGE_TAKEN = 'A localization for this language already exists.';
const CANNOT_DELETE_DEFAULT = 'The default localization cannot be deleted.';
const CANNOT_DELETE_ENGLISH = 'English cannot be deleted: the site falls back to it for lines without a translation.';
const CANNOT_RENAME_DEFAULT = "The default localization's language cannot be changed.";
const CANNOT_RENAME_ENGLISH = "English's language cannot be changed: the site falls back to it for lines without a translation.";
const NO_SUCH_LOCALIZATION = 'Choose a language that has a localization.';

/**
 * The site default must name a localization that exists: a missing one would quietly show the site in English.
 * 'auto' follows the browser, and English is the code's own language, so both are always valid.
 */
export function registerLocalizationChecks(ctx: AppContext): void {
  registerSettingsValidator('client.locale.default', ['client.locale.default'], async (read) => {
    const language = read('client.locale.default');
    if (language === 'auto' || language === DEFAULT_LANGUAGE) return;
    if (!(await findByLanguage(ctx.db, language))) return NO_SUCH_LOCALIZATION;
  });
}

/** Changes whenever en.json changes, so cached locale documents follow a new release. */
export const CODE_VERSION = crypto.createHash('sha1').update(JSON.stringify(CODE_LINES)).digest('hex').slice(0, 10);

/**
 * The one language marked as the default: the site's default language, or English (the code's language, which the
 * site falls back to) when the site follows the browser ('auto').
 */
export async function siteDefaultLanguage(ctx: AppContext): Promise<string> {
  const site = await ctx.settings.get('client.locale.default');
  return site && site !== 'auto' ? site : DEFAULT_LANGUAGE;
}

/** English (the code's language) and the site's default language are never deleted. */
export async function defaultLanguages(ctx: AppContext): Promise<string[]> {
  const site = await siteDefaultLanguage(ctx);
  return site !== DEFAULT_LANGUAGE ? [DEFAULT_LANGUAGE, site] : [DEFAULT_LANGUAGE];
}

export async function getLocalization(ctx: AppContext, id: number): Promise<Localization> {
  const row = await findLocalization(ctx.db, id);
  if (!row) throw notFound('Localization not found');
  const { lines, ...rest } = row;
  return { ...toLocalization(rest, await siteDefaultLanguage(ctx)), lines: mergeWithCode(parseStoredLines(lines)) };
}

async function assertLanguageFree(db: Db, language: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('localizations').select('id').where('language', '=', language);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw languageTaken();
}

const languageTaken = () => unprocessable('language', LANGUAGE_TAKEN);

/** A new localization starts as a copy of the English lines (stored as the same differences from the code). */
export async function createLocalization(ctx: AppContext, input: LocalizationCreate): Promise<Localization> {
  await assertLanguageFree(ctx.db, input.language);
  const english = await findByLanguage(ctx.db, DEFAULT_LANGUAGE);
  const now = nowIso();
  const { id } = await onDuplicate(ctx.db.insertInto('localizations').values({
    name: input.name, language: input.language, lines: english?.lines ?? '{}', created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow(), languageTaken);
  const row = await ctx.db.selectFrom('localizations').select(LIST_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
  return toLocalization(row, await siteDefaultLanguage(ctx));
}

export async function updateLocalization(ctx: AppContext, id: number, input: LocalizationUpdate): Promise<Localization> {
  const existing = await findLocalization(ctx.db, id);
  if (!existing) throw notFound('Localization not found');
  if (input.language && input.language !== existing.language) {
    // The site default follows the language code, so a new code would silently switch the site to English.
    if (existing.language === (await siteDefaultLanguage(ctx))) throw unprocessable('language', CANNOT_RENAME_DEFAULT);
    if (existing.language === DEFAULT_LANGUAGE) throw unprocessable('language', CANNOT_RENAME_ENGLISH);
    await assertLanguageFree(ctx.db, input.language, id);
  }
  const changes: { name?: string; language?: string; lines?: string; updated_at: string } = { updated_at: nowIso() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.language !== undefined) changes.language = input.language;
  if (input.lines !== undefined) changes.lines = JSON.stringify(diffFromCode(input.lines));
  await onDuplicate(ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('localizations').set(changes).where('id', '=', id).execute();
    // Users who chose this localization keep it under its new code, rather than falling back to the site default.
    if (changes.language && changes.language !== existing.language) {
      await trx.updateTable('users').set({ language: changes.language }).where('language', '=', existing.language).execute();
    }
  }), languageTaken);
  linesCache.clear();
  return getLocalization(ctx, id);
}

/** Deletes in one statement; a default among the ids refuses the whole request. */
export async function deleteLocalizations(ctx: AppContext, ids: number[]): Promise<void> {
  const rows = await ctx.db.selectFrom('localizations').select(['id', 'language']).where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw notFound('Localization not found');
  const site = await siteDefaultLanguage(ctx);
  const refused = rows.some((r) => r.language === site) ? CANNOT_DELETE_DEFAULT
    : rows.some((r) => r.language === DEFAULT_LANGUAGE) ? CANNOT_DELETE_ENGLISH : null;
  if (refused) throw new HttpError(422, refused, { ids: [refused] });
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('localizations').where('id', 'in', ids).execute();
    // Users who had chosen a deleted language go back to the site default.
    await trx.updateTable('users').set({ language: null }).where('language', 'in', rows.map((r) => r.language)).execute();
  });
  linesCache.clear();
}

/** Existing localizations a visitor may pick from. */
export function availableLocalizations(db: Db) {
  return db.selectFrom('localizations').select(['name', 'language']).orderBy('name').orderBy('id').execute();
}

function firstAcceptedLanguage(header: string | undefined, available: Set<string>): string | null {
  if (!header) return null;
  const wanted = header.split(',').map((part) => {
    const [tag, q] = part.trim().split(';q=');
    return { tag: tag.trim(), q: q ? Number(q) : 1 };
  }).filter((w) => w.tag && w.tag !== '*').sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = [...available].find((code) => code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0].toLowerCase();
    if (available.has(base)) return base;
  }
  return null;
}

/** A user's chosen language, while choosing is on and that localization exists; else null. */
async function chosenLanguage(ctx: AppContext, userId: number, available: Set<string>): Promise<string | null> {
  if (!(await ctx.settings.get('client.i18n.enable'))) return null;
  const user = await ctx.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return user?.language && available.has(user.language) ? user.language : null;
}

/**
 * The language a request sees: the signed-in user's choice, else the visitor cookie, else the site default
 * ('auto' follows the browser's Accept-Language). Choices count only while client.i18n.enable is on and only
 * for localizations that exist.
 */
export async function resolveLanguage(ctx: AppContext, req: FastifyRequest, userId: number | null = req.auth.userId): Promise<string> {
  const available = new Set((await availableLocalizations(ctx.db)).map((l) => l.language));
  available.add(DEFAULT_LANGUAGE);
  const chosen = userId ? await chosenLanguage(ctx, userId, available) : null;
  if (chosen) return chosen;
  if (await ctx.settings.get('client.i18n.enable')) {
    const cookie = req.cookies[LOCALE_COOKIE];
    if (cookie && available.has(cookie)) return cookie;
  }
  const site = await ctx.settings.get('client.locale.default');
  if (site === 'auto') return firstAcceptedLanguage(req.headers['accept-language'], available) ?? DEFAULT_LANGUAGE;
  return available.has(site) ? site : DEFAULT_LANGUAGE;
}

/** Stores a visitor's choice: on the account when signed in; the route also sets the cookie. */
export async function chooseLanguage(ctx: AppContext, userId: number | null, language: string): Promise<void> {
  if (!(await ctx.settings.get('client.i18n.enable'))) throw unprocessable('language', 'Choosing a language is turned off on this site.');
  if (language !== DEFAULT_LANGUAGE && !(await findByLanguage(ctx.db, language))) throw unprocessable('language', 'The selected language is invalid.');
  if (userId) await ctx.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

interface CachedLines { etag: string; body: string }
/** Serialized locale documents by language; an entry is valid only while its ETag matches the row. */
const linesCache = new Map<string, CachedLines>();

/**
 * The ETag comes from one indexed lookup (id and updated_at of the row) plus the code's version, so an
 * unchanged locale answers 304 without reading or serializing its lines.
 */
export async function localeVersion(ctx: AppContext, language: string): Promise<{ etag: string; id: number | null } | null> {
  const row = await ctx.db.selectFrom('localizations').select(['id', 'updated_at']).where('language', '=', language).executeTakeFirst();
  if (!row && language !== DEFAULT_LANGUAGE) return null;
  const stamp = row ? `${row.id}-${Date.parse(row.updated_at)}` : 'code';
  return { etag: `"${language}-${stamp}-${CODE_VERSION}"`, id: row?.id ?? null };
}

export async function localeDocument(ctx: AppContext, language: string, etag: string): Promise<string> {
  const cached = linesCache.get(language);
  if (cached?.etag === etag) return cached.body;
  const row = await findByLanguage(ctx.db, language);
  const lines: Lines = linesThatTranslate(mergeWithCode(row ? parseStoredLines(row.lines) : {}));
  const body = JSON.stringify({ language, name: row?.name ?? 'English', lines });
  linesCache.set(language, { etag, body });
  return body;
}

const parsedLines = new Map<string, { etag: string; lines: Lines }>();
/** A language's lines; undefined when English from the code is what it reads. */
export async function linesOf(ctx: AppContext, language: string): Promise<Lines | undefined> {
  const version = await localeVersion(ctx, language);
  if (!version || version.id === null) return undefined;
  const cached = parsedLines.get(language);
  if (cached?.etag === version.etag) return cached.lines;
  const lines = (JSON.parse(await localeDocument(ctx, language, version.etag)) as { lines: Lines }).lines;
  // Its plural forms follow the language's own rules (Arabic has six).
  setLinesLanguage(lines, language);
  parsedLines.set(language, { etag: version.etag, lines });
  return lines;
}

/** The caller's lines (for answers in their language); undefined when English from the code is what they read. */
export async function requestLines(ctx: AppContext, req: FastifyRequest): Promise<Lines | undefined> {
  return linesOf(ctx, await resolveLanguage(ctx, req));
}

/**
 * The lines a mail to a user is written in: the language they chose, else the language of the request they made
 * themselves (`ownRequest`: a reset asked for, an account registered), else the site's default (a browser's
 * Accept-Language is not known outside a request).
 */
export async function mailLines(ctx: AppContext, userId: number | null, ownRequest?: FastifyRequest): Promise<Lines | undefined> {
  return linesOf(ctx, await mailLanguage(ctx, userId, ownRequest));
}

/**
 * mailLanguage for the members of a batch of mails (a queued job's): the same choice, read in two queries however many
 * members there are.
 */
export async function mailLanguages(ctx: AppContext, userIds: number[]): Promise<Map<number, string>> {
  const available = new Set((await availableLocalizations(ctx.db)).map((l) => l.language));
  const site = await ctx.settings.get('client.locale.default');
  const languages = new Map(userIds.map((id) => [id, available.has(site) ? site : DEFAULT_LANGUAGE]));
  if (!languages.size || !(await ctx.settings.get('client.i18n.enable'))) return languages;
  const users = await ctx.db.selectFrom('users').select(['id', 'language']).where('id', 'in', [...languages.keys()]).execute();
  for (const u of users) if (u.language && available.has(u.language)) languages.set(u.id, u.language);
  return languages;
}

/** The language mailLines picks, for what else a mail writes in it (dates). */
export async function mailLanguage(ctx: AppContext, userId: number | null, ownRequest?: FastifyRequest): Promise<string> {
  const available = new Set((await availableLocalizations(ctx.db)).map((l) => l.language));
  const chosen = userId !== null ? await chosenLanguage(ctx, userId, available) : null;
  if (chosen) return chosen;
  if (ownRequest) return resolveLanguage(ctx, ownRequest);
  const site = await ctx.settings.get('client.locale.default');
  return available.has(site) ? site : DEFAULT_LANGUAGE;
}
