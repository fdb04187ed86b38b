import type SQLite from 'better-sqlite3';

/**
 * Every connection to the app's SQLite file, the request thread's and the event writer thread's, runs with these:
 * WAL (readers keep reading while one connection writes), foreign keys, and a wait instead of an error while another
 * connection holds the write lock.
 */
export function applySqlitePragmas(raw: SQLite.Database): void {
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  // SQLite's default page cache is 2 MB: on a catalogue of hundreds of thousands of titles and millions of report
  // rows, most index pages would be read from the OS again and again. 64 MB keeps the hot ones in the process.
  raw.pragma('cache_size = -65536');
}
