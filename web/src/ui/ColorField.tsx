import { useId } from 'react';
import { TriangleAlert } from 'lucide-react';
import { COLOR_PRESETS, HEX_COLOR } from '@app/contracts/appearance-constants';
import { trans } from '../lib/i18n';
import { cn } from './cn';

/** 4 and 8 digit colours carry alpha, which <input type="color"> cannot show: it gets the opaque part. */
function opaque(hex: string): string {
  if (!HEX_COLOR.test(hex)) return '#000000';
  const h = hex.slice(1);
  if (h.length === 3 || h.length === 4) return `#${h.slice(0, 3).split('').map((c) => c + c).join('')}`;
  return `#${h.slice(0, 6)}`;
}

export interface ColorFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Allow an empty value (no colour). */
  optional?: boolean;
  /** A warning that does not stop saving (a colour hard to read, say). */
  hint?: string;
}

/** A hex colour: a swatch picker, the hex text and the 14 presets. */
export function ColorField({ label, name, value, onChange, onBlur, error, optional, hint }: ColorFieldProps) {
  const id = useId();
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5" data-field={name}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={trans('Pick :name', { name: label })}
          value={opaque(value)}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 w-10 shrink-0 cursor-pointer rounded border border-border bg-transparent p-0.5"
        />
        <input
          id={id}
          name={name}
          // A hex code reads left to right in any language ("ffffff#" in a right-to-left page otherwise).
          dir="ltr"
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          onBlur={onBlur}
          placeholder={optional ? trans('None') : '#000000'}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={cn('block h-9 w-full rounded-md border bg-bg-elevated px-3 font-mono text-sm', error ? 'border-danger' : 'border-border')}
        />
      </div>
      <div className="flex flex-wrap gap-1" role="group" aria-label={trans('Colour presets')}>
        {COLOR_PRESETS.map((c) => (
          <button
            key={c}
            type="button"
            title={c}
            aria-label={c}
            aria-pressed={value.toLowerCase() === c}
            onClick={() => onChange(c)}
            className="h-5 w-5 rounded-full border border-border"
            style={{ background: c }}
          />
        ))}
      </div>
      {error && <p id={`${id}-error`} role="alert" className="text-xs text-danger">{error}</p>}
      {hint && (
        <p id={`${id}-hint`} className="flex items-start gap-1 text-xs text-text" data-testid="color-hint">
          <TriangleAlert size="0.875rem" aria-hidden className="mt-px shrink-0 text-danger" />{hint}
        </p>
      )}
    </div>
  );
}
