import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO 8601 UTC strings on both databases; booleans are 0/1 on SQLite. */
type Timestamp = string;
type Bool = boolean | number;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  available_space: number | null;
  email_verified_at: Timestamp | null;
  banned_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BansTable {
  id: Generated<number>;
  user_id: number;
  ban_until: Timestamp | null;
  comment: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  type: string;
  default: Bool;
  guests: Bool;
  internal: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A permission granted to a role or to a user directly; restrictions is JSON. */
export interface PermissionGrantsTable {
  id: Generated<number>;
  model_type: 'role' | 'user';
  model_id: number;
  name: string;
  restrictions: string | null;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** sha256 of the cookie value, so a leaked table cannot be replayed. */
  id: string;
  user_id: number;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  last_active_at: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
}

/** One-time tokens mailed to users: password reset and e-mail verification. */
export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  type: 'password_reset' | 'email_verification';
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface SettingsTable {
  name: string;
  value: string;
  updated_at: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number | null;
  price_id: number | null;
  gateway_name: string;
  gateway_id: string | null;
  description: string | null;
  renews_at: Timestamp | null;
  ends_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CsvExportsTable {
  id: Generated<number>;
  user_id: number;
  resource: string;
  /** Path under storage/, set once the file is complete. */
  path: string | null;
  uuid: string;
  created_at: Timestamp;
}

export interface CountersTable {
  name: string;
  value: number;
}

/** A job waiting for the database queue driver's worker (migration 0005_jobs). */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON */
  payload: string;
  attempts: number;
  reserved_at: Timestamp | null;
  available_at: Timestamp;
  created_at: Timestamp;
}

/** A job that failed on its last try, whatever the driver. */
export interface FailedJobsTable {
  id: Generated<number>;
  driver: string;
  name: string;
  payload: string;
  exception: string;
  failed_at: Timestamp;
}

/** The database search driver's documents (SQLite keeps the text in search_documents_fts, keyed by id). */
export interface SearchDocumentsTable {
  id: Generated<number>;
  model: string;
  doc_id: number;
  body: string | null;
}

export interface Database {
  users: UsersTable;
  bans: BansTable;
  roles: RolesTable;
  permission_grants: PermissionGrantsTable;
  user_role: UserRoleTable;
  sessions: SessionsTable;
  access_tokens: AccessTokensTable;
  user_tokens: UserTokensTable;
  settings: SettingsTable;
  subscriptions: SubscriptionsTable;
  csv_exports: CsvExportsTable;
  counters: CountersTable;
  jobs: JobsTable;
  failed_jobs: FailedJobsTable;
  search_documents: SearchDocumentsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdateRow = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
