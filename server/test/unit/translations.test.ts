import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGLISH_FILE, collectKeys } from '../../../scripts/translations.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the default English localization', () => {
  it('lists every trans() key in the code (run `npm run i18n:collect` after adding strings)', () => {
    const onDisk = JSON.parse(fs.readFileSync(path.join(root, ENGLISH_FILE), 'utf8'));
    expect(onDisk).toEqual(collectKeys(root));
  });
});
