import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { FileDropZone, type FileDropZoneProps } from './FileDropZone';

const controlClass =
  'block w-full rounded-md border bg-bg-elevated px-3 text-sm text-text placeholder:text-text-muted disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-primary focus-visible:outline-offset-0';

interface FieldShellProps {
  id: string;
  label?: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

function FieldShell({ id, label, description, error, className, children }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      {label && <label htmlFor={id} className="text-sm font-medium">{label}</label>}
      {children}
      {description && !error && <p id={`${id}-desc`} className="text-xs text-text-muted">{description}</p>}
      {error && <p id={`${id}-error`} role="alert" className="text-xs text-danger">{error}</p>}
    </div>
  );
}

function describedBy(id: string, description?: ReactNode, error?: string) {
  return error ? `${id}-error` : description ? `${id}-desc` : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label?: ReactNode;
  description?: ReactNode;
  error?: string;
  wrapperClassName?: string;
  startAdornment?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, description, error, wrapperClassName, className, id: idProp, startAdornment, ...props }, ref,
) {
  const auto = useId();
  const id = idProp ?? auto;
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={wrapperClassName}>
      <div className="relative">
        {startAdornment && <span className="pointer-events-none absolute start-2.5 top-1/2 -translate-y-1/2 text-text-muted">{startAdornment}</span>}
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, description, error)}
          className={cn(controlClass, 'h-9', startAdornment ? 'ps-9' : undefined, error ? 'border-danger' : 'border-border', className)}
          {...props}
        />
      </div>
    </FieldShell>
  );
});

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label?: ReactNode;
  description?: ReactNode;
  error?: string;
  wrapperClassName?: string;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, description, error, wrapperClassName, className, id: idProp, ...props }, ref,
) {
  const auto = useId();
  const id = idProp ?? auto;
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={wrapperClassName}>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, description, error)}
        className={cn(controlClass, 'min-h-20 py-2', error ? 'border-danger' : 'border-border', className)}
        {...props}
      />
    </FieldShell>
  );
});

export interface SelectOption { value: string; label: string }
export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label?: ReactNode;
  description?: ReactNode;
  error?: string;
  options: SelectOption[];
  wrapperClassName?: string;
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, description, error, options, wrapperClassName, className, id: idProp, ...props }, ref,
) {
  const auto = useId();
  const id = idProp ?? auto;
  return (
    <FieldShell id={id} label={label} description={description} error={error} className={wrapperClassName}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, description, error)}
        className={cn(controlClass, 'h-9 pe-8', error ? 'border-danger' : 'border-border', className)}
        {...props}
      >
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </FieldShell>
  );
});

export interface DateFieldProps extends Omit<TextFieldProps, 'type'> {
  /** Use datetime-local instead of date. */
  withTime?: boolean;
}

export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField({ withTime, ...props }, ref) {
  return <TextField ref={ref} type={withTime ? 'datetime-local' : 'date'} {...props} />;
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  /** Render as a switch (role="switch"). */
  switch?: boolean;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, description, error, switch: isSwitch, className, id: idProp, ...props }, ref,
) {
  const auto = useId();
  const id = idProp ?? auto;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2.5 text-sm">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          role={isSwitch ? 'switch' : undefined}
          aria-describedby={describedBy(id, description, error)}
          className={cn(
            'shrink-0 cursor-pointer accent-[var(--color-primary)] disabled:cursor-not-allowed aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
            isSwitch
              ? 'relative h-5 w-9 appearance-none rounded-full bg-border transition-colors checked:bg-primary before:absolute before:start-0.5 before:top-0.5 before:h-4 before:w-4 before:rounded-full before:bg-white before:transition-transform checked:before:translate-x-4 rtl:checked:before:-translate-x-4'
              : 'h-4 w-4',
          )}
          {...props}
        />
        <span>{label}</span>
      </label>
      {description && !error && <p id={`${id}-desc`} className="text-xs text-text-muted">{description}</p>}
      {error && <p id={`${id}-error`} role="alert" className="text-xs text-danger">{error}</p>}
    </div>
  );
});

export const Switch = forwardRef<HTMLInputElement, Omit<CheckboxProps, 'switch'>>(function Switch(props, ref) {
  return <Checkbox ref={ref} switch {...props} />;
});

export interface FileFieldProps extends Omit<FileDropZoneProps, 'onFiles'> {
  onFile: (file: File) => void;
}

/** One file, through the shared drop zone. */
export function FileField({ onFile, ...props }: FileFieldProps) {
  return <FileDropZone {...props} onFiles={(files) => { if (files[0]) onFile(files[0]); }} />;
}
