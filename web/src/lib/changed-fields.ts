/**
 * What an edit form sends: only the fields the editor changed (react-hook-form's dirtyFields), so a field another
 * editor saved meanwhile keeps their value. `fieldOf` names the form field a payload key comes from when they differ.
 */
export function changedOnly<T extends object>(payload: T, dirty: object, fieldOf: ReadonlyMap<string, string> = new Map()): Partial<T> {
  const changed = (key: string) => {
    const field = fieldOf.get(key) ?? key;
    return Object.hasOwn(dirty, field) && Boolean((dirty as Record<string, unknown>)[field]);
  };
  return Object.fromEntries(Object.entries(payload).filter(([key]) => changed(key))) as Partial<T>;
}
