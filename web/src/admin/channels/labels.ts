import { trans } from '../../lib/i18n';

/** Readable names of the config values (Maps: looked up by value, never by object property). */
export const contentTypeLabels = () => new Map([
  ['listAll', trans('List all content')], ['manual', trans('Manage content manually')], ['autoUpdate', trans('Auto update content')],
]);
export const contentModelLabels = () => new Map([
  ['titles', trans('Movies and series')], ['people', trans('People')], ['episodes', trans('Episodes')], ['news', trans('News articles')], ['channels', trans('Channels')],
]);
export const titleTypeLabels = () => new Map([['all', trans('Movies and series')], ['movie', trans('Movies only')], ['series', trans('Series only')]]);
export const orderLabels = () => new Map([
  ['popularity', trans('Most popular')], ['rating', trans('Highest rated')], ['release_date', trans('Release date')],
  ['recently_added', trans('Recently added')], ['name', trans('Name (A-Z)')], ['manual', trans('Manual order')],
]);
export const providerLabels = () => new Map([['local', trans('Local database')], ['tmdb', trans('The Movie Database')]]);
export const tmdbMethodLabels = () => new Map([
  ['movie:popular', trans('Popular movies')], ['movie:top_rated', trans('Top rated movies')], ['movie:upcoming', trans('Upcoming movies')],
  ['movie:now_playing', trans('Movies now playing')], ['movie:trending', trans('Trending movies')], ['series:popular', trans('Popular series')],
  ['series:top_rated', trans('Top rated series')], ['series:airing_today', trans('Series airing today')], ['series:trending', trans('Trending series')],
]);
export const localMethodLabels = () => new Map([
  ['most_popular', trans('Most popular')], ['most_watched', trans('Most watched this week')], ['latest', trans('Latest releases')], ['top_rated', trans('Top rated')],
  ['recently_added', trans('Recently added')], ['upcoming', trans('Upcoming')], ['now_playing', trans('Now playing')],
]);
export const restrictionLabels = () => new Map([['', trans('None')], ['genre', trans('Genre')], ['keyword', trans('Keyword')], ['production_country', trans('Production country')], ['custom', trans('Tag')]]);
export const layoutLabels = () => new Map([
  ['grid', trans('Grid')], ['landscapeGrid', trans('Landscape grid')], ['carousel', trans('Carousel')], ['heroSlider', trans('Hero slider')], ['list', trans('List')],
]);

export const options = (labels: Map<string, string>) => [...labels].map(([value, label]) => ({ value, label }));
export const labelOf = (labels: Map<string, string>, value: string | null | undefined) => (value ? labels.get(value) ?? value : '');
