import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { cn } from '../../ui/cn';

export const profileUrl = (userId: number) => `/users/${userId}`;

/** A member as others see them: their own name, or "Member 42" when they gave none (the server never sends their e-mail). */
export function memberName(user: { id: number; display_name?: string | null } | null | undefined): string {
  if (!user) return '';
  return user.display_name || trans('Member :id', { id: user.id });
}

/**
 * A member's name (or any content naming them) that leads to their public profile when the visitor may view
 * profiles (users.view) and it opens (`hasProfile`: a suspended member's does not); otherwise plain text, so nobody
 * follows a link to a page that would refuse them.
 */
export function AuthorLink({ userId, hasProfile = true, children, className }: { userId: number | null | undefined; hasProfile?: boolean; children: ReactNode; className?: string }) {
  const { can } = useAuth();
  if (!userId || !hasProfile || !can('users.view')) return <span className={className}>{children}</span>;
  return <Link to={profileUrl(userId)} className={cn('hover:underline', className)}>{children}</Link>;
}
