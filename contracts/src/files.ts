import { z } from './zod.ts';
import { ID_MAX } from './list.ts';

/** File types (Part B §9) plus 'file' for anything that fits none of them. */
export const FILE_TYPES = ['text', 'audio', 'video', 'image', 'pdf', 'spreadsheet', 'word', 'photoshop', 'archive', 'folder', 'file'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** Previewer limits (Part B §4 and §9). */
export const TEXT_PREVIEW_MAX_BYTES = 5_242_880;
export const OFFICE_PREVIEW_MAX_BYTES = 25_000_000;
/** A PDF is previewed from a copy in the browser's memory (web previews.tsx PdfPreview), so a huge one is offered as a download. */
export const PDF_PREVIEW_MAX_BYTES = 50_000_000;
export const OFFICE_PREVIEW_TIMEOUT_MS = 5000;
/** Without a generated thumbnail, an image this large is not shown as its own thumbnail. */
export const THUMBNAIL_FALLBACK_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Image types a browser only ever draws as pixels (extension to MIME type): the server sends these inline, and the
 * previewer and the files list show them as images. Any other image (SVG can carry script) is a download only.
 */
export const RASTER_IMAGE_TYPES: ReadonlyMap<string, string> = new Map([
  ['png', 'image/png'], ['jpg', 'image/jpeg'], ['jpeg', 'image/jpeg'], ['gif', 'image/gif'], ['webp', 'image/webp'],
  ['avif', 'image/avif'], ['ico', 'image/x-icon'],
]);
const RASTER_IMAGE_MIMES = new Set(RASTER_IMAGE_TYPES.values());
/** Whether a file's bytes show as an image in a browser (an SVG does not: it is served as a download). */
export const isRasterImage = (mime: string) => RASTER_IMAGE_MIMES.has(mime.split(';')[0].trim().toLowerCase());

/** Largest single request body the server accepts for one chunk: what "server max file size" means here. */
export const SERVER_MAX_CHUNK_BYTES = 100 * 1024 * 1024;
/** A preview token opens one private file without cookies for this long. */
export const PREVIEW_TOKEN_TTL_MS = 30 * 60 * 1000;

export interface FileEntryOwner {
  id: number;
  email: string;
  display_name: string;
  avatar: string | null;
}

export interface FileEntry {
  id: number;
  name: string;
  /** Storage key; never a disk path. */
  file_name: string;
  mime: string;
  type: FileType;
  extension: string | null;
  file_size: number;
  /** Identifies the file in download URLs. */
  hash: string;
  /** sha256 of the bytes. */
  content_hash: string;
  public: boolean;
  /** Storage driver the bytes were stored on ('local', 's3', ...). */
  disk: string;
  owner_id: number | null;
  owner: FileEntryOwner | null;
  parent_id: number | null;
  /** Download URL (needs a session, a preview token or a public file). */
  url: string;
  /** Thumbnail URL when one was generated. */
  thumbnail: string | null;
  created_at: string;
  updated_at: string;
}

/** Name rules shared by the uploader and the server: no folders, no control characters, no dot-only names. */
export const fileNameSchema = z.string().trim().min(1, 'The file name is required.').max(255, 'The file name may not be longer than 255 characters.')
  // eslint-disable-next-line no-control-regex
  .refine((n) => !/[/\\\u0000-\u001f]/.test(n) && !/^\.+$/.test(n), 'The file name is not valid.');

/** Starts an upload, or resumes the caller's upload with the same fingerprint. */
export const uploadInitSchema = z.object({
  /** Client-side id of this file (e.g. name, size and modified time hashed): the same file resumes. */
  fingerprint: z.string().trim().min(8).max(128).regex(/^[\w.:-]+$/, 'The upload fingerprint is not valid.'),
  name: fileNameSchema,
  size: z.number().int().min(0),
  mime: z.string().max(255).optional(),
  parent_id: z.number().int().positive().max(ID_MAX).nullable().optional(),
  /** Optional sha256 (hex) of the whole file; the server compares it with what it assembled. */
  sha256: z.string().regex(/^[a-f0-9]{64}$/).optional(),
}).meta({ examples: [{ fingerprint: 'night.mp4-73400320-1769860800000', name: 'night.mp4', size: 73400320, mime: 'video/mp4', parent_id: null }] });
export type UploadInit = z.infer<typeof uploadInitSchema>;

export interface UploadSession {
  id: string;
  chunk_size: number;
  total_chunks: number;
  uploaded_chunks: number[];
}
