/** What other modules plug in: channels with contentModel 'news' load their cards here; the scheduler runs the import daily. */
export { loadNewsCards } from './repository.ts';
export { importNews, type NewsImportResult } from './import.ts';
