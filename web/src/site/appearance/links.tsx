import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MENU_ITEM_CATEGORIES, type HomepageAction, type MenuItem } from '@app/contracts/appearance-constants';

/** Where a menu item or landing-page action points. */
export function actionHref(item: Pick<HomepageAction, 'type' | 'action'>): string {
  if (item.type === 'link' || item.type === 'route') return item.action;
  const category = MENU_ITEM_CATEGORIES.find((c) => c.type === item.type);
  return category ? category.path.replace(':slug', encodeURIComponent(item.action)) : item.action;
}

/** An internal path becomes a router link; anything else (or a new tab) a plain anchor. */
export function ActionLink({ item, className, children, ...rest }: { item: Pick<MenuItem, 'type' | 'action' | 'target'>; className?: string; children: ReactNode; 'data-appearance'?: string }) {
  const href = actionHref(item);
  const external = !href.startsWith('/') || href.startsWith('//');
  if (external || item.target === '_blank') {
    return <a href={href} className={className} target={item.target} rel={item.target === '_blank' ? 'noopener noreferrer' : undefined} {...rest}>{children}</a>;
  }
  return <Link to={href} className={className} {...rest}>{children}</Link>;
}
