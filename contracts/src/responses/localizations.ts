import { z } from '../zod.ts';
import type { AvailableLocalesResponse, Language, LocaleLinesResponse, Localization } from '../localizations.ts';
import { entity, isoTime, paginated, recordId } from './common.ts';

/** English text → translation. */
const lines = z.record(z.string(), z.string()).meta({ description: 'English text to its translation.', examples: [{ 'Sign in': 'Se connecter' }] });

export const localizationEntity = entity({
  id: recordId,
  name: z.string(),
  language: z.string(),
  is_default: z.boolean(),
  created_at: isoTime,
  updated_at: isoTime,
  lines: lines.optional(),
}).meta({
  id: 'Localization',
  examples: [{ id: 3, name: 'French', language: 'fr', is_default: false, created_at: '2026-01-31T12:00:00.000Z', updated_at: '2026-01-31T12:00:00.000Z' }],
}) satisfies z.ZodType<Localization>;

export const localizationListResponse = paginated(localizationEntity);
/** One localization; the single-localization calls include its `lines`. */
export const localizationResponse = entity({ localization: localizationEntity });
export const languageListResponse = entity({ languages: z.array(entity({ code: z.string(), name: z.string() }) satisfies z.ZodType<Language>) });
export const availableLocalesResponse = entity({
  current: z.string(),
  localizations: z.array(entity({ name: z.string(), language: z.string() })),
}).meta({ examples: [{ current: 'en', localizations: [{ name: 'English', language: 'en' }, { name: 'French', language: 'fr' }] }] }) satisfies z.ZodType<AvailableLocalesResponse>;
/** The lines the site loads at boot (answered pre-serialized with an ETag, so documented, not checked). */
export const localeLinesResponse = entity({ language: z.string(), name: z.string(), lines }) satisfies z.ZodType<LocaleLinesResponse>;
export const chosenLocaleResponse = entity({ language: z.string() });
/** A conditional GET whose ETag still matches: no body. */
export const notModifiedResponse = z.null().meta({ description: 'Not modified: the copy you hold (If-None-Match) is current.' });
