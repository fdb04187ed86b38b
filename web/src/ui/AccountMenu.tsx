import { Link, useNavigate } from 'react-router';
import { CircleUser, Home, LayoutDashboard, LogOut, UserCog } from 'lucide-react';
import { api } from '../lib/api';
import { signedOut, useAuth } from '../lib/auth';
import { trans } from '../lib/i18n';
import { Avatar } from './Avatar';
import { DropdownContent, DropdownItem, DropdownLabel, DropdownMenu, DropdownSeparator, DropdownTrigger } from './DropdownMenu';
import { toast } from './Toast';
import { LanguageMenuItems } from './LanguagePicker';
import { useMenuItems } from '../site/appearance/MenuPosition';
import { ActionLink } from '../site/appearance/links';
import { ListsMenuItems } from '../site/lists/AccountMenuItems';
import { profileUrl } from '../site/profiles/AuthorLink';

export function AccountMenu({ showAdminLink = true }: { showAdminLink?: boolean }) {
  const { user, isAdmin, can } = useAuth();
  const navigate = useNavigate();
  const extra = useMenuItems('auth-dropdown');
  if (!user) return null;
  const logout = async () => {
    try {
      await api.post('auth/logout');
    } catch {
      toast.danger(trans('Could not log out'));
      return;
    }
    signedOut();
    navigate('/');
  };
  return (
    <DropdownMenu>
      {/* The name is the visible text followed by what the button does (WCAG 2.5.3: the label contains the visible text). */}
      <DropdownTrigger className="flex items-center gap-2 rounded-full p-1 hover:bg-hover sm:pe-3">
        <Avatar src={user.avatar} label={user.display_name || user.email} size={32} />
        <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate sm:text-sm sm:font-medium">{user.display_name || user.email}</span>
        <span className="sr-only">{trans('Account menu')}</span>
      </DropdownTrigger>
      <DropdownContent>
        <DropdownLabel>{user.email}</DropdownLabel>
        <DropdownItem asChild><Link to="/"><Home size="1rem" aria-hidden />{trans('Site home')}</Link></DropdownItem>
        {showAdminLink && isAdmin && (
          <DropdownItem asChild><Link to="/admin"><LayoutDashboard size="1rem" aria-hidden />{trans('Admin area')}</Link></DropdownItem>
        )}
        {can('users.view') && <DropdownItem asChild><Link to={profileUrl(user.id)}><CircleUser size="1rem" aria-hidden />{trans('Your profile')}</Link></DropdownItem>}
        <ListsMenuItems />
        <DropdownItem asChild><Link to="/account-settings"><UserCog size="1rem" aria-hidden />{trans('Account settings')}</Link></DropdownItem>
        {extra.map((item) => <DropdownItem key={item.id} asChild><ActionLink item={item}>{item.label}</ActionLink></DropdownItem>)}
        <LanguageMenuItems />
        <DropdownSeparator />
        <DropdownItem onSelect={logout}><LogOut size="1rem" aria-hidden />{trans('Log out')}</DropdownItem>
      </DropdownContent>
    </DropdownMenu>
  );
}
