import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_HOMEPAGE_APPEARANCE, DEFAULT_MENUS, PERMISSIONS, SETTINGS } from '@app/contracts';

/** Folders whose source is scanned for translation keys. */
export const SOURCE_DIRS = ['web/src', 'server/src', 'contracts/src'];
export const ENGLISH_FILE = 'contracts/src/locales/en.json';

// trans('text' …) or trans("text" …), and the server's translate(lines, 'text' …) (undefined lines: an English message):
// the first argument must be a literal so it can be collected.
const CALL = /\b(?:trans\(|translate\(\s*[\w.]+\s*,)\s*(['"])((?:\\.|(?!\1).)*)\1/g;
// Messages the server answers with: notFound('…'), forbidden('…'), unprocessable(field, '…'), new HttpError(422, '…').
const ERROR_CALL = /\b(?:notFound\(|forbidden\(|unprocessable\([^,()]+,|HttpError\(\s*\d+\s*,)\s*(['"])((?:\\.|(?!\1).)*)\1/g;
// Any other string literal that reads as a sentence (a capital, a space, a final stop) in the server and the
// contracts: validation messages, message constants, answers. They reach people, so the editor must list them.
const LITERAL = /'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)"/g;
const SENTENCE = /^[A-Z][^\n]*\s[^\n]*[.?!]$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

const unescape = (s: string) => s.replace(/\\(['"\\])/g, '$1');
// Comment lines hold prose with apostrophes that would pair up as bogus literals.
const withoutComments = (src: string) => src.split('\n').filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l)).join('\n');
/** SQL text is not a sentence anyone reads. */
const SQL = /^(SELECT|INSERT|UPDATE|DELETE|CREATE|WITH)\s/;

/**
 * Without the API documentation: `.meta({ ... })` and `.describe(...)` arguments (OpenAPI descriptions and example
 * bodies) are read by developers in /api-docs, not shown to site users, so they are not translation keys.
 */
function withoutApiDocs(src: string): string {
  let out = '';
  let i = 0;
  for (const m of src.matchAll(/\.(meta|describe)\(/g)) {
    if (m.index < i) continue;
    out += src.slice(i, m.index);
    // Skip to the matching close paren, ignoring parens inside string literals.
    let depth = 0;
    let j = m.index + m[0].length - 1;
    for (; j < src.length; j++) {
      const c = src[j];
      if (c === "'" || c === '"' || c === '`') {
        for (j++; j < src.length && src[j] !== c; j++) if (src[j] === '\\') j++;
      } else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
    }
    i = j + 1;
  }
  return out + src.slice(i);
}

/** Every translation key in the code, sorted, each mapped to itself (English is the key). */
export function collectKeys(root: string): Record<string, string> {
  const keys = new Set<string>();
  for (const dir of SOURCE_DIRS) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    const messages = dir !== 'web/src';
    for (const file of files(abs)) {
      // Seeded demo content is data, not interface text.
      if (file.includes(`${path.sep}seed${path.sep}`)) continue;
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(CALL)) keys.add(unescape(m[2]));
      if (!messages) continue;
      for (const m of src.matchAll(ERROR_CALL)) keys.add(unescape(m[2]));
      for (const m of withoutApiDocs(withoutComments(src)).matchAll(LITERAL)) {
        const text = unescape(m[1] ?? m[2]);
        if (SENTENCE.test(text) && !SQL.test(text)) keys.add(text);
      }
    }
  }
  // Permission names and descriptions are built from templates (contracts/src/permissions.ts crud()): the role
  // editor shows them through trans(), so every built text is a key of its own.
  for (const p of PERMISSIONS) {
    keys.add(p.display_name);
    keys.add(p.description);
    for (const r of p.restrictions) keys.add(r.description);
  }
  // The site shows the operator's texts through trans() (menu labels, landing page, cookie notice button): their
  // built-in defaults are keys too, so a site in another language can translate what it shows out of the box.
  for (const text of operatorDefaults()) keys.add(text);
  return Object.fromEntries([...keys].sort().map((k) => [k, k]));
}

/** The built-in texts of the menus, the landing page and the cookie notice button. */
function operatorDefaults(): string[] {
  const a = DEFAULT_HOMEPAGE_APPEARANCE;
  const cookieButton = JSON.parse(SETTINGS['client.cookie_notice.button'].default) as { label?: string } | null;
  return [
    ...DEFAULT_MENUS.flatMap((m) => m.items.map((i) => i.label)),
    a.headerTitle, a.headerSubtitle, a.footerTitle, a.footerSubtitle, a.pricingTitle, a.pricingSubtitle,
    ...Object.values(a.actions).map((cta) => cta.label),
    ...a.primaryFeatures.flatMap((f) => [f.title, f.subtitle]),
    ...a.secondaryFeatures.flatMap((f) => [f.title, f.subtitle, f.description]),
    cookieButton?.label ?? '',
  ].filter((text) => text.trim() !== '');
}
