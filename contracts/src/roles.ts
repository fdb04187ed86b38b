import type { PermissionGrant } from './permissions.ts';

export interface Role {
  id: number;
  name: string;
  description: string | null;
  type: 'sitewide' | 'workspace';
  default: boolean;
  guests: boolean;
  internal: boolean;
  permissions: PermissionGrant[];
  created_at: string;
  updated_at: string;
  users_count?: number;
}
