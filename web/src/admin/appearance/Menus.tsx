import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { GripVertical, Plus, Trash2 } from 'lucide-react';
import { MENU_ID_LENGTH, MENU_ITEM_ID_LENGTH, MENU_POSITIONS, PERMISSIONS, freshId, menuItemIds, type Menu, type MenuItem } from '@app/contracts';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Checkbox, Select } from '../../ui/fields';
import { ChipCheckboxGroup } from '../../ui/ChipCheckboxGroup';
import { PermissionPicker } from '../../ui/PermissionPicker';
import { MENU_ICONS } from '../../site/appearance/MenuPosition';
import { SectionTitle, useAppearanceForm } from './AppearanceLayout';
import { ActionFields } from './ActionFields';
import { Text, useFieldError } from './fields';

const MENUS = 'client.menus';

export function MenusList() {
  const { control, getValues } = useAppearanceForm();
  const { fields, append } = useFieldArray({ control, name: MENUS, keyName: 'key' });
  const navigate = useNavigate();
  const add = () => {
    const id = freshId(MENU_ID_LENGTH, (getValues(MENUS) as Menu[]).map((m) => m.id));
    append({ id, name: trans('New menu'), positions: [], items: [] } satisfies Menu);
    navigate(String(fields.length));
  };
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {(fields as unknown as (Menu & { key: string })[]).map((m, i) => (
          <li key={m.key}>
            <Link to={String(i)} className="flex flex-col rounded-md border border-border px-3 py-2.5 hover:bg-hover">
              <span className="text-sm font-medium">{m.name}</span>
              <span className="text-xs text-text-muted">{m.positions.join(', ') || trans('Not placed')}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Button onClick={add}><Plus size={16} aria-hidden />{trans('Create menu')}</Button>
    </div>
  );
}

function useMenuIndex(): number | null {
  const { menuIndex } = useParams();
  const { getValues } = useAppearanceForm();
  const i = Number(menuIndex);
  const menus = getValues(MENUS) as Menu[];
  return Number.isInteger(i) && i >= 0 && i < menus.length ? i : null;
}

export function MenuEditor() {
  const index = useMenuIndex();
  const { control, watch, setValue, getValues } = useAppearanceForm();
  const { remove } = useFieldArray({ control, name: MENUS, keyName: 'key' });
  const itemsName = `${MENUS}.${index ?? 0}.items`;
  const items = useFieldArray({ control, name: itemsName, keyName: 'key' });
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  if (index === null) return <Navigate to="/admin/appearance/menus" replace />;
  const positions = (watch(`${MENUS}.${index}.positions`) ?? []) as string[];
  const togglePosition = (p: string, on: boolean) => setValue(`${MENUS}.${index}.positions`, on ? [...positions, p] : positions.filter((x) => x !== p), { shouldDirty: true });
  const addItem = () => {
    // Unique across all menus: the menus placed in one position render as one list keyed by item id.
    const id = freshId(MENU_ITEM_ID_LENGTH, menuItemIds(getValues(MENUS) as Menu[]));
    const item: MenuItem = { id, label: trans('New link'), icon: null, type: 'link', action: '/', target: '_self', roles: [], permissions: [] };
    items.append(item);
    navigate(`items/${(getValues(itemsName) as MenuItem[]).length - 1}`);
  };
  const move = (from: number, to: number) => { if (to >= 0 && to < items.fields.length) items.move(from, to); };
  return (
    <div className="flex flex-col gap-6">
      <Text name={`${MENUS}.${index}.name`} label={trans('Menu name')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{trans('Positions')}</legend>
        {MENU_POSITIONS.map((p) => (
          <Checkbox key={p} label={p} checked={positions.includes(p)} onChange={(e) => togglePosition(p, e.target.checked)} />
        ))}
      </fieldset>
      <section>
        <SectionTitle actions={<Button size="sm" onClick={addItem}><Plus size={14} aria-hidden />{trans('Add item')}</Button>}>{trans('Menu items')}</SectionTitle>
        {items.fields.length ? (
          <ul className="flex flex-col gap-1.5">
            {(items.fields as unknown as (MenuItem & { key: string })[]).map((item, i) => (
              <li key={item.key} className="flex items-center gap-1 rounded-md border border-border">
                {/* 24 px targets (WCAG 2.2 target size), side by side. */}
                <span className="flex ps-1">
                  <button type="button" className="flex h-6 w-6 items-center justify-center rounded text-xs hover:bg-hover disabled:opacity-30" aria-label={trans('Move up')} disabled={i === 0} onClick={() => move(i, i - 1)}>▲</button>
                  <button type="button" className="flex h-6 w-6 items-center justify-center rounded text-xs hover:bg-hover disabled:opacity-30" aria-label={trans('Move down')} disabled={i === items.fields.length - 1} onClick={() => move(i, i + 1)}>▼</button>
                </span>
                <GripVertical size={14} className="text-text-muted" aria-hidden />
                <Link to={`items/${i}`} className="min-w-0 flex-1 truncate px-2 py-2 text-sm hover:underline">
                  {String(watch(`${itemsName}.${i}.label`) || item.label || trans('Untitled'))}
                </Link>
              </li>
            ))}
          </ul>
        ) : <p className="text-sm text-text-muted">{trans('This menu has no items yet.')}</p>}
      </section>
      <Button variant="danger" onClick={() => setConfirm(true)}><Trash2 size={16} aria-hidden />{trans('Delete menu')}</Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={trans('Delete menu')}
        body={trans('Are you sure you want to delete this menu?')}
        confirm={trans('Delete')}
        danger
        onConfirm={() => {
          setConfirm(false);
          navigate('/admin/appearance/menus', { replace: true });
          remove(index);
        }}
      />
    </div>
  );
}

export function MenuItemEditor() {
  const menuIndex = useMenuIndex();
  const { menuItemIndex } = useParams();
  const { control, getValues, watch, setValue } = useAppearanceForm();
  const items = useFieldArray({ control, name: `${MENUS}.${menuIndex ?? 0}.items`, keyName: 'key' });
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const roles = useQuery({
    queryKey: ['roles', 'list', { perPage: 100 }],
    queryFn: () => api.get<{ pagination: { data: { id: number; name: string }[] } }>('roles', { perPage: 100 }).then((r) => r.pagination.data),
    retry: false,
  });
  const i = Number(menuItemIndex);
  const list = menuIndex === null ? [] : (getValues(`${MENUS}.${menuIndex}.items`) as MenuItem[]);
  if (menuIndex === null) return <Navigate to="/admin/appearance/menus" replace />;
  if (!Number.isInteger(i) || i < 0 || i >= list.length) return <Navigate to={`/admin/appearance/menus/${menuIndex}`} replace />;
  const p = `${MENUS}.${menuIndex}.items.${i}`;
  const back = `/admin/appearance/menus/${menuIndex}`;
  return (
    <div className="flex flex-col gap-4">
      <Text name={`${p}.label`} label={trans('Label')} />
      <ActionFields prefix={p} />
      <Select
        label={trans('Icon')}
        value={String(watch(`${p}.icon`) ?? '')}
        onChange={(e) => setValue(`${p}.icon`, e.target.value || null, { shouldDirty: true })}
        options={[{ value: '', label: trans('None') }, ...[...MENU_ICONS.keys()].map((k) => ({ value: k, label: k }))]}
      />
      <ChipCheckboxGroup
        legend={trans('Roles')}
        status={roles.isPending && <div className="skeleton h-6 w-48" />}
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        value={(watch(`${p}.roles`) ?? []) as number[]}
        onChange={(v) => setValue(`${p}.roles`, v, { shouldDirty: true })}
        description={trans('Only users with one of these roles are shown the item. Leave empty for everyone.')}
      />
      {/* Names and descriptions, not raw keys: a menu item only needs the names, so no restriction inputs. */}
      <PermissionPicker
        catalogue={PERMISSIONS}
        value={((watch(`${p}.permissions`) ?? []) as string[]).map((name) => ({ name }))}
        onChange={(grants) => setValue(`${p}.permissions`, grants.map((g) => g.name), { shouldDirty: true })}
        withRestrictions={false}
        description={trans('Only users with all of these permissions are shown the item. Leave empty for everyone.')}
      />
      <ItemErrors prefix={p} />
      <Button variant="danger" onClick={() => setConfirm(true)}><Trash2 size={16} aria-hidden />{trans('Delete item')}</Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={trans('Delete menu item')}
        body={trans('Are you sure you want to delete this menu item?')}
        confirm={trans('Delete')}
        danger
        onConfirm={() => {
          setConfirm(false);
          navigate(back, { replace: true });
          items.remove(i);
        }}
      />
    </div>
  );
}

function ItemErrors({ prefix }: { prefix: string }) {
  const error = useFieldError(`${prefix}.id`);
  return error ? <p role="alert" className="text-xs text-danger">{error}</p> : null;
}
