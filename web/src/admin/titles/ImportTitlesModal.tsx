import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_DEFAULTS, IMPORT_PROGRESS_MAX, tmdbImportSchema, type ImportedItem, type TmdbImportResponse } from '@app/contracts';
import { api, errorMessage } from '../../lib/api';
import { trans, transMessage } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Select, TextField } from '../../ui/fields';
import { DatePicker } from '../../ui/DatePicker';
import { LookupSelect } from '../../ui/LookupSelect';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/Toast';

interface Values {
  type: string; start_from_page: string; pages_to_import: string; country: string; language: string;
  min_rating: string; max_rating: string; genres: string; keywords: string; start_date: string; end_date: string;
}
const ids = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean).map(Number);
const numOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

/**
 * Imports titles from the movie database, one page (20 titles) per call, showing progress.
 * Cancel stops after the page in flight without an error.
 */
export function ImportTitlesModal({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const qc = useQueryClient();
  const [v, setV] = useState<Values>({
    type: 'movie', start_from_page: String(IMPORT_DEFAULTS.start_from_page), pages_to_import: String(IMPORT_DEFAULTS.pages_to_import),
    country: '', language: '', min_rating: '', max_rating: '', genres: '', keywords: '', start_date: '', end_date: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<ImportedItem[]>([]);
  const [page, setPage] = useState<{ current: number; last: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const running = page !== null;
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setV((o) => ({ ...o, [k]: e.target.value }));

  const run = async () => {
    const payload = {
      type: v.type, start_from_page: Number(v.start_from_page), pages_to_import: Number(v.pages_to_import), current_page: Number(v.start_from_page) || 1,
      country: v.country, language: v.language, min_rating: numOrNull(v.min_rating), max_rating: numOrNull(v.max_rating),
      genres: ids(v.genres), keywords: ids(v.keywords), start_date: v.start_date, end_date: v.end_date,
    };
    const parsed = tmdbImportSchema.safeParse(payload);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= transMessage(issue.message);
      return setErrors(next);
    }
    setErrors({});
    setProgress([]);
    const controller = new AbortController();
    abort.current = controller;
    const first = parsed.data.start_from_page;
    let last = first + parsed.data.pages_to_import - 1;
    let imported = false;
    const count = { imported: 0, failed: 0 };
    try {
      for (let current = first; current <= last; current++) {
        if (controller.signal.aborted) return;
        setPage({ current, last });
        const res = await fetchPage({ ...parsed.data, current_page: current }, controller.signal);
        imported = true;
        for (const item of res.items) count[item.status === 'failed' ? 'failed' : 'imported'] += 1;
        if (controller.signal.aborted) return;
        setProgress((old) => [...res.items, ...old].slice(0, IMPORT_PROGRESS_MAX));
        last = Math.min(last, res.total_pages);
      }
      // The progress list may be cut to its last rows: the toast sums up the whole run.
      if (!count.imported && !count.failed) toast(trans('No titles match these filters.'));
      else if (!count.imported) toast.danger(trans('No titles could be imported.'));
      else if (count.failed) toast(trans(':imported titles imported, :failed failed.', count));
      else toast(trans('Titles imported'));
    } catch (e) {
      if (!controller.signal.aborted) toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
    } finally {
      // Pages done before a cancel or a failure are in the catalogue too: the list shows them.
      if (imported) void qc.invalidateQueries({ queryKey: ['titles'] });
      if (abort.current === controller) {
        abort.current = null;
        setPage(null);
      }
    }
  };
  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setPage(null);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => { if (!o) cancel(); onOpenChange(o); }}
      title={trans('Import multiple titles')}
      size="lg"
      footer={running ? (
        <Button onClick={cancel}>{trans('Cancel')}</Button>
      ) : (
        <>
          <Button variant="text" onClick={() => onOpenChange(false)}>{trans('Close')}</Button>
          <Button variant="primary" form="import-titles-form" type="submit">{trans('Import')}</Button>
        </>
      )}
    >
      <form id="import-titles-form" noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => { e.preventDefault(); void run(); }}>
        <Select label={trans('Type')} value={v.type} onChange={set('type')} disabled={running}
          options={[{ value: 'movie', label: trans('Movies') }, { value: 'series', label: trans('Series') }]} />
        <TextField label={trans('Country')} placeholder="US" maxLength={2} value={v.country} onChange={set('country')} disabled={running} error={errors.country} />
        <TextField label={trans('Start page')} type="number" min={1} max={500} value={v.start_from_page} onChange={set('start_from_page')} disabled={running} error={errors.start_from_page} />
        <TextField label={trans('Page count')} type="number" min={1} max={500} value={v.pages_to_import} onChange={set('pages_to_import')} disabled={running} error={errors.pages_to_import}
          description={trans('Each page has 20 titles.')} />
        <TextField label={trans('Minimum rating')} type="number" min={1} max={10} value={v.min_rating} onChange={set('min_rating')} disabled={running} error={errors.min_rating} />
        <TextField label={trans('Maximum rating')} type="number" min={1} max={10} value={v.max_rating} onChange={set('max_rating')} disabled={running} error={errors.max_rating} />
        <LookupSelect list="tmdbLanguages" emptyLabel={trans('Any')} label={trans('Language')} value={v.language} onChange={set('language')} disabled={running} error={errors.language} />
        <TextField label={trans('Genre IDs')} placeholder="28,12" value={v.genres} onChange={set('genres')} disabled={running} error={errors.genres} />
        <TextField label={trans('Keyword IDs')} placeholder="9715" value={v.keywords} onChange={set('keywords')} disabled={running} error={errors.keywords} />
        <div />
        <DatePicker label={trans('Released after')} value={v.start_date} onChange={set('start_date')} disabled={running} error={errors.start_date} />
        <DatePicker label={trans('Released before')} value={v.end_date} onChange={set('end_date')} disabled={running} error={errors.end_date} />
      </form>
      {(running || progress.length > 0) && (
        <div className="mt-4 flex flex-col gap-2">
          {page && <p role="status" className="text-sm">{trans('Importing page :current of :last', { current: page.current, last: page.last })}</p>}
          <ul aria-label={trans('Import progress')} className="max-h-60 overflow-auto rounded-md border border-border text-sm">
            {progress.map((item, i) => (
              <li key={`${item.tmdb_id}-${i}`} className="flex justify-between gap-2 border-b border-border px-3 py-1.5 last:border-0">
                <span className="truncate">{item.name}</span>
                <span className={item.status === 'failed' ? 'text-danger' : 'text-success'}>
                  {item.status === 'failed' ? `${trans('Failed')}: ${item.error ?? ''}` : trans('Imported')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}

function fetchPage(payload: unknown, signal: AbortSignal): Promise<TmdbImportResponse> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    api.post<TmdbImportResponse>('tmdb/import', payload).then(resolve, reject);
  });
}
