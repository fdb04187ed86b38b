import * as DM from '@radix-ui/react-dropdown-menu';
import { Check, ListPlus, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { UserList } from '@app/contracts/lists';
import { useAuth } from '../../lib/auth';
import { useLoginRedirect } from '../../lib/guards';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../../ui/Button';
import { HERO_ACTION } from '../ui/PlayButtons';
import { DropdownContent, DropdownItem, DropdownLabel, DropdownMenu, DropdownSeparator, DropdownTrigger } from '../../ui/DropdownMenu';
import { toast } from '../../ui/Toast';
import { useListMembership, useToggleListItem, useToggleWatchlist, useWatchlistIds } from './api';
import { LazyListFormModal } from './LazyListFormModal';

const TRIGGER = buttonClass('outline', 'md', HERO_ACTION);

function CheckItem({ checked, onToggle, children }: { checked: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <DM.CheckboxItem
      checked={checked}
      // Keep the menu open: several lists can be ticked in one go.
      onSelect={(e) => { e.preventDefault(); onToggle(); }}
      className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 outline-none data-[highlighted]:bg-hover"
    >
      <span className="flex h-4 w-4 items-center justify-center rounded border border-border" aria-hidden>
        <DM.ItemIndicator><Check size="0.75rem" /></DM.ItemIndicator>
      </span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </DM.CheckboxItem>
  );
}

/**
 * The title page's "Add to list" menu: the watchlist and each of the user's lists as checkboxes, and "New list…",
 * which creates a list and adds the title to it. Guests are sent to sign in.
 */
export function AddToListMenu({ titleId }: { titleId: number }) {
  const { user } = useAuth();
  const toLogin = useLoginRedirect();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const membership = useListMembership(titleId, !!user && open);
  const watchIds = useWatchlistIds();
  const watch = useToggleWatchlist();
  const item = useToggleListItem();

  if (!user) return <button type="button" className={TRIGGER} onClick={toLogin}><ListPlus size="1.125rem" aria-hidden />{trans('Add to list')}</button>;

  const onWatchlist = watchIds?.has(titleId) ?? membership.data?.watchlist ?? false;
  const toggleList = (listId: number, name: string, on: boolean) => item.mutate({ listId, titleId, on }, {
    onSuccess: () => toast(on ? trans('Added to :name', { name }) : trans('Removed from :name', { name })),
  });
  const created = (list: UserList) => toggleList(list.id, list.name, true);

  return (
    <>
      {/* Not modal: "New list…" opens a dialog as the menu closes, and a modal menu would leave the page unclickable. */}
      <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
        <DropdownTrigger className={TRIGGER} data-testid="add-to-list">
          <ListPlus size="1.125rem" aria-hidden />{trans('Add to list')}
        </DropdownTrigger>
        <DropdownContent align="start">
          <CheckItem checked={onWatchlist} onToggle={() => watch.mutate({ titleId, on: !onWatchlist })}>{trans('Watchlist')}</CheckItem>
          <DropdownSeparator />
          {membership.isPending ? <DropdownLabel>{trans('Loading...')}</DropdownLabel> : null}
          {membership.data?.lists.length ? <DropdownLabel>{trans('Your lists')}</DropdownLabel> : null}
          {membership.data?.lists.map((l) => (
            <CheckItem key={l.id} checked={l.has} onToggle={() => toggleList(l.id, l.name, !l.has)}>{l.name}</CheckItem>
          ))}
          <DropdownItem onSelect={() => setCreating(true)}><Plus size="1rem" aria-hidden />{trans('New list…')}</DropdownItem>
        </DropdownContent>
      </DropdownMenu>
      <LazyListFormModal open={creating} onOpenChange={setCreating} onSaved={created} />
    </>
  );
}
