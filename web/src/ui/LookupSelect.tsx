import { forwardRef } from 'react';
import type { ValueListName } from '@app/contracts/browse';
import { trans } from '../lib/i18n';
import { useValueLists } from '../lib/value-lists';
import { Select, type SelectProps } from './fields';

export interface LookupSelectProps extends Omit<SelectProps, 'options'> {
  /** The lookup whose entries are the choices (`GET value-lists/{list}`). */
  list: ValueListName;
  /** The stored value: kept as a choice even when the lookup does not list it (or has not loaded yet). */
  current?: string;
  /** Label of the empty choice. */
  emptyLabel?: string;
  /**
   * Every lookup the form's selects use: passed the same to each, they share one `value-lists/a,b` call instead of
   * one call per select.
   */
  batch?: readonly ValueListName[];
}

/** A select whose choices come from one of the server's lookups (languages, age ratings, currencies...). */
export const LookupSelect = forwardRef<HTMLSelectElement, LookupSelectProps>(function LookupSelect({ list, current, emptyLabel, batch, ...props }, ref) {
  const lookups = useValueLists(batch?.includes(list) ? [...batch] : [list]);
  const entries = lookups.data?.[list] ?? [];
  const options = [{ value: '', label: emptyLabel ?? trans('None') }];
  if (current && !entries.some((e) => String(e.value) === current)) options.push({ value: current, label: current });
  for (const e of entries) options.push({ value: String(e.value), label: e.name });
  return <Select ref={ref} options={options} {...props} />;
});
