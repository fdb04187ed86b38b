/**
 * The facts an editor changed on an imported row (titles, people, seasons and episodes .edited_fields: a JSON
 * array of column names). An import from the movie database leaves those as they are, so a correction made on the site survives a
 * re-import or the weekly refresh.
 */
export function editedFields(stored: string | null | undefined): Set<string> {
  try {
    const list: unknown = stored ? JSON.parse(stored) : [];
    return new Set(Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : []);
  } catch {
    return new Set();
  }
}

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * The row's edited fields with those `input` changes added (a value sent as it is stored is no edit), as the column
 * stores them; undefined when there are none.
 */
export function recordEdits(row: Record<string, unknown> & { edited_fields: string | null }, input: Record<string, unknown>, ignore: string[] = []): string | undefined {
  const edited = editedFields(row.edited_fields);
  for (const [field, value] of Object.entries(input)) {
    if (value !== undefined && !ignore.includes(field) && Object.hasOwn(row, field) && !same(row[field], value)) edited.add(field);
  }
  return edited.size ? JSON.stringify([...edited].sort()) : undefined;
}

/**
 * The fields a row added on the site was given a value for, as the column stores them; undefined when there are none.
 * A season or episode an editor added is matched by its number at the next import: what they wrote stays.
 */
export function givenFields(input: Record<string, unknown>, ignore: string[] = []): string | undefined {
  const given = Object.entries(input).filter(([field, value]) => value !== undefined && value !== null && value !== '' && !ignore.includes(field)).map(([field]) => field);
  return given.length ? JSON.stringify(given.sort()) : undefined;
}

/** An import's values less the fields an editor changed (undefined leaves a column as it is). */
export function keepEdits<T extends Record<string, unknown>>(values: T, stored: string | null | undefined): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of editedFields(stored)) if (Object.hasOwn(out, field)) out[field] = undefined;
  return out as T;
}
