import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { TmdbOpened } from '@app/contracts/browse';
import { api, ApiError } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { useDocumentTitle } from '../../admin/PageTitle';
import { ErrorPage, NotFoundPage } from '../ErrorPages';
import { personUrl, titleUrl } from '../ui/urls';

/**
 * `/titles/tmdb/{type}/{tmdbId}` and `/people/tmdb/{tmdbId}`: a search hit from the movie database. The server brings
 * it into the catalogue (or finds it there) and the visitor lands on its own page; the address is replaced, so Back
 * returns to the search.
 */
export function Component() {
  const { type, tmdbId } = useParams();
  const person = type === undefined;
  const navigate = useNavigate();
  const path = person ? `people/tmdb/${tmdbId}` : `titles/tmdb/${type}/${tmdbId}`;
  const query = useQuery({ queryKey: ['tmdb-open', path], queryFn: () => api.get<TmdbOpened>(path), retry: false, staleTime: Infinity });
  useDocumentTitle(trans('Loading'));
  useEffect(() => {
    if (query.data) void navigate(person ? personUrl(query.data) : titleUrl(query.data), { replace: true });
  }, [query.data, person, navigate]);
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422)) return <NotFoundPage />;
  // The service failing is not the visitor's business: the site's own error page (and tab title), not its message.
  if (query.error) return <ErrorPage />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 p-16 text-center" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-2 border-border border-t-primary" aria-hidden />
      <p className="text-text-muted">{person ? trans('Getting this person’s page ready…') : trans('Getting this title’s page ready…')}</p>
    </div>
  );
}
