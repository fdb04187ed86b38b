import { z, required } from './zod.ts';
import { malformedPlural, type Lines } from './i18n.ts';

/** A localization as the admin list shows it; `lines` only on the single-localization call. */
export interface Localization {
  id: number;
  name: string;
  language: string;
  /** The default localization cannot be deleted. */
  is_default: boolean;
  created_at: string;
  updated_at: string;
  lines?: Lines;
}

/** Entry of the languages lookup. */
export interface Language {
  code: string;
  name: string;
}

/** What the site loads at boot: the active locale's lines (public, cached by ETag). */
export interface LocaleLinesResponse {
  language: string;
  name: string;
  lines: Lines;
}

/** Which localizations a visitor can pick, and the one in use. */
export interface AvailableLocalesResponse {
  current: string;
  localizations: { name: string; language: string }[];
}

/** The localization the code ships (contracts/src/locales/en.json). */
export const DEFAULT_LANGUAGE = 'en';
/** Cookie that keeps a visitor's language choice (users keep it on their account too). */
export const LOCALE_COOKIE = 'locale';
/** The translation editor's estimated row height in pixels (spec constant). */
export const TRANSLATION_ROW_HEIGHT = 123;
/** Upper bounds that keep one localization document reasonable. */
export const MAX_TRANSLATION_LINES = 50_000;
export const MAX_TRANSLATION_KEY = 2000;
/** A plural line's translation whose forms would show as written (the editor's hint shows the right shape). */
export const PLURAL_MESSAGE = 'The plural forms of this translation are malformed.';
export const MAX_TRANSLATION_VALUE = 10_000;

/** Language codes and English names for the languages lookup (ISO 639-1 plus common regional variants). */
export const LANGUAGES: Language[] = [
  { code: 'af', name: 'Afrikaans' }, { code: 'am', name: 'Amharic' }, { code: 'ar', name: 'Arabic' }, { code: 'az', name: 'Azerbaijani' },
  { code: 'be', name: 'Belarusian' }, { code: 'bg', name: 'Bulgarian' }, { code: 'bn', name: 'Bengali' }, { code: 'bs', name: 'Bosnian' },
  { code: 'ca', name: 'Catalan' }, { code: 'cs', name: 'Czech' }, { code: 'cy', name: 'Welsh' }, { code: 'da', name: 'Danish' },
  { code: 'de', name: 'German' }, { code: 'el', name: 'Greek' }, { code: 'en', name: 'English' }, { code: 'en-GB', name: 'English (United Kingdom)' },
  { code: 'eo', name: 'Esperanto' }, { code: 'es', name: 'Spanish' }, { code: 'es-MX', name: 'Spanish (Mexico)' }, { code: 'et', name: 'Estonian' },
  { code: 'eu', name: 'Basque' }, { code: 'fa', name: 'Persian' }, { code: 'fi', name: 'Finnish' }, { code: 'fil', name: 'Filipino' },
  { code: 'fr', name: 'French' }, { code: 'fr-CA', name: 'French (Canada)' }, { code: 'ga', name: 'Irish' }, { code: 'gl', name: 'Galician' },
  { code: 'gu', name: 'Gujarati' }, { code: 'he', name: 'Hebrew' }, { code: 'hi', name: 'Hindi' }, { code: 'hr', name: 'Croatian' },
  { code: 'hu', name: 'Hungarian' }, { code: 'hy', name: 'Armenian' }, { code: 'id', name: 'Indonesian' }, { code: 'is', name: 'Icelandic' },
  { code: 'it', name: 'Italian' }, { code: 'ja', name: 'Japanese' }, { code: 'ka', name: 'Georgian' }, { code: 'kk', name: 'Kazakh' },
  { code: 'km', name: 'Khmer' }, { code: 'kn', name: 'Kannada' }, { code: 'ko', name: 'Korean' }, { code: 'ku', name: 'Kurdish' },
  { code: 'ky', name: 'Kyrgyz' }, { code: 'lo', name: 'Lao' }, { code: 'lt', name: 'Lithuanian' }, { code: 'lv', name: 'Latvian' },
  { code: 'mk', name: 'Macedonian' }, { code: 'ml', name: 'Malayalam' }, { code: 'mn', name: 'Mongolian' }, { code: 'mr', name: 'Marathi' },
  { code: 'ms', name: 'Malay' }, { code: 'mt', name: 'Maltese' }, { code: 'my', name: 'Burmese' }, { code: 'nb', name: 'Norwegian Bokmål' },
  { code: 'ne', name: 'Nepali' }, { code: 'nl', name: 'Dutch' }, { code: 'pa', name: 'Punjabi' }, { code: 'pl', name: 'Polish' },
  { code: 'ps', name: 'Pashto' }, { code: 'pt', name: 'Portuguese' }, { code: 'pt-BR', name: 'Portuguese (Brazil)' }, { code: 'ro', name: 'Romanian' },
  { code: 'ru', name: 'Russian' }, { code: 'si', name: 'Sinhala' }, { code: 'sk', name: 'Slovak' }, { code: 'sl', name: 'Slovenian' },
  { code: 'so', name: 'Somali' }, { code: 'sq', name: 'Albanian' }, { code: 'sr', name: 'Serbian' }, { code: 'sv', name: 'Swedish' },
  { code: 'sw', name: 'Swahili' }, { code: 'ta', name: 'Tamil' }, { code: 'te', name: 'Telugu' }, { code: 'tg', name: 'Tajik' },
  { code: 'th', name: 'Thai' }, { code: 'tk', name: 'Turkmen' }, { code: 'tr', name: 'Turkish' }, { code: 'uk', name: 'Ukrainian' },
  { code: 'ur', name: 'Urdu' }, { code: 'uz', name: 'Uzbek' }, { code: 'vi', name: 'Vietnamese' }, { code: 'yo', name: 'Yoruba' },
  { code: 'zh', name: 'Chinese (Simplified)' }, { code: 'zh-TW', name: 'Chinese (Traditional)' }, { code: 'zu', name: 'Zulu' },
];

const LANGUAGE_CODES = new Set(LANGUAGES.map((l) => l.code));

const nameField = z.string(required('The name field is required.')).trim().min(1, 'The name field is required.').max(100, 'The name may not be greater than 100 characters.');
const languageField = z.string(required('The language field is required.')).trim().min(1, 'The language field is required.')
  .refine((c) => LANGUAGE_CODES.has(c), 'The selected language is invalid.');

/**
 * Translation lines: English text → translation. Keys must not be empty (a blank key could never be looked up);
 * values may be empty, which means "not translated" (the English text shows).
 */
export const linesSchema = z.record(z.string(), z.string().max(MAX_TRANSLATION_VALUE, 'A translation may not be greater than 10000 characters.'))
  .superRefine((lines, ctx) => {
    const keys = Object.keys(lines);
    if (keys.length > MAX_TRANSLATION_LINES) ctx.addIssue({ code: 'custom', message: 'A localization may not have more than 50000 lines.' });
    for (const key of keys) {
      if (!key.trim()) {
        ctx.addIssue({ code: 'custom', message: 'The translation key is required.' });
        return;
      }
      if (key.length > MAX_TRANSLATION_KEY) {
        ctx.addIssue({ code: 'custom', message: 'A translation key may not be greater than 2000 characters.' });
        return;
      }
      // Field `lines.<key>`, so the editor marks the line itself.
      if (malformedPlural(key, lines[key])) ctx.addIssue({ code: 'custom', path: [key], message: PLURAL_MESSAGE });
    }
  });

export const localizationCreateSchema = z.object({ name: nameField, language: languageField }).meta({ examples: [{ name: 'French', language: 'fr' }] });
export type LocalizationCreate = z.infer<typeof localizationCreateSchema>;

/** Any subset of name, language and lines; lines replace the stored lines as a whole. */
export const localizationUpdateSchema = z.object({ name: nameField.optional(), language: languageField.optional(), lines: linesSchema.optional() })
  .meta({ examples: [{ name: 'Français', lines: { 'Sign in': 'Se connecter', 'Sign out': 'Se déconnecter' } }] });
export type LocalizationUpdate = z.infer<typeof localizationUpdateSchema>;

/** The 'Add new translation' modal. */
export const translationLineSchema = z.object({
  key: z.string().trim().min(1, 'The translation key is required.').max(MAX_TRANSLATION_KEY),
  value: z.string().trim().min(1, 'The translation value is required.').max(MAX_TRANSLATION_VALUE),
});
export type TranslationLine = z.infer<typeof translationLineSchema>;

/** A visitor's language choice. */
export const chooseLocaleSchema = z.object({ language: z.string().trim().min(1, 'The language field is required.').max(10) }).meta({ examples: [{ language: 'fr' }] });
