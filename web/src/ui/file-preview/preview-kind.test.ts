import { describe, expect, it } from 'vitest';
import { previewKind } from './preview-kind';

const e = (type: string, mime: string, extension: string | null, file_size: number) => ({ type: type as never, mime, extension, file_size });

describe('previewKind', () => {
  it('shows text up to 5,242,880 bytes, then the too-large message', () => {
    expect(previewKind(e('text', 'text/plain', 'txt', 5_242_880))).toBe('text');
    expect(previewKind(e('text', 'text/plain', 'txt', 5_242_881))).toBe('too-large');
    expect(previewKind(e('spreadsheet', 'text/csv', 'csv', 100))).toBe('text');
  });

  it('office documents: the too-large message above 25,000,000 bytes, else no preview (no online viewer)', () => {
    expect(previewKind(e('word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 25_000_001))).toBe('too-large');
    expect(previewKind(e('spreadsheet', 'application/vnd.ms-excel', 'xls', 1000))).toBe('none');
  });

  it('media and pdf preview in place; anything else has no preview', () => {
    expect(previewKind(e('image', 'image/png', 'png', 10))).toBe('image');
    expect(previewKind(e('video', 'video/mp4', 'mp4', 10))).toBe('video');
    expect(previewKind(e('audio', 'audio/mpeg', 'mp3', 10))).toBe('audio');
    expect(previewKind(e('pdf', 'application/pdf', 'pdf', 10))).toBe('pdf');
    // A PDF is read into the browser's memory to be drawn: a huge one is a download.
    expect(previewKind(e('pdf', 'application/pdf', 'pdf', 50_000_001))).toBe('too-large');
    expect(previewKind(e('archive', 'application/zip', 'zip', 10))).toBe('none');
    // An SVG is served only as a download: no preview, rather than a failed one.
    expect(previewKind(e('image', 'image/svg+xml', 'svg', 10))).toBe('none');
    expect(previewKind(e('file', 'application/octet-stream', 'bin', 10))).toBe('none');
  });
});
