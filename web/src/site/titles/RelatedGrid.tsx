import type { RelatedTitle } from '@app/contracts';
import { trans } from '../../lib/i18n';
import { PosterCard } from '../ui/PosterCard';
import { RELATED_GRID_CLASS, Section } from './PageState';

/** Related titles by shared genres and keywords (its own chunk: poster cards bring the watchlist toggle with them). */
export default function RelatedGrid({ titles }: { titles: RelatedTitle[] }) {
  return (
    <Section id="related" title={trans('Related titles')}>
      <ul className={RELATED_GRID_CLASS}>{titles.map((t) => <li key={t.id}><PosterCard title={t} /></li>)}</ul>
    </Section>
  );
}
