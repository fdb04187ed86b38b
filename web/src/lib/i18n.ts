import { translate, type Lines, type Replacements } from '@app/contracts/i18n';
import { localizeMessage } from '@app/contracts/localize';

/** Lines of the active localization, keyed by the English text. Empty until a localization is loaded. */
let activeLines: Lines = {};
const listeners = new Set<() => void>();

/** Replace the active localization's lines (e.g. after loading them from the server). */
export function setTranslationLines(lines: Lines): void {
  activeLines = lines;
  listeners.forEach((l) => l());
}

export function onTranslationsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Translate an English string. Always call with a literal first argument so the collector can find it. */
export function trans(key: string, values?: Replacements): string {
  return translate(activeLines, key, values);
}

/** A validation or server message (English, possibly with its values filled in) in the active language. */
export function transMessage(text: string): string {
  return localizeMessage(activeLines, text);
}
