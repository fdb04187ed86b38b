import { z } from '../zod.ts';
import { FILE_TYPES, type FileEntry, type UploadSession } from '../files.ts';
import { entity, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';

export const fileEntryEntity = entity({
  id: recordId,
  name: z.string(),
  file_name: z.string(),
  mime: z.string(),
  type: z.enum(FILE_TYPES),
  extension: z.string().nullable(),
  file_size: z.number().int(),
  hash: z.string(),
  content_hash: z.string(),
  public: z.boolean(),
  disk: z.string(),
  owner_id: recordId.nullable(),
  owner: entity({ id: recordId, email: z.string(), display_name: z.string(), avatar: z.string().nullable() }).nullable(),
  parent_id: recordId.nullable(),
  url: z.string(),
  thumbnail: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
}).meta({
  id: 'FileEntry',
  examples: [{
    id: 88, name: 'night.mp4', file_name: 'uploads/3f9c2a7e/night.mp4', mime: 'video/mp4', type: 'video', extension: 'mp4', file_size: 73400320,
    hash: '3f9c2a7e51d04b6a', content_hash: 'c0ffee'.padEnd(64, '0'), public: false, disk: 'local', owner_id: 1,
    owner: { id: 1, email: 'admin@example.com', display_name: 'Admin', avatar: null }, parent_id: null,
    url: '/api/v1/file-entries/download/3f9c2a7e51d04b6a', thumbnail: null, created_at: T, updated_at: T,
  }],
}) satisfies z.ZodType<FileEntry>;

export const uploadSessionEntity = entity({
  id: z.string(), chunk_size: z.number().int(), total_chunks: z.number().int(), uploaded_chunks: z.array(z.number().int()),
}).meta({ id: 'UploadSession', examples: [{ id: 'b7c1e0d2-5a8f-4f3e-9d61-2c4a7e9b0f13', chunk_size: 5242880, total_chunks: 14, uploaded_chunks: [0, 1, 2] }] }) satisfies z.ZodType<UploadSession>;

export const fileEntryListResponse = paginated(fileEntryEntity);
/** Bulk delete: how many records went. */
export const deletedCountResponse = entity({ deleted: z.number().int(), message: z.string().optional() });
export const previewTokenResponse = entity({ preview_token: z.string() });
export const serverMaxFileSizeResponse = entity({ maxSize: z.number().int() });
export const uploadSessionResponse = entity({ upload: uploadSessionEntity });
export const uploadCompleteResponse = entity({ fileEntry: fileEntryEntity });
