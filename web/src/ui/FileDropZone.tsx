import { useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Upload, X } from 'lucide-react';
import { trans } from '../lib/i18n';
import { cn } from './cn';

export interface FileDropZoneProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  /** Called with the dropped or chosen files (one unless `multiple`). */
  onFiles: (files: File[]) => void;
  /** A file the form holds but has not sent yet: shown by name with a button to drop it. */
  selected?: File | null;
  onClear?: () => void;
  /** What a file outside `accept` is told (the field's own words); a generic message otherwise. */
  refusedMessage?: string;
}

/** Whether a dropped file matches an `accept` list (extensions, exact types and `type/*`), as the picker would. */
function accepts(accept: string | undefined, file: File): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  return accept.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean).some((a) =>
    a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? file.type.startsWith(a.slice(0, -1)) : file.type === a);
}

/**
 * The one file control: a zone files can be dropped on, with a button that opens the picker. The input itself is
 * visually hidden but labelled, so keyboards and screen readers use the native picker.
 */
export function FileDropZone({ label, description, error, onFiles, selected, onClear, refusedMessage, accept, multiple, disabled, id: idProp, className, ...props }: FileDropZoneProps) {
  const auto = useId();
  const id = idProp ?? auto;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (!files.length) return;
    const ok = files.filter((f) => accepts(accept, f));
    setRefused(ok.length < files.length ? refusedMessage ?? trans('This file type is not allowed.') : null);
    if (ok.length) onFiles(multiple ? ok : ok.slice(0, 1));
  };
  const shownError = error ?? refused ?? undefined;
  const described = shownError ? `${id}-error` : description ? `${id}-desc` : undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <span id={`${id}-label`} className="text-sm font-medium">{label}</span>
      <div
        data-testid="file-drop-zone"
        className={cn(
          'flex flex-wrap items-center gap-3 rounded-md border-2 border-dashed px-4 py-3 text-sm transition-colors',
          over ? 'border-primary bg-primary/5' : shownError ? 'border-danger' : 'border-border',
          disabled && 'opacity-60',
        )}
        onDragOver={(e) => { if (disabled) return; e.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => { e.preventDefault(); setOver(false); if (!disabled) take(e.dataTransfer.files); }}
      >
        <Upload size="1.125rem" aria-hidden className="text-text-muted" />
        <span className="text-text-muted">{multiple ? trans('Drop files here or') : trans('Drop a file here or')}</span>
        <label
          htmlFor={id}
          className={cn(
            'inline-flex h-8 cursor-pointer items-center rounded-md border border-border bg-bg-elevated px-3 font-medium hover:bg-hover',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
            disabled && 'cursor-not-allowed',
          )}
        >
          {trans('Browse')}
          <input
            ref={input}
            id={id}
            type="file"
            className="sr-only"
            accept={accept}
            multiple={multiple}
            disabled={disabled}
            aria-labelledby={`${id}-label`}
            aria-describedby={described}
            aria-invalid={shownError ? true : undefined}
            onChange={(e) => { take(e.target.files); e.target.value = ''; }}
            {...props}
          />
        </label>
        {selected && (
          <span className="inline-flex items-center gap-1 rounded bg-hover px-2 py-0.5">
            <span className="max-w-48 truncate">{selected.name}</span>
            {onClear && (
              <button type="button" className="rounded p-0.5 hover:bg-bg-elevated" aria-label={trans('Remove :name', { name: selected.name })} onClick={onClear}>
                <X size="0.875rem" aria-hidden />
              </button>
            )}
          </span>
        )}
      </div>
      {description && !shownError && <p id={`${id}-desc`} className="text-xs text-text-muted">{description}</p>}
      {shownError && <p id={`${id}-error`} role="alert" className="text-xs text-danger">{shownError}</p>}
    </div>
  );
}
