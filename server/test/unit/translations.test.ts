import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOMEPAGE_APPEARANCE } from '@app/contracts';
import { ENGLISH_FILE, collectKeys } from '../../../scripts/translations.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the default English localization', () => {
  it('lists every trans() key in the code (run `npm run i18n:collect` after adding strings)', () => {
    const onDisk = JSON.parse(fs.readFileSync(path.join(root, ENGLISH_FILE), 'utf8'));
    expect(onDisk).toEqual(collectKeys(root));
  });
  it('lists the built-in texts the site shows from settings: menu labels, the landing page, the cookie notice button', () => {
    const keys = collectKeys(root);
    const a = DEFAULT_HOMEPAGE_APPEARANCE;
    for (const text of ['Home', 'Contact', 'Learn more', a.headerTitle, a.headerSubtitle, a.footerTitle, a.primaryFeatures[0].title, a.secondaryFeatures[0].description]) {
      expect(keys[text], text).toBe(text);
    }
  });
});
