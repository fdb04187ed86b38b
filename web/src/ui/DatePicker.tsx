import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { CalendarDays, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { formatDate, today } from '../lib/format';
import { currentLanguage } from '../lib/locale';
import { trans } from '../lib/i18n';
import { cn } from './cn';

/** What react-hook-form's `register` (or a plain onChange) receives: an event-like object with the `YYYY-MM-DD` value. */
interface ChangeLike { target: { name?: string; value: string }; type: 'change' }

/** The earliest year offered when the field sets no minimum (the first films). */
const FIRST_YEAR = 1870;
/** The calendar's width (w-72). */
const CALENDAR_WIDTH = 288;
const PICK = 'h-8 rounded-md border border-border bg-bg-elevated px-1 text-sm font-medium';

export interface DatePickerProps {
  label?: ReactNode;
  description?: ReactNode;
  error?: string;
  name?: string;
  /** `YYYY-MM-DD`, or '' for none. Leave undefined to let `register` drive the value. */
  value?: string;
  onChange?: (e: ChangeLike) => void;
  onBlur?: (e: { target: { name?: string } }) => void;
  disabled?: boolean;
  required?: boolean;
  /** Earliest and latest choosable days, `YYYY-MM-DD`. */
  min?: string | number;
  max?: string | number;
  wrapperClassName?: string;
  id?: string;
  'aria-label'?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const toKey = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const fromKey = (k: string): Date | null => (/^\d{4}-\d{2}-\d{2}$/.test(k) ? new Date(`${k}T00:00:00Z`) : null);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
/** Month and weekday names in the site's active language, as the chosen day reads; the browser's for a tag Intl does not know. */
function calendarNames(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(currentLanguage() || undefined, { ...options, timeZone: 'UTC' });
  } catch {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
  }
}
/**
 * A day shown through the date format setting, as that calendar day in every timezone: it used to be noon UTC read in
 * the site's (or visitor's) timezone, which is already the next day from UTC+12 on (Auckland, Fiji, Kiritimati), so
 * the picker of a release date of Dec 6 read "Dec 7" there while the tables said Dec 6.
 */
export const formatDay = (k: string) => (fromKey(k) ? formatDate(k) : '');

/**
 * The date control: a button showing the day in the site's date format, opening a month calendar that works with
 * the arrow keys (Page Up/Down change month, Escape closes). Tabbing out of the calendar or clicking elsewhere closes
 * it: it used to stay open over the next fields while focus went on into them, hidden under it. Works with
 * react-hook-form's `register` too: the ref exposes `value` like an input.
 */
export const DatePicker = forwardRef<{ value: string; name?: string; focus(): void }, DatePickerProps>(function DatePicker(props, ref) {
  const { label, description, error, name, disabled, required, min, max, wrapperClassName, id: idProp } = props;
  const auto = useId();
  const id = idProp ?? auto;
  const [inner, setInner] = useState('');
  const value = props.value ?? inner;
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState<Date>(() => fromKey(value) ?? fromKey(today())!);
  const grid = useRef<HTMLDivElement>(null);

  useImperativeHandle(ref, () => ({
    get value() { return value; },
    set value(v: string) { setInner(v ?? ''); },
    name,
    focus: () => trigger.current?.focus(),
  }), [value, name]);

  const choose = (k: string) => {
    setInner(k);
    props.onChange?.({ target: { name, value: k }, type: 'change' });
    props.onBlur?.({ target: { name } });
  };
  const allowed = (k: string) => (!min || k >= String(min)) && (!max || k <= String(max));

  const [atEnd, setAtEnd] = useState(false);
  const openAt = () => {
    setFocused(fromKey(value) ?? fromKey(today())!);
    // The calendar hangs from the field's start edge; a field near the far edge of the window (the last of a row of
    // fields) hangs it from its end instead, so it is not cut off.
    const box = trigger.current?.getBoundingClientRect();
    const rtl = document.documentElement.dir === 'rtl';
    setAtEnd(!!box && (rtl ? box.right - CALENDAR_WIDTH < 0 : box.left + CALENDAR_WIDTH > document.documentElement.clientWidth));
    setOpen(true);
  };
  const close = () => { setOpen(false); trigger.current?.focus(); };
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => { if (!wrapper.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  // Focus follows the keyboard inside the calendar, except while the month or year list is being used.
  const focusDay = useRef(true);
  useEffect(() => {
    if (!focusDay.current) { focusDay.current = true; return; }
    if (open) grid.current?.querySelector<HTMLButtonElement>(`[data-day="${toKey(focused)}"]`)?.focus();
  }, [open, focused]);

  const year = focused.getUTCFullYear();
  const month = focused.getUTCMonth();
  const first = new Date(Date.UTC(year, month, 1));
  // Weeks start on Monday.
  const start = addDays(first, -((first.getUTCDay() + 6) % 7));
  const days = Array.from({ length: 42 }, (_, i) => addDays(start, i));
  const monthName = calendarNames({ month: 'long' });
  // Years to pick from: a birth date a century back is one choice away, not 1,200 clicks on "Previous month".
  const lastYear = Math.max(max ? Number(String(max).slice(0, 4)) : new Date().getUTCFullYear() + 10, year);
  const firstYear = Math.min(min ? Number(String(min).slice(0, 4)) : FIRST_YEAR, year);
  const jump = (y: number, m: number) => {
    focusDay.current = false;
    setFocused(new Date(Date.UTC(y, m, Math.min(focused.getUTCDate(), 28))));
  };
  const weekday = calendarNames({ weekday: 'short' });
  const shiftMonth = (n: number) => setFocused(new Date(Date.UTC(year, month + n, Math.min(focused.getUTCDate(), 28))));

  const onKey = (e: React.KeyboardEvent) => {
    const moves = new Map<string, () => Date>([
      ['ArrowLeft', () => addDays(focused, -1)], ['ArrowRight', () => addDays(focused, 1)],
      ['ArrowUp', () => addDays(focused, -7)], ['ArrowDown', () => addDays(focused, 7)],
      ['PageUp', () => new Date(Date.UTC(year, month - 1, Math.min(focused.getUTCDate(), 28)))],
      ['PageDown', () => new Date(Date.UTC(year, month + 1, Math.min(focused.getUTCDate(), 28)))],
    ]);
    // The month and year lists keep their own arrow keys.
    const move = e.target instanceof HTMLSelectElement ? undefined : moves.get(e.key);
    if (move) { e.preventDefault(); setFocused(move()); } else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(); }
  };

  const described = error ? `${id}-error` : description ? `${id}-desc` : undefined;
  const shown = formatDay(value);
  return (
    <div ref={wrapper} className={cn('relative flex flex-col gap-1', wrapperClassName)}
      // Focus moving on to a control outside the field and its calendar (Tab, Shift+Tab) closes the calendar.
      onBlur={(e) => { if (open && e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) setOpen(false); }}>
      {label && <span id={`${id}-label`} className="text-sm font-medium">{label}{required && <span aria-hidden> *</span>}</span>}
      <div className="flex items-center gap-1">
        <button
          ref={trigger}
          id={id}
          type="button"
          disabled={disabled}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-labelledby={label ? `${id}-label ${id}` : undefined}
          aria-label={label ? undefined : props['aria-label']}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          data-value={value}
          onClick={() => (open ? close() : openAt())}
          className={cn(
            'flex h-9 w-full items-center gap-2 rounded-md border bg-bg-elevated px-3 text-start text-sm disabled:opacity-60',
            'focus-visible:outline-2 focus-visible:outline-primary',
            error ? 'border-danger' : 'border-border',
          )}
        >
          <CalendarDays size="1rem" aria-hidden className="shrink-0 text-text-muted" />
          <span className={cn('truncate', !shown && 'text-text-muted')}>{shown || trans('Choose a date')}</span>
        </button>
        {value && !disabled && (
          <button type="button" className="rounded-md p-2 hover:bg-hover" aria-label={trans('Clear date')} onClick={() => choose('')}>
            <X size="0.875rem" aria-hidden />
          </button>
        )}
      </div>
      {open && (
        <div role="dialog" aria-label={trans('Choose a date')} onKeyDown={onKey}
          className={cn('absolute top-full z-50 mt-1 w-72 rounded-md border border-border bg-bg-elevated p-3 shadow-lg', atEnd ? 'end-0' : 'start-0')}>
          <div className="mb-2 flex items-center justify-between">
            <button type="button" className="rounded-md p-1.5 hover:bg-hover" aria-label={trans('Previous month')} onClick={() => shiftMonth(-1)}><ChevronLeft size="1rem" aria-hidden className="rtl:-scale-x-100" /></button>
            <div className="flex items-center gap-1">
              <select aria-label={trans('Month')} value={month} onChange={(e) => jump(year, Number(e.target.value))} className={PICK}>
                {Array.from({ length: 12 }, (_, m) => <option key={m} value={m}>{monthName.format(new Date(Date.UTC(2000, m, 1)))}</option>)}
              </select>
              <select aria-label={trans('Year')} value={year} onChange={(e) => jump(Number(e.target.value), month)} className={PICK}>
                {Array.from({ length: lastYear - firstYear + 1 }, (_, i) => lastYear - i).map((y) => <option key={y} value={y}>{y}</option>)}
              </select>
            </div>
            <button type="button" className="rounded-md p-1.5 hover:bg-hover" aria-label={trans('Next month')} onClick={() => shiftMonth(1)}><ChevronRight size="1rem" aria-hidden className="rtl:-scale-x-100" /></button>
          </div>
          <div ref={grid} className="grid grid-cols-7 gap-0.5 text-center text-xs">
            {days.slice(0, 7).map((d) => <span key={`h${toKey(d)}`} aria-hidden className="py-1 text-text-muted">{weekday.format(d)}</span>)}
            {days.map((d) => {
              const k = toKey(d);
              const selected = k === value;
              const inMonth = d.getUTCMonth() === month;
              return (
                <button key={k} type="button" data-day={k} tabIndex={k === toKey(focused) ? 0 : -1} disabled={!allowed(k)}
                  aria-label={formatDay(k)} aria-pressed={selected}
                  onClick={() => { choose(k); close(); }}
                  className={cn('h-8 rounded-md text-sm hover:bg-hover disabled:opacity-30', !inMonth && 'text-text-muted',
                    selected && 'bg-primary text-on-primary hover:bg-primary-hover', 'focus-visible:outline-2 focus-visible:outline-primary')}>
                  {d.getUTCDate()}
                </button>
              );
            })}
          </div>
          <div className="mt-2 flex justify-between">
            <button type="button" className="rounded-md px-2 py-1 text-sm hover:bg-hover" onClick={() => { const t = today(); if (allowed(t)) { choose(t); close(); } }}>{trans('Today')}</button>
            <button type="button" className="rounded-md px-2 py-1 text-sm hover:bg-hover" onClick={close}>{trans('Close')}</button>
          </div>
        </div>
      )}
      {description && !error && <p id={`${id}-desc`} className="text-xs text-text-muted">{description}</p>}
      {error && <p id={`${id}-error`} role="alert" className="text-xs text-danger">{error}</p>}
    </div>
  );
});
