import { Bookmark, History, ListVideo } from 'lucide-react';
import { Link } from 'react-router';
import { trans } from '../../lib/i18n';
import { DropdownItem } from '../../ui/DropdownMenu';

/** "Watchlist", "Your lists" and "Watch history" in the signed-in user's account menu. */
export function ListsMenuItems() {
  return (
    <>
      <DropdownItem asChild><Link to="/watchlist"><Bookmark size="1rem" aria-hidden />{trans('Watchlist')}</Link></DropdownItem>
      <DropdownItem asChild><Link to="/lists"><ListVideo size="1rem" aria-hidden />{trans('Your lists')}</Link></DropdownItem>
      <DropdownItem asChild><Link to="/history"><History size="1rem" aria-hidden />{trans('Watch history')}</Link></DropdownItem>
    </>
  );
}
