import { useEffect, useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../lib/api';
import { trans } from '../lib/i18n';
import { cn } from './cn';

export interface AutocompleteProps<T> {
  label: string;
  /** Query-key resource of the lookup. */
  resource: string;
  search: (query: string) => Promise<T[]>;
  itemKey: (item: T) => string | number;
  itemLabel: (item: T) => string;
  renderItem?: (item: T) => ReactNode;
  onSelect: (item: T) => void;
  /** When set, Enter on free text (no highlighted item) calls this. */
  onFreeText?: (text: string) => void;
  placeholder?: string;
  error?: string;
  /** Text shown in the box (for a selected value). */
  value?: string;
  clearOnSelect?: boolean;
  /** Shown instead of the results when the search is refused (403), e.g. which permission the lookup needs. */
  forbiddenText?: string;
}

/** A combobox: type to search, arrows to move, Enter to pick. */
export function Autocomplete<T>(props: AutocompleteProps<T>) {
  const id = useId();
  const [text, setText] = useState(props.value ?? '');
  const [debounced, setDebounced] = useState(text);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => setText(props.value ?? ''), [props.value]);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(text.trim()), 250);
    return () => window.clearTimeout(t);
  }, [text]);
  const query = useQuery({
    queryKey: [props.resource, 'autocomplete', debounced],
    queryFn: () => props.search(debounced),
    enabled: open,
  });
  const items = query.data ?? [];

  const pick = (item: T) => {
    props.onSelect(item);
    setText(props.clearOnSelect ? '' : props.itemLabel(item));
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{props.label}</label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-invalid={props.error ? true : undefined}
        autoComplete="off"
        value={text}
        placeholder={props.placeholder}
        onChange={(e) => { setText(e.target.value); setOpen(true); setActive(-1); }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); setActive((a) => Math.min(items.length - 1, a + 1)); }
          if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(-1, a - 1)); }
          if (e.key === 'Escape') setOpen(false);
          if (e.key === 'Enter') {
            e.preventDefault();
            if (active >= 0 && items[active]) pick(items[active]);
            else if (props.onFreeText && text.trim()) { props.onFreeText(text.trim()); setText(''); setOpen(false); }
          }
        }}
        className={cn('block h-9 w-full rounded-md border bg-bg-elevated px-3 text-sm', props.error ? 'border-danger' : 'border-border')}
      />
      {props.error && <p role="alert" className="text-xs text-danger">{props.error}</p>}
      {open && (
        <ul id={`${id}-list`} role="listbox" aria-label={props.label}
          className="absolute top-full z-40 mt-1 max-h-72 w-full overflow-auto rounded-md border border-border bg-bg-elevated py-1 shadow-lg">
          {query.isFetching && !items.length && <li className="px-3 py-2 text-sm text-text-muted">{trans('Loading')}</li>}
          {/* A refused or failed search says so: "No results" would claim there is nothing to find. */}
          {!query.isFetching && query.isError && (
            <li role="alert" className="px-3 py-2 text-sm text-danger">
              {query.error instanceof ApiError && query.error.status === 403
                ? props.forbiddenText ?? trans('You are not allowed to do that.')
                : errorMessage(query.error, trans('There was an issue. Please try again.'))}
            </li>
          )}
          {!query.isFetching && !query.isError && !items.length && <li className="px-3 py-2 text-sm text-text-muted">{trans('No results')}</li>}
          {items.map((item, i) => (
            <li
              key={props.itemKey(item)}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => { e.preventDefault(); pick(item); }}
              className={cn('cursor-pointer px-3 py-2 text-sm', i === active ? 'bg-selected' : 'hover:bg-hover')}
            >
              {props.renderItem ? props.renderItem(item) : props.itemLabel(item)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
