import { z } from '../zod.ts';
import { entity } from './common.ts';

const part = entity({ ok: z.boolean(), ms: z.number(), error: z.string().optional() });
/** `GET health`: 200 when every part answers, 503 naming the failing ones. */
export const healthResponse = entity({
  status: z.enum(['ok', 'failing']),
  failed: z.array(z.string()),
  checks: entity({ database: part, queue: part, cache: part, storage: part }),
}).meta({
  examples: [{ status: 'ok', failed: [], checks: { database: { ok: true, ms: 1 }, queue: { ok: true, ms: 2 }, cache: { ok: true, ms: 0 }, storage: { ok: true, ms: 3 } } }],
});
