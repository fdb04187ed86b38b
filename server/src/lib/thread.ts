import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread on `entry`, a .ts file when the caller runs from source (tests, the bench: the thread registers
 * tsx first) or the built .js file beside it. tsx's ESM API is used: its CommonJS build registers its hooks by a path
 * that does not exist in a thread.
 */
export function startThread(entry: URL, options: WorkerOptions): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => m.register()).then(() => import(${JSON.stringify(entry.href)}))`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Runs the calling thread at a lower CPU priority (nice 10) on Linux, where setpriority on a thread id affects that
 * thread only: on a busy machine the request thread is served first. Elsewhere (no /proc/thread-self, or not
 * allowed) the thread keeps the process's priority.
 */
export function lowerThreadPriority(): void {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(tid) && tid > 0) os.setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed.
  }
}
