/**
 * Public URLs the server makes for the files it stores: `/storage/{folder}/{uuid}.{ext}`. Only such a URL is
 * ever turned back into a storage key, and the key is rebuilt from the matched parts, so no value a client
 * wrote (`/storage/../db.sqlite`, `/storage/avatars/../../x`) can point a delete or a read anywhere else.
 */
const SERVER_MADE = /^\/storage\/([a-z][a-z_-]*)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{2,4})$/;

/** The storage key of a URL the server made for an upload into one of `folders`, or null for anything else. */
export function storedKeyOf(url: string | null | undefined, folders: readonly string[]): string | null {
  const m = url ? SERVER_MADE.exec(url) : null;
  if (!m || !folders.includes(m[1])) return null;
  return `public/${m[1]}/${m[2]}.${m[3]}`;
}

/** An http(s) address on another site (e.g. a social login's profile picture): shown, never stored or deleted by us. */
export function isExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
