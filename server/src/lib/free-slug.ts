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
