import { isUniqueViolation, onDuplicate } from '../db/errors.ts';

/**
 * The first of `base`, `base-2`, `base-3`... that `taken` says is free, cut to `maxLength`: a slug the server makes
 * from a name (the admin left the field empty) is never refused as "already in use". Null when 999 are taken.
 */
export async function firstFreeSlug(base: string, maxLength: number, taken: (slug: string) => Promise<boolean>): Promise<string | null> {
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const slug = `${Array.from(base).slice(0, maxLength - suffix.length).join('').replace(/-+$/, '')}${suffix}`;
    if (!(await taken(slug))) return slug;
  }
  return null;
}

/** How often a server-made slug is made again after another request took it at the same moment. */
const SLUG_RETRIES = 10;

/**
 * Writes a row under a slug: the one the admin typed (taken: `inUse()`, the field error), or one the server makes
 * with `derive` (the first free one). Two saves at once can both find the same slug free; the unique index lets one
 * in, and the other makes its slug again and gets the next number ("about-2") instead of a refusal of a slug the
 * admin never typed.
 */
export async function writeWithSlug<T>(typed: string | null | undefined, derive: () => Promise<string>, write: (slug: string) => Promise<T>, inUse: () => Error): Promise<T> {
  if (typed) return onDuplicate(write(typed), inUse);
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(await derive());
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= SLUG_RETRIES) throw inUse();
    }
  }
}
