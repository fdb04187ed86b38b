import fs from 'node:fs';
import path from 'node:path';

/** Folders whose source is scanned for `trans('…')` keys. */
export const SOURCE_DIRS = ['web/src', 'server/src'];
export const ENGLISH_FILE = 'contracts/src/locales/en.json';

// trans('text' …) or trans("text" …): the first argument must be a literal so it can be collected.
const CALL = /\btrans\(\s*(['"])((?:\\.|(?!\1).)*)\1/g;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** Every key passed to trans() in the code, sorted, each mapped to itself (English is the key). */
export function collectKeys(root: string): Record<string, string> {
  const keys = new Set<string>();
  for (const dir of SOURCE_DIRS) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const file of files(abs)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(CALL)) keys.add(m[2].replace(/\\(['"\\])/g, '$1'));
    }
  }
  return Object.fromEntries([...keys].sort().map((k) => [k, k]));
}
