/**
 * What an edit form sends: only the fields the editor changed (react-hook-form's dirtyFields), so a field another
 * editor saved meanwhile keeps their value. `fieldOf` names the form field (or fields) a payload key comes from when
 * they differ: a user's available space from its amount and its unit.
 */
export function changedOnly<T extends object>(payload: T, dirty: object, fieldOf: ReadonlyMap<string, string | readonly string[]> = new Map()): Partial<T> {
  const isDirty = (field: string) => Object.hasOwn(dirty, field) && Boolean((dirty as Record<string, unknown>)[field]);
  const changed = (key: string) => {
    const fields = fieldOf.get(key) ?? key;
    return typeof fields === 'string' ? isDirty(fields) : fields.some(isDirty);
  };
  return Object.fromEntries(Object.entries(payload).filter(([key]) => changed(key))) as Partial<T>;
}
