import type { FieldValues, Resolver, UseFormSetError, Path } from 'react-hook-form';
import type { ZodType } from 'zod';
import { toast } from '../ui/Toast';
import { ApiError, errorMessage } from './api';
import { trans, transMessage } from './i18n';

/** A path may hold keys a user typed (a record's keys): own properties only, so "__proto__" stays a plain key. */
function setPath(target: Record<string, any>, path: (string | number)[], value: unknown) {
  let obj = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    if (!last && Object.hasOwn(obj, key)) obj = obj[key];
    else {
      const next = last ? value : {};
      Object.defineProperty(obj, key, { value: next, enumerable: true, writable: true, configurable: true });
      obj = next as Record<string, any>;
    }
  });
}

const mapped = (fieldMap: Record<string, string>, key: string) => (Object.hasOwn(fieldMap, key) ? fieldMap[key] : undefined);

/**
 * A tiny react-hook-form resolver for the contracts' zod schemas.
 * `prepare` turns form values into the payload the schema checks; `fieldMap` renames payload paths to form fields.
 */
export function zodFormResolver<TIn extends FieldValues, TOut>(
  schema: ZodType<TOut>,
  prepare?: (values: TIn) => unknown,
  fieldMap: Record<string, string> = {},
): Resolver<TIn, unknown, TOut> {
  return async (values) => {
    const result = schema.safeParse(prepare ? prepare(values) : values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, any> = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const dotted = issue.path.map(String).join('.');
      const field = mapped(fieldMap, dotted) ?? mapped(fieldMap, String(issue.path[0])) ?? dotted;
      if (seen.has(field)) continue;
      seen.add(field);
      setPath(errors, field.split('.'), { type: issue.code, message: transMessage(issue.message) });
    }
    return { values: {}, errors } as any;
  };
}

/** Put a 422 answer's field errors on the form fields. Returns true when at least one field got an error. */
export function applyServerErrors<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>, fieldMap: Record<string, string> = {}): boolean {
  if (!(e instanceof ApiError) || !e.errors) return false;
  let any = false;
  for (const [key, messages] of Object.entries(e.errors)) {
    const field = mapped(fieldMap, key) ?? mapped(fieldMap, key.split('.')[0]) ?? key;
    if (messages?.[0]) {
      setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: !any });
      any = true;
    }
  }
  return any;
}

/**
 * A form's failed request: a 422's field errors go under their fields; any other failure is shown by `show` (a toast,
 * unless the form has a message line of its own).
 */
export function showFormError<T extends FieldValues>(
  e: unknown,
  setError: UseFormSetError<T>,
  { fieldMap, show = toast.danger, fallback }: { fieldMap?: Record<string, string>; show?: (message: string) => void; fallback?: string } = {},
) {
  if (!applyServerErrors(e, setError, fieldMap)) show(errorMessage(e, fallback ?? trans('There was an issue. Please try again.')));
}
