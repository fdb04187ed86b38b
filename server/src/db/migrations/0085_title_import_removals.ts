import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';

/**
 * A season or episode the movie database brought and an editor deleted came back at the next import of the series or
 * the weekly refresh. The items deleted from an imported title are remembered here ('season:{number}',
 * 'episode:{the service's episode id}'), and a later import does not add them again. A row goes with its title.
 */
export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  await db.schema.createTable('title_import_removals')
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('item', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('title_import_removals_pkey', ['title_id', 'item'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('title_import_removals').execute();
}
