import type { Kysely } from 'kysely';

/** Uploads disk drivers whose bytes really went somewhere else than the local disk (rackspace never had a client). */
const REMOTE = ['s3', 'digitalocean_s3', 'backblaze_s3', 'ftp', 'dropbox'];

/**
 * `file_entries.disk` named the disk ('uploads'); it now names the driver the bytes went to ('local', 's3', ...),
 * so a file stays reachable after the uploads disk is switched. Existing files were stored on the driver selected now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', 'server.uploads_disk_driver').executeTakeFirst();
  let driver = 'local';
  try {
    const saved = row ? JSON.parse(row.value) : 'local';
    if (REMOTE.includes(saved)) driver = saved;
  } catch { /* an unreadable value keeps the default, as the settings service does */ }
  await db.updateTable('file_entries').set({ disk: driver }).where('disk', '=', 'uploads').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('file_entries').set({ disk: 'uploads' }).execute();
}
