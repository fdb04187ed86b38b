import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { cn } from '../../ui/cn';

export const profileUrl = (userId: number) => `/users/${userId}`;

/**
 * A member's name (or any content naming them) that leads to their public profile when the visitor may view
 * profiles (users.view); otherwise plain text, so nobody follows a link to a page that would refuse them.
 */
export function AuthorLink({ userId, children, className }: { userId: number | null | undefined; children: ReactNode; className?: string }) {
  const { can } = useAuth();
  if (!userId || !can('users.view')) return <span className={className}>{children}</span>;
  return <Link to={profileUrl(userId)} className={cn('hover:underline', className)}>{children}</Link>;
}
