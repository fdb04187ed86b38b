import { describe, expect, it } from 'vitest';
import { fileFingerprint, localUploadError } from './uploads';

const file = (name: string, size: number, lastModified = 1) => new File([new Uint8Array(size)], name, { lastModified });
const open = { maxSize: null, allowed: [], blocked: [] };

describe('uploader', () => {
  it('fingerprints the same file the same way and different files differently', () => {
    expect(fileFingerprint(file('a.png', 10))).toBe(fileFingerprint(file('a.png', 10)));
    expect(fileFingerprint(file('a.png', 10))).not.toBe(fileFingerprint(file('a.png', 10, 2)));
    expect(fileFingerprint(file('a.png', 10))).toMatch(/^[\w.:-]{8,128}$/);
  });

  it('refuses locally what the server would refuse', () => {
    expect(localUploadError(file('a.txt', 0), open)).toBe('The file is empty.');
    expect(localUploadError(file('a.EXE', 5), { ...open, blocked: ['exe'] })).toBe('Files with the .exe extension are not allowed.');
    expect(localUploadError(file('a.txt', 5), { ...open, allowed: ['png'] })).toBe('Files with the .txt extension are not allowed.');
    expect(localUploadError(file('README', 5), { ...open, allowed: ['png'] })).toBe('Files without an extension are not allowed.');
    expect(localUploadError(file('a.png', 2048), { ...open, maxSize: 1024 })).toBe('The file may not be greater than 1 KB.');
    expect(localUploadError(file('a.png', 1024), { ...open, maxSize: 1024, allowed: ['png'] })).toBeNull();
  });
});
