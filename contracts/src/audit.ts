/** One audit log row as the admin screen shows it. */
export interface AuditEntry {
  id: number;
  user: { id: number; display_name: string; email: string; avatar: string | null } | null;
  via: 'session' | 'token';
  ip: string | null;
  method: string;
  /** The route pattern of the call (`/api/v1/users/:id`). */
  action: string;
  record_type: string | null;
  record_id: string | null;
  status: number;
  /** Only the fields that changed, as [before, after]; secrets show as the mask. */
  changes: Record<string, [unknown, unknown]> | null;
  created_at: string;
}

/** What replaces a secret's value in the log. */
export const AUDIT_SECRET_MASK = '••••••';
