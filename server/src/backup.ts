import { loadConfig } from './config.ts';
import { backupTo } from './db/backup.ts';
import { startupFailure } from './lib/startup-failure.ts';

/**
 * `npm run backup -- <folder> [--database-only]`: a backup of the site the environment names (the same DATABASE_URL and
 * STORAGE_PATH as the server's), safe while the server runs. See db/backup.ts and the README's "Backups".
 */
const args = process.argv.slice(2);
const into = args.find((a) => !a.startsWith('--'));
if (!into) {
  console.error('  Usage: npm run backup -- <folder> [--database-only]');
  process.exit(2);
}
let config;
try {
  config = loadConfig(process.env);
  const result = await backupTo(config, into, { files: !args.includes('--database-only') });
  console.log(`  Backup written to ${result.folder}\n    database: ${result.database}\n    files:    ${result.files}`);
} catch (err) {
  const failure = startupFailure(err, config);
  console.error(`\n  Backup failed: ${failure.line}\n`);
  if (failure.stack) console.error(failure.stack);
  process.exit(1);
}
