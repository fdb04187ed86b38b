import { OFFICE_PREVIEW_MAX_BYTES, PDF_PREVIEW_MAX_BYTES, TEXT_PREVIEW_MAX_BYTES, isRasterImage, type FileEntry } from '@app/contracts/files';

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'too-large' | 'none';

const OFFICE_EXTENSIONS = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf']);

/**
 * How the previewer shows a file (Part B §4). Text-based formats filed under another type (CSV is a spreadsheet)
 * show as text. Office documents need an online viewer that fetches the file itself; none is reachable from here
 * (and handing a private file's link to an outside service is the operator's call), so they take the spec's
 * fallback for a viewer that does not load in time: the too-large message above the limit, else no preview.
 */
export function previewKind(entry: Pick<FileEntry, 'type' | 'mime' | 'extension' | 'file_size'>): PreviewKind {
  if (OFFICE_EXTENSIONS.has(entry.extension ?? '')) return entry.file_size > OFFICE_PREVIEW_MAX_BYTES ? 'too-large' : 'none';
  if (entry.type === 'text' || entry.mime.startsWith('text/') || entry.mime === 'application/json') {
    return entry.file_size > TEXT_PREVIEW_MAX_BYTES ? 'too-large' : 'text';
  }
  // An SVG is sent only as a download (it can carry script): there is nothing to draw, which is not an error.
  if (entry.type === 'image' && !isRasterImage(entry.mime)) return 'none';
  if (entry.type === 'pdf' && entry.file_size > PDF_PREVIEW_MAX_BYTES) return 'too-large';
  if (entry.type === 'image' || entry.type === 'video' || entry.type === 'audio' || entry.type === 'pdf') return entry.type;
  return 'none';
}
