import { describe, expect, it } from 'vitest';
import { safeRedirect } from './guards';

describe('safeRedirect', () => {
  it('follows a path of this site', () => {
    expect(safeRedirect('/titles/1?tab=cast')).toBe('/titles/1?tab=cast');
    expect(safeRedirect('/')).toBe('/');
  });

  it('goes home instead of to another site or nowhere', () => {
    for (const target of ['//evil.example', '/\\evil.example', '/\t/evil.example/x', '/\n/evil.example', '/\r\\evil.example', '/..//evil.example', '/.//evil.example', '/./\\evil.example', '/a/..//evil.example/x', '/%2e%2e//evil.example', 'https://evil.example', 'javascript:alert(1)', 'titles/1', '', null, undefined]) {
      expect(safeRedirect(target), String(target)).toBe('/');
    }
  });
});
