import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Plus, Search, Trash2 } from 'lucide-react';
import { TRANSLATION_ROW_HEIGHT, type Localization } from '@app/contracts/localizations';
import { hasPluralForm, pluralCategories, textDirection } from '@app/contracts/i18n';
import { ApiError, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { currentLanguage, loadActiveLocale } from '../../lib/locale';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { useDocumentTitle } from '../PageTitle';
import { useLocalization, useUpdateLocalization } from './api';
import { AddTranslationModal } from './AddTranslationModal';
import { LoadError } from '../../site/ErrorPages';

export function Component() {
  const { localeId } = useParams();
  const query = useLocalization(localeId);
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  if (!query.data) {
    return (
      <div className="flex h-full items-center justify-center" role="status" aria-label={trans('Loading')}>
        <div className="h-8 w-8 animate-spin rounded-full border-2 border-border border-t-primary" />
      </div>
    );
  }
  return <TranslationEditor key={query.data.id} localization={query.data} />;
}

/**
 * Lines live in Maps outside React state: typing into one of 10,000 textareas must not copy or re-render the
 * whole list. State holds only the key order, the search text and the dirty flag; rows are virtualized.
 */
function TranslationEditor({ localization }: { localization: Localization }) {
  // Keys are the code's English; values are written in the language being translated, whatever the admin reads.
  const direction = textDirection(localization.language);
  // The forms a plural line may have in this language: "[one …|other …]", Arabic's all six. Their category words are
  // the syntax, written left to right whatever the admin reads.
  const pluralForms = `[${pluralCategories(localization.language).map((c) => `${c} …`).join('|')}]`;
  const pluralHint = <>{trans('Plural forms:')} <bdi dir="ltr" lang="en">{pluralForms}</bdi></>;
  useDocumentTitle(trans('Translate :name', { name: localization.name }));
  const values = useRef(new Map<string, string>());
  const lowerValues = useRef(new Map<string, string>());
  const [keys, setKeys] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [dirty, setDirty] = useState(false);
  const [adding, setAdding] = useState(false);
  // The server's refusals by line (field `lines.<key>`), shown under that line until it is edited.
  const [lineErrors, setLineErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const save = useUpdateLocalization(localization.id);

  const load = useCallback((lines: Record<string, string>) => {
    values.current = new Map(Object.entries(lines));
    lowerValues.current = new Map(Object.entries(lines).map(([k, v]) => [k, v.toLowerCase()]));
    setKeys(Object.keys(lines));
  }, []);
  useEffect(() => load(localization.lines ?? {}), [localization.id, load]); // eslint-disable-line react-hooks/exhaustive-deps

  const lowerKeys = useMemo(() => keys.map((k) => k.toLowerCase()), [keys]);
  // Typing narrows: when the query extends the last one, search only the last matches (indexes into keys).
  const lastFilter = useRef<{ q: string; keys: string[]; edits: number; hits: number[] } | null>(null);
  const edits = useRef(0);
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) {
      lastFilter.current = null;
      return keys;
    }
    const prev = lastFilter.current;
    const narrowing = prev && prev.keys === keys && prev.edits === edits.current && q.startsWith(prev.q);
    const lv = lowerValues.current;
    const hits: number[] = [];
    const test = (i: number) => { if (lowerKeys[i].includes(q) || lv.get(keys[i])!.includes(q)) hits.push(i); };
    if (narrowing) for (const i of prev.hits) test(i);
    else for (let i = 0; i < keys.length; i++) test(i);
    lastFilter.current = { q, keys, edits: edits.current, hits };
    return hits.map((i) => keys[i]);
  }, [search, keys, lowerKeys]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: filtered.length,
    getScrollElement: () => scrollRef.current,
    // Rows have the spec's height exactly, so nothing is measured while filtering.
    estimateSize: () => TRANSLATION_ROW_HEIGHT,
    overscan: 4,
  });

  const unsaved = useUnsavedChanges(dirty);

  // Bring the first line the server refused into view.
  useEffect(() => {
    const first = filtered.findIndex((k) => lineErrors.has(k));
    if (first >= 0) virtualizer.scrollToIndex(first, { align: 'center' });
  }, [lineErrors]); // eslint-disable-line react-hooks/exhaustive-deps

  const edit = (key: string, value: string) => {
    values.current.set(key, value);
    lowerValues.current.set(key, value.toLowerCase());
    edits.current++;
    if (!dirty) setDirty(true);
    if (lineErrors.has(key)) setLineErrors((errors) => new Map([...errors].filter(([k]) => k !== key)));
  };
  const removeLine = (key: string) => {
    values.current.delete(key);
    lowerValues.current.delete(key);
    setKeys((ks) => ks.filter((k) => k !== key));
    setDirty(true);
  };
  const addLine = ({ key, value }: { key: string; value: string }) => {
    values.current.set(key, value);
    lowerValues.current.set(key, value.toLowerCase());
    setKeys((ks) => [key, ...ks]);
    setSearch('');
    setDirty(true);
    virtualizer.scrollToIndex(0);
  };
  const onSave = () => {
    const lines = Object.fromEntries(keys.map((k) => [k, values.current.get(k) ?? '']));
    save.mutate({ lines }, {
      onSuccess: (l) => {
        toast(trans('Localization updated'));
        load(l.lines ?? {});
        setDirty(false);
        // An admin translating the language they are viewing sees the result at once.
        if (currentLanguage() === l.language) void loadActiveLocale();
      },
      onError: (e) => {
        toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
        const refused = new Map<string, string>();
        for (const [field, messages] of Object.entries(e instanceof ApiError ? e.errors ?? {} : {})) {
          if (field.startsWith('lines.') && messages[0]) refused.set(field.slice('lines.'.length), messages[0]);
        }
        setLineErrors(refused);
        // Out of any search that would hide a refused line (the effect below scrolls to the first).
        if (refused.size) setSearch('');
      },
    });
  };

  return (
    <div className="flex h-full flex-col gap-4 p-4 desk:p-8">
      <Breadcrumb items={[{ label: trans('Localizations'), to: '/admin/localizations' }, { label: localization.name }]} />
      {/* The breadcrumb shows where this is; the heading names it for screen readers and focus after navigation. */}
      <h1 className="sr-only">{trans('Translate :name', { name: localization.name })}</h1>
      <div className="flex flex-wrap items-center gap-2">
        <TextField
          type="search"
          wrapperClassName="w-full sm:w-80"
          aria-label={trans('Search translations')}
          placeholder={trans('Search translations')}
          startAdornment={<Search size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="text-sm text-text-muted" aria-live="polite">{trans('[one 1 line|other :count lines]', { count: filtered.length.toLocaleString() })}</span>
        <div className="ms-auto flex gap-2">
          <Button onClick={() => setAdding(true)} aria-label={trans('Add new translation')}>
            <Plus size={16} aria-hidden />
            <span className="hidden sm:inline">{trans('Add new translation')}</span>
          </Button>
          <Button variant="primary" onClick={onSave} disabled={save.isPending}>{trans('Save translations')}</Button>
        </div>
      </div>
      <div ref={scrollRef} className="min-h-[300px] flex-1 overflow-y-auto rounded-lg border border-border bg-bg-elevated" data-testid="translation-lines">
        {filtered.length === 0 ? (
          <p className="p-6 text-center text-sm text-text-muted">{trans('No matching translations')}</p>
        ) : (
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const key = filtered[row.index];
              const id = `translation-line-${row.index}`;
              const error = lineErrors.get(key);
              const note = error ?? (hasPluralForm(key) ? pluralHint : null);
              return (
                <div
                  key={key}
                  className="absolute start-0 top-0 flex w-full flex-col gap-1.5 border-b border-border px-4 py-2.5"
                  style={{ height: TRANSLATION_ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                  data-line=""
                >
                  <div className="flex items-start gap-2">
                    <label htmlFor={id} title={key} className="line-clamp-2 min-w-0 flex-1 text-sm font-medium leading-5"><span dir="ltr" lang="en">{key}</span></label>
                    <button
                      type="button"
                      className="flex h-6 w-6 shrink-0 items-center justify-center rounded text-text-muted hover:bg-hover hover:text-danger focus-visible:outline-2 focus-visible:outline-primary"
                      onClick={() => removeLine(key)}
                      aria-label={trans('Delete translation :key', { key })}
                    >
                      <Trash2 size={15} aria-hidden />
                    </button>
                  </div>
                  <textarea
                    id={id}
                    lang={localization.language}
                    dir={direction}
                    defaultValue={values.current.get(key)}
                    onChange={(e) => edit(key, e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={note ? `${id}-note` : undefined}
                    className={`block min-h-0 w-full flex-1 resize-none rounded-md border bg-bg-elevated px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-primary ${error ? 'border-danger' : 'border-border'}`}
                  />
                  {note && <p id={`${id}-note`} className={`truncate text-xs leading-4 ${error ? 'text-danger' : 'text-text-muted'}`} title={error ?? pluralForms}>{note}</p>}
                </div>
              );
            })}
          </div>
        )}
      </div>
      <AddTranslationModal open={adding} onClose={() => setAdding(false)} onAdd={addLine} exists={(k) => values.current.has(k)} />
      {unsaved.dialog}
    </div>
  );
}
