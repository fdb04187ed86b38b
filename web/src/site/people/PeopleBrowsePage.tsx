import { useSearchParams } from 'react-router';
import type { FilterItem } from '@app/contracts/list';
import type { Person } from '@app/contracts/people';
import { KNOWN_FOR } from '@app/contracts/people-constants';
import { useDocumentTitle } from '../../admin/PageTitle';
import { trans } from '../../lib/i18n';
import { FILTER_CONTROL, Field, Select } from '../browse/BrowseFilters';
import { BrowseHeading } from '../browse/BrowseHeading';
import { InfiniteResults } from '../browse/InfiniteResults';
import { useInfiniteList } from '../browse/use-infinite-titles';
import { NoAccess, isNoAccess } from '../ui/NoAccess';
import { PortraitGrid } from '../ui/PortraitCard';
import { personUrl } from '../ui/urls';
import { departmentLabel } from './departments';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/** The orders a visitor can pick, each with its direction; the first is the default. */
const SORTS = new Map<string, { dir: 'asc' | 'desc'; label: () => string }>([
  ['popularity', { dir: 'desc', label: () => trans('Most popular') }],
  ['views', { dir: 'desc', label: () => trans('Most viewed') }],
  ['name', { dir: 'asc', label: () => trans('Name') }],
]);
const GENDERS = new Map([['female', () => trans('Female')], ['male', () => trans('Male')]]);
const KNOWN = new Set<string>(KNOWN_FOR);
/** Portraits are round and need less room than posters: more to a row, and more to a page. */
const PER_PAGE = 48;

/** `/people`: everyone in the catalogue, most popular first, narrowed by what they are known for; paged by infinite scroll. */
export function Component() {
  const heading = trans('People');
  useDocumentTitle(heading);
  const [params, setParams] = useSearchParams();
  // Unknown values from a hand-edited address fall back to the defaults instead of asking for a 422.
  const sort = SORTS.has(params.get('sort') ?? '') ? params.get('sort')! : 'popularity';
  const knownFor = KNOWN.has(params.get('known_for') ?? '') ? params.get('known_for')! : '';
  const gender = GENDERS.has(params.get('gender') ?? '') ? params.get('gender')! : '';
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value); else next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const filters: FilterItem[] = [];
  if (knownFor) filters.push({ key: 'known_for', value: knownFor, operator: '=' });
  if (gender) filters.push({ key: 'gender', value: gender, operator: '=' });
  const list = useInfiniteList<Person>('people', {
    perPage: PER_PAGE, orderBy: sort, orderDir: SORTS.get(sort)!.dir, ...(filters.length ? { filters: JSON.stringify(filters) } : {}),
  });
  const people = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total;
  const filtered = Boolean(knownFor || gender);

  if (list.error && isNoAccess(list.error)) return <NoAccess />;
  return (
    <div className={cn(PAGE_WIDTH, 'flex flex-col gap-6 py-8')}>
      <BrowseHeading heading={heading} count={total !== undefined && !list.error ? trans('[one 1 person|other :count people]', { count: total }) : null}
        onClear={filtered ? () => setParams(new URLSearchParams(sort === 'popularity' ? {} : { sort }), { replace: true }) : undefined} />
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-bg-elevated p-4">
        <Select id="people-known-for" label={trans('Known for')} value={knownFor} items={KNOWN_FOR.map((k) => ({ value: k, name: departmentLabel(k) }))} onChange={(v) => set('known_for', v)} />
        <Select id="people-gender" label={trans('Gender')} value={gender} items={[...GENDERS].map(([value, label]) => ({ value, name: label() }))} onChange={(v) => set('gender', v)} />
        <Field id="people-sort" label={trans('Sort by')}>
          <select id="people-sort" className={FILTER_CONTROL} value={sort} onChange={(e) => set('sort', e.target.value === 'popularity' ? '' : e.target.value)}>
            {[...SORTS].map(([value, s]) => <option key={value} value={value}>{s.label()}</option>)}
          </select>
        </Field>
      </div>
      <InfiniteResults list={list} count={people.length} empty={filtered ? trans('Nobody matches these filters.') : trans('There are no people here yet.')}>
        <PortraitGrid
          label={heading}
          busy={list.isFetchingNextPage}
          people={people.map((p) => ({ key: p.id, href: personUrl(p), name: p.name, subtitle: departmentLabel(p.known_for), image: p.poster }))}
        />
      </InfiniteResults>
    </div>
  );
}
