import type { ReactNode } from 'react';

export interface ChipOption<V extends string | number> {
  value: V;
  label: string;
  /** Why this choice cannot be changed here: the checkbox is disabled and the reason is read with it and shown on hover. */
  disabledReason?: string | null;
}

interface Props<V extends string | number> {
  legend: ReactNode;
  options: ChipOption<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  description?: ReactNode;
  error?: string;
  /** Shown under the legend while the choices load or when they could not be loaded. */
  status?: ReactNode;
}

/**
 * A few named choices picked by ticking (roles of a user or of a menu item): styled chips over real checkboxes, so
 * each choice is reachable by Tab and read with its name, instead of a browser multi-select that needs Ctrl-click.
 */
export function ChipCheckboxGroup<V extends string | number>({ legend, options, value, onChange, description, error, status }: Props<V>) {
  const picked = new Set<V>(value);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {status}
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const checked = picked.has(o.value);
          const locked = !!o.disabledReason;
          return (
            <label
              key={o.value}
              title={o.disabledReason ?? undefined}
              className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm ${checked ? 'border-primary bg-selected' : 'border-border'} ${locked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-[var(--color-primary)]"
                checked={checked}
                disabled={locked}
                aria-description={o.disabledReason ?? undefined}
                onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
              />
              {o.label}
            </label>
          );
        })}
      </div>
      {description && <p className="text-xs text-text-muted">{description}</p>}
      {[...new Set(options.map((o) => o.disabledReason).filter(Boolean))].map((reason) => (
        <p key={reason} className="text-xs text-text-muted">{options.filter((o) => o.disabledReason === reason).map((o) => o.label).join(', ')}: {reason}</p>
      ))}
      {error && <p role="alert" className="text-xs text-danger">{error}</p>}
    </fieldset>
  );
}
