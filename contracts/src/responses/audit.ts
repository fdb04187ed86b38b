import { z } from '../zod.ts';
import type { AuditEntry } from '../audit.ts';
import type { CsvExportResponse } from '../users.ts';
import { entity, isoTime, paginated, recordId } from './common.ts';

export const auditEntryEntity = entity({
  id: recordId,
  user: entity({ id: recordId, display_name: z.string(), email: z.string(), avatar: z.string().nullable() }).nullable(),
  via: z.enum(['session', 'token']),
  ip: z.string().nullable(),
  method: z.string(),
  action: z.string(),
  record_type: z.string().nullable(),
  record_id: z.string().nullable(),
  status: z.number().int(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
  created_at: isoTime,
}).meta({
  id: 'AuditEntry',
  examples: [{
    id: 901, user: { id: 1, display_name: 'Admin', email: 'admin@example.com', avatar: null }, via: 'session', ip: '203.0.113.7', method: 'POST',
    action: '/api/v1/settings', record_type: 'settings', record_id: null, status: 200, changes: { 'client.branding.site_name': ['Old', 'New'] }, created_at: '2026-01-31T12:00:00.000Z',
  }],
}) satisfies z.ZodType<AuditEntry>;

export const auditListResponse = paginated(auditEntryEntity);
export const auditActionsResponse = entity({ actions: z.array(z.string()) });

/** A CSV export: a download path at once, or a queued job whose link comes by mail. */
export const csvExportResponse = entity({ downloadPath: z.string().optional(), result: z.literal('jobQueued').optional(), message: z.string().optional() }) satisfies z.ZodType<CsvExportResponse>;
