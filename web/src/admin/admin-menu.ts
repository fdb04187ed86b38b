import { MessageSquare, ScrollText, Star, BadgeDollarSign, Clapperboard, Hash, Tag, UserRound, Video, CreditCard, FileText, Folder, Gauge, Languages, Megaphone, Newspaper, Palette, Settings, Shield, Tags, Users, type LucideIcon } from 'lucide-react';
import type { PermissionNeed } from '../lib/auth';
import { trans } from '../lib/i18n';
import { PEOPLE, ROLES, TITLES, TITLE_TAGS, USERS, VIDEOS } from './section-permissions';
import { List, MonitorPlay } from 'lucide-react';

export interface AdminMenuItem {
  label: () => string;
  path: string;
  icon: LucideIcon;
  /** Permission needed to open the section (a list: all of them; `{ any }`: one of them); null means admin.access is enough. */
  permission: PermissionNeed | null;
}

export const ADMIN_MENU: AdminMenuItem[] = [
  { label: () => trans('Dashboard'), path: '/admin', icon: Gauge, permission: 'reports.view' },
  { label: () => trans('Users'), path: '/admin/users', icon: Users, permission: USERS },
  { label: () => trans('Roles'), path: '/admin/roles', icon: Shield, permission: ROLES },
  // catalogue
  { label: () => trans('Titles'), path: '/admin/titles', icon: Clapperboard, permission: TITLES },
  { label: () => trans('People'), path: '/admin/people', icon: UserRound, permission: PEOPLE },
  { label: () => trans('Videos'), path: '/admin/videos', icon: Video, permission: VIDEOS },
  { label: () => trans('Genres'), path: '/admin/genres', icon: Tag, permission: TITLE_TAGS },
  { label: () => trans('Keywords'), path: '/admin/keywords', icon: Hash, permission: TITLE_TAGS },
  { label: () => trans('Subscriptions'), path: '/admin/subscriptions', icon: CreditCard, permission: 'subscriptions.update' },
  { label: () => trans('Plans'), path: '/admin/plans', icon: BadgeDollarSign, permission: 'plans.update' },
  { label: () => trans('Channels'), path: '/admin/channels', icon: MonitorPlay, permission: 'channels.update' },
  { label: () => trans('Lists'), path: '/admin/lists', icon: List, permission: 'lists.update' },
  { label: () => trans('Custom pages'), path: '/admin/custom-pages', icon: FileText, permission: 'custom_pages.update' },
  { label: () => trans('Tags'), path: '/admin/tags', icon: Tags, permission: 'tags.update' },
  { label: () => trans('Localizations'), path: '/admin/localizations', icon: Languages, permission: 'localizations.update' },
  { label: () => trans('Files'), path: '/admin/files', icon: Folder, permission: 'files.update' },
  { label: () => trans('Ads'), path: '/admin/ads', icon: Megaphone, permission: 'settings.update' },
  { label: () => trans('Comments'), path: '/admin/comments', icon: MessageSquare, permission: 'comments.update' },
  { label: () => trans('Reviews'), path: '/admin/reviews', icon: Star, permission: 'reviews.update' },
  { label: () => trans('News'), path: '/admin/news', icon: Newspaper, permission: 'news.update' },
  { label: () => trans('Appearance'), path: '/admin/appearance', icon: Palette, permission: 'appearance.update' },
  { label: () => trans('Settings'), path: '/admin/settings', icon: Settings, permission: 'settings.update' },
  { label: () => trans('Audit log'), path: '/admin/audit-log', icon: ScrollText, permission: 'audit_log.view' },
];

