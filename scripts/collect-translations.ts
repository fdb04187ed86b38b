// Writes the default English localization from every trans() call in the code.
import fs from 'node:fs';
import path from 'node:path';
import { ENGLISH_FILE, collectKeys } from './translations.ts';

const root = path.resolve(import.meta.dirname, '..');
const lines = collectKeys(root);
fs.mkdirSync(path.dirname(path.join(root, ENGLISH_FILE)), { recursive: true });
fs.writeFileSync(path.join(root, ENGLISH_FILE), `${JSON.stringify(lines, null, 2)}\n`);
console.log(`${Object.keys(lines).length} lines written to ${ENGLISH_FILE}`);
