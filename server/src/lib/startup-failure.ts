import fs from 'node:fs';
import path from 'node:path';
import { ZodError } from 'zod';
import type { Config } from '../config.ts';

/** An error whose message is meant for the operator as it is (a start, a backup). */
export class OperatorError extends Error {}

type Where = Partial<Pick<Config, 'port' | 'host' | 'database' | 'storagePath'>>;

/**
 * What an operator reads when the server cannot start: one line naming the setting to change, instead of a stack trace
 * (or, worse, a process that stays up without listening: main.ts's top-level await would hand the error to the process
 * guard, which keeps the process alive, so a supervisor never restarts it and nobody is served).
 *
 * Errors it does not know keep their stack: they are bugs, and the stack is what finds them.
 */
export function startupFailure(err: unknown, where: Where = {}): { line: string; stack?: string } {
  if (err instanceof OperatorError) return { line: err.message };
  if (err instanceof ZodError) {
    const fields = err.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
    return { line: `Invalid environment variable ${fields.join('; ')}` };
  }
  const e = innermost(err);
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = e instanceof Error ? e.message : String(err);
  const listenAt = `${where.host ?? '0.0.0.0'}:${where.port ?? ''}`;
  if (code === 'EADDRINUSE') return { line: `Port ${where.port} is already in use on ${where.host} (another server is running there): stop it, or set PORT to a free port.` };
  if (code === 'EACCES' && e?.syscall === 'listen') return { line: `No permission to listen on ${listenAt}: choose a PORT above 1023, or let a reverse proxy listen on the low port.` };
  if (code === 'EADDRNOTAVAIL' || (code === 'ENOTFOUND' && e?.syscall === 'listen')) return { line: `Cannot listen on ${listenAt}: HOST is not an address of this machine.` };
  const sqliteFolder = e?.syscall === 'mkdir' && ['ENOTDIR', 'EACCES', 'EROFS', 'EEXIST', 'EPERM'].includes(code);
  if ((code.startsWith('SQLITE_CANTOPEN') || sqliteFolder) && where.database?.kind === 'sqlite') {
    return { line: `Cannot open the SQLite database ${where.database.file}: its folder must exist and be writable by this user (DATABASE_URL, STORAGE_PATH).` };
  }
  if (where.database?.kind === 'postgres' && isPostgresFailure(e, code)) {
    return { line: `Cannot use the PostgreSQL database ${safeDatabaseUrl(where.database.url)}: ${message} (DATABASE_URL).` };
  }
  return { line: message, stack: err instanceof Error ? err.stack : undefined };
}

/** Creates the storage folder and proves it writable, so a wrong STORAGE_PATH stops the start instead of every upload. */
export function checkStoragePath(storagePath: string): void {
  try {
    fs.mkdirSync(storagePath, { recursive: true });
    const probe = path.join(storagePath, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new OperatorError(`The storage folder ${storagePath} is not writable by this user (${reason}): create it, fix its owner, or set STORAGE_PATH.`);
  }
}

interface Coded { code?: unknown; syscall?: unknown; message?: string; cause?: unknown }

/** The error under the wrappers (a failed migration wraps the connection's error as its cause). */
function innermost(err: unknown): (Error & Coded) | undefined {
  let e = err as (Error & Coded) | undefined;
  for (let i = 0; i < 5 && e && typeof e === 'object' && e.cause && typeof e.cause === 'object'; i++) e = e.cause as Error & Coded;
  return e && typeof e === 'object' ? e : undefined;
}

/** Connection refused or unknown host, a wrong password or database name (PostgreSQL's SQLSTATE classes 08, 28, 3D). */
function isPostgresFailure(e: Coded | undefined, code: string): boolean {
  return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH'].includes(code) || /^(08|28|3D)/.test(code)
    || /terminated|timeout|SASL|password/i.test(e?.message ?? '');
}

/** The URL without its password, fit for a log line. */
export function safeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
