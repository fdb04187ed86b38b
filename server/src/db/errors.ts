/** A unique index or primary key refused the write (two requests racing past the service's own check). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * A write that lost a race with another request: a duplicate (above), a row it refers to deleted meanwhile (a ban
 * written for a user being deleted), or PostgreSQL giving up on one of two transactions that waited on each other.
 * Trying again gives the caller the answer the state now calls for.
 */
export function isLostRace(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return isUniqueViolation(err) || code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '40001' || code === '40P01';
}

/**
 * A write after its service's own duplicate check: when a racing request (a double-clicked Save) inserted the same
 * thing between the check and the write, the unique index refuses it and the caller gets the check's own error.
 */
export async function onDuplicate<T>(write: Promise<T>, error: () => Error): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw error();
    throw err;
  }
}
