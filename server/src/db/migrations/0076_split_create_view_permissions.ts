import { sql, type Kysely } from 'kysely';

/**
 * Creating users now needs users.create, and creating and viewing roles roles.create and roles.view (before, the
 * update permission opened those calls and the other names did nothing). Whoever held the update permission, a role
 * or a user directly, keeps what they could do: they are given the new names beside it.
 */
const SPLITS: [from: string, to: string][] = [['users.update', 'users.create'], ['roles.update', 'roles.create'], ['roles.update', 'roles.view']];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [from, to] of SPLITS) {
    await sql`INSERT INTO permission_grants (model_type, model_id, name, restrictions)
      SELECT g.model_type, g.model_id, ${to}, NULL FROM permission_grants g
      WHERE g.name = ${from} AND NOT EXISTS (
        SELECT 1 FROM permission_grants o WHERE o.model_type = g.model_type AND o.model_id = g.model_id AND o.name = ${to})`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The added grants are indistinguishable from ones given on purpose afterwards: they stay.
}
