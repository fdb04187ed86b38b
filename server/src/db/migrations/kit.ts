import type { ColumnDataType, ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from '../index.ts';

/** Column types that differ between SQLite and PostgreSQL, so migrations stay one file per change. */
export interface ColumnKit {
  dialect: Dialect;
  id: ColumnDataType;
  timestamp: ColumnDataType;
  pk(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

export function columnKit(dialect: Dialect): ColumnKit {
  return dialect === 'postgres'
    ? { dialect, id: 'serial', timestamp: 'timestamptz', pk: (c) => c.primaryKey() }
    : { dialect, id: 'integer', timestamp: 'text', pk: (c) => c.primaryKey().autoIncrement() };
}
