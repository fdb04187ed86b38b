import { Link, useParams } from 'react-router';
import type { PersonCredit, PersonPageData } from '@app/contracts';
import { useDocumentTitle } from '../../admin/PageTitle';
import { formatDate, initialsOf } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { positiveId, usePageData } from '../../lib/page-data';
import { AdSlot } from '../ads/AdSlot';
import { PageError, PageSkeleton, Section } from '../titles/PageState';
import { PosterCard } from '../ui/PosterCard';
import { ShareButton } from '../ui/ShareButton';
import { departmentLabel } from './departments';
import { episodeUrl, seasonUrl, titleUrl } from '../ui/urls';
import { ClampedText } from '../ui/ClampedText';
import { PAGE_BOX } from '../ui/page-width';
import { responsiveImage } from '@app/contracts/image-sizes';

/** "Mia Garcia" → "MG": the photo's place when there is none. */

/** Credits grouped by department (acting first, then by size), each newest first as the server sends them. */
function byDepartment(credits: PersonCredit[]): [string, PersonCredit[]][] {
  const groups = new Map<string, PersonCredit[]>();
  for (const c of credits) (groups.get(c.pivot.department) ?? groups.set(c.pivot.department, []).get(c.pivot.department)!).push(c);
  return [...groups.entries()].sort((a, b) => Number(b[0] === 'Actors') - Number(a[0] === 'Actors') || b[1].length - a[1].length);
}


function creditUrl(c: PersonCredit): string {
  const t = { id: c.title_id, name: c.name };
  if (c.creditable_type === 'episode' && c.season && c.episode) return episodeUrl(t, c.season, c.episode);
  if (c.creditable_type === 'season' && c.season) return seasonUrl(t, c.season);
  return titleUrl(t);
}

/** Which season or episode a credit is for: a series' cast is often credited for the series and each season too. */
function CreditPlace({ credit: c }: { credit: PersonCredit }) {
  let place: string | null = null;
  if (c.creditable_type === 'episode' && c.season && c.episode) place = trans('S:season E:episode', { season: c.season, episode: c.episode });
  else if (c.creditable_type === 'season' && c.season) place = trans('Season :number', { number: c.season });
  return place ? <span className="text-text-muted"> · {place}</span> : null;
}

/** /people/:id/:slug? — photo, biography, facts, "known for" and credits by department. */
export function Component() {
  const id = positiveId(useParams().id);
  const query = usePageData<PersonPageData>(id ? `people/${id}/page` : null);
  useDocumentTitle(query.data?.person.name ?? trans('Loading'));
  if (!id || query.isError) return <PageError error={query.error} />;
  if (!query.data) return <PageSkeleton />;
  const { person, credits, known_for } = query.data;
  const facts: [string, string][] = ([
    [trans('Known for'), departmentLabel(person.known_for)],
    [trans('Gender'), person.gender === 'female' ? trans('Female') : person.gender === 'male' ? trans('Male') : ''],
    [trans('Birth date'), formatDate(person.birth_date)],
    [trans('Birth place'), person.birth_place ?? ''],
    [trans('Death date'), formatDate(person.death_date)],
    [trans('Known credits'), credits.length ? String(credits.length) : ''],
  ] as [string, string][]).filter(([, v]) => v);
  return (
    <article className={PAGE_BOX}>
      <AdSlot slot="person_top" />
      {/* Phones: the name, then the photo beside the facts, then the biography and known-for titles (the photo came
          last, under the titles, a screen or two down). Wider: the photo and facts in a column beside the rest. */}
      <div className="grid gap-x-6 gap-y-4 px-4 py-8 sm:grid-cols-[15rem_minmax(0,1fr)] sm:grid-rows-[auto_1fr] sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-start-2 sm:row-start-1">
          <h1 className="text-3xl font-bold sm:text-4xl">{person.name}</h1>
          <ShareButton title={person.name} />
        </div>
        <aside className="flex items-start gap-4 sm:col-start-1 sm:row-span-2 sm:row-start-1 sm:flex-col">
          <div className="aspect-[2/3] w-32 shrink-0 overflow-hidden rounded-md bg-bg-alt sm:w-full">
            {person.poster
              ? <img {...responsiveImage(person.poster, 'poster')} alt={person.name} fetchPriority="high" className="h-full w-full object-cover" />
              : <div className="flex h-full items-center justify-center text-4xl font-semibold text-text-muted sm:text-7xl" aria-hidden="true">{initialsOf(person.name)}</div>}
          </div>
          {facts.length ? (
            <dl className="flex min-w-0 flex-col gap-3 text-sm">
              {facts.map(([k, v]) => <div key={k}><dt className="text-text-muted">{k}</dt><dd className="font-medium">{v}</dd></div>)}
            </dl>
          ) : null}
        </aside>
        <div className="min-w-0 sm:col-start-2 sm:row-start-2">
          <h2 className="mb-2 text-lg font-semibold">{trans('Biography')}</h2>
          <ClampedText text={person.description || trans('We have no biography for :name yet.', { name: person.name })} className="whitespace-pre-line leading-relaxed text-text-muted" />
          {known_for.length ? (
            <div className="mt-8">
              <h2 className="mb-4 text-lg font-semibold">{trans('Known for')}</h2>
              <ul className="grid grid-cols-3 gap-4 sm:grid-cols-4">{known_for.map((t, i) => <li key={t.id}><PosterCard title={t} eager={i < 4} /></li>)}</ul>
            </div>
          ) : null}
        </div>
      </div>
      {byDepartment(credits).map(([department, list]) => (
        <Section key={department} id={`credits-${department.toLowerCase().replace(/[^a-z]+/g, '-')}`} title={departmentLabel(department)}>
          <ol className="divide-y divide-border rounded-md border border-border">
            {list.map((c) => (
              <li key={c.id} className="flex items-baseline gap-4 px-4 py-3 text-sm">
                <span className="w-12 shrink-0 text-text-muted">{c.year ?? '—'}</span>
                <div className="min-w-0">
                  <Link to={creditUrl(c)} className="font-medium hover:underline">{c.name}</Link>
                  <CreditPlace credit={c} />
                  <span className="block text-text-muted">{c.pivot.character ? trans('as :character', { character: c.pivot.character }) : c.pivot.job}</span>
                </div>
              </li>
            ))}
          </ol>
        </Section>
      ))}
    </article>
  );
}
