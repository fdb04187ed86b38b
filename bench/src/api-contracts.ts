/**
 * Issue 18 figures (`BENCH_ONLY=api`): what route schemas cost. Request validation of the users list call is the
 * validator compiler's work (http/schema.ts: one safeParse of the declared query), timed in batches because one run
 * takes microseconds; the OpenAPI document is timed as the app builds it once when it becomes ready.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {} from '@fastify/swagger'; // its `app.swagger()` decoration
import { listQuerySchema } from '@app/contracts';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { idSchema } from '../../server/src/http/schema.ts';
import { median } from './catalogue.ts';
import type { Report } from './inprocess.ts';

const BATCH = 100;
const BATCHES = 500;

/** Median time of one validation of the users list query, as `GET users` declares it (users/routes.ts). */
function usersListValidation(): number {
  const schema = listQuerySchema.extend({ roleId: idSchema.optional() });
  const query = { page: '3', perPage: '25', query: 'ann', orderBy: 'created_at', orderDir: 'desc', with: 'roles', roleId: '2' };
  const samples: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const started = performance.now();
    for (let i = 0; i < BATCH; i++) if (!schema.safeParse({ ...query }).success) throw new Error('the bench query no longer validates');
    // The first batches warm the JIT up.
    if (b >= 20) samples.push((performance.now() - started) / BATCH);
  }
  return median(samples);
}

/** The first (building) call of `app.swagger()`, which the app makes in its onReady hook (http/openapi.ts). */
async function openApiBuild(): Promise<{ ms: number; paths: number }> {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const built = await buildApp(loadConfig({ DATABASE_URL: path.join(storage, 'db.sqlite'), STORAGE_PATH: storage, LOG_LEVEL: 'silent', NODE_ENV: 'production', APP_URL: 'http://127.0.0.1' }));
  const { app } = built;
  const swagger = app.swagger.bind(app);
  let ms = Number.NaN;
  app.swagger = ((opts?: never) => {
    const started = performance.now();
    const doc = swagger(opts);
    if (Number.isNaN(ms)) ms = performance.now() - started;
    return doc;
  }) as typeof app.swagger;
  try {
    await app.ready();
    return { ms, paths: Object.keys(app.swagger().paths ?? {}).length };
  } finally {
    await app.close();
    fs.rmSync(storage, { recursive: true, force: true });
  }
}

export async function apiContractsBench(report: Report, section: (t: string) => void): Promise<void> {
  section('Route schemas and the OpenAPI document (in-process)');
  const validation = usersListValidation();
  report(`   validation of the users list query (median of ${BATCHES - 20} batches of ${BATCH})`, `${validation.toFixed(4)} ms`, '< 0.1 ms', validation < 0.1);
  const doc = await openApiBuild();
  report(`   OpenAPI document built at start (${doc.paths} paths)`, `${doc.ms.toFixed(0)} ms`, '< 500 ms', doc.ms < 500);
}
