import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import './index.css';
import { queryClient } from './lib/query-client';
import { adminLoader, guestLoader, requirePermission } from './lib/guards';
import { trans } from './lib/i18n';
import { Toaster } from './ui/Toast';
import { NotFoundPage, RouteError } from './site/ErrorPages';

function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function Loading() {
  return (
    <div className="flex h-full items-center justify-center" role="status" aria-label={trans('Loading')}>
      <div className="h-8 w-8 animate-spin rounded-full border-2 border-border border-t-primary" />
    </div>
  );
}

/** A section that is not built yet: a lazy placeholder titled with the section name. */
function placeholder(title: () => string): RouteObject['lazy'] {
  return async () => {
    const { Placeholder } = await import('./admin/Placeholder');
    return { Component: () => <Placeholder title={title()} /> };
  };
}

function section(path: string, permission: string, title: () => string): RouteObject {
  return { path, loader: requirePermission(permission), children: [{ index: true, lazy: placeholder(title) }, { path: '*', lazy: placeholder(title) }] };
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        lazy: () => import('./site/SiteLayout'),
        children: [
          { index: true, lazy: () => import('./site/Landing') },
          { path: 'login', loader: guestLoader, lazy: () => import('./site/auth/Login') },
          { path: 'register', loader: guestLoader, lazy: () => import('./site/auth/Register') },
          { path: 'forgot-password', loader: guestLoader, lazy: () => import('./site/auth/ForgotPassword') },
          { path: 'password/reset/:token', lazy: () => import('./site/auth/ResetPassword') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'admin',
        loader: adminLoader,
        lazy: () => import('./admin/AdminLayout'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: placeholder(() => trans('Dashboard')) },
              {
                path: 'users',
                loader: requirePermission('users.update'),
                children: [
                  { index: true, lazy: () => import('./admin/users/UsersPage') },
                  { path: 'new', lazy: () => import('./admin/users/CreateUserPage') },
                  { path: ':userId/edit', lazy: () => import('./admin/users/EditUserPage') },
                ],
              },
              // catalogue
              {
                path: 'titles',
                loader: requirePermission('titles.update'),
                children: [
                  { index: true, lazy: () => import('./admin/titles/TitlesPage') },
                  { path: 'new', lazy: () => import('./admin/titles/TitleLayout').then((m) => ({ Component: m.NewTitlePage })) },
                  {
                    path: ':titleId/edit',
                    lazy: () => import('./admin/titles/TitleLayout'),
                    children: [
                      { index: true, element: <Navigate to="primary-facts" replace /> },
                      { path: 'primary-facts', lazy: () => import('./admin/titles/TitleLayout').then((m) => ({ Component: m.PrimaryFactsTab })) },
                      { path: 'reviews', lazy: () => import('./admin/titles/TitleLayout').then((m) => ({ Component: m.ReviewsTab })) },
                      { path: 'comments', lazy: () => import('./admin/titles/TitleLayout').then((m) => ({ Component: m.CommentsTab })) },
                      { path: 'images', lazy: () => import('./admin/titles/ImagesTab') },
                      { path: 'genres', lazy: () => import('./admin/titles/TagsTab').then((m) => ({ Component: m.GenresTab })) },
                      { path: 'keywords', lazy: () => import('./admin/titles/TagsTab').then((m) => ({ Component: m.KeywordsTab })) },
                      { path: 'countries', lazy: () => import('./admin/titles/TagsTab').then((m) => ({ Component: m.CountriesTab })) },
                      { path: 'cast', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CastTab })) },
                      { path: 'crew', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CrewTab })) },
                      ...['videos', 'videos/seasons/:season', 'videos/seasons/:season/episodes/:episode'].flatMap((base) => [
                        { path: base, lazy: () => import('./admin/titles/VideosTab') },
                        { path: `${base}/new`, lazy: () => import('./admin/titles/VideosTab').then((m) => ({ Component: m.TitleVideoFormTab })) },
                        { path: `${base}/edit/:videoId`, lazy: () => import('./admin/titles/VideosTab').then((m) => ({ Component: m.TitleVideoFormTab })) },
                      ]),
                      { path: 'seasons', lazy: () => import('./admin/titles/SeasonsTab') },
                      {
                        path: 'seasons/:season',
                        lazy: () => import('./admin/titles/SeasonsTab').then((m) => ({ Component: m.SeasonLayout })),
                        children: [
                          { index: true, element: <Navigate to="episodes" replace /> },
                          { path: 'episodes', lazy: () => import('./admin/titles/SeasonsTab').then((m) => ({ Component: m.EpisodesTab })) },
                          { path: 'cast', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CastTab })) },
                          { path: 'crew', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CrewTab })) },
                        ],
                      },
                      { path: 'seasons/:season/episodes/new', lazy: () => import('./admin/titles/EpisodePage').then((m) => ({ Component: m.NewEpisodePage })) },
                      {
                        path: 'seasons/:season/episodes/:episode',
                        lazy: () => import('./admin/titles/EpisodePage').then((m) => ({ Component: m.EpisodeLayout })),
                        children: [
                          { index: true, element: <Navigate to="primary-facts" replace /> },
                          { path: 'primary-facts', lazy: () => import('./admin/titles/EpisodePage').then((m) => ({ Component: m.EpisodePrimaryFacts })) },
                          { path: 'cast', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CastTab })) },
                          { path: 'crew', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CrewTab })) },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                path: 'people',
                loader: requirePermission('people.update'),
                children: [
                  { index: true, lazy: () => import('./admin/people/PeoplePage') },
                  { path: 'new', lazy: () => import('./admin/people/PersonPages').then((m) => ({ Component: m.NewPersonPage })) },
                  {
                    path: ':personId/edit',
                    lazy: () => import('./admin/people/PersonPages'),
                    children: [
                      { index: true, element: <Navigate to="primary-facts" replace /> },
                      { path: 'primary-facts', lazy: () => import('./admin/people/PersonPages').then((m) => ({ Component: m.PersonPrimaryFacts })) },
                      { path: 'credits', lazy: () => import('./admin/people/PersonPages').then((m) => ({ Component: m.PersonCredits })) },
                    ],
                  },
                ],
              },
              {
                path: 'videos',
                loader: requirePermission('videos.update'),
                children: [
                  { index: true, lazy: () => import('./admin/videos/VideosPage') },
                  { path: 'new', lazy: () => import('./admin/videos/VideosPage').then((m) => ({ Component: m.VideoFormPage })) },
                  { path: ':videoId/edit', lazy: () => import('./admin/videos/VideosPage').then((m) => ({ Component: m.VideoFormPage })) },
                ],
              },
              { path: 'genres', loader: requirePermission('title_tags.update'), lazy: () => import('./admin/title-tags/TitleTagsPage').then((m) => ({ Component: m.GenresPage })) },
              { path: 'keywords', loader: requirePermission('title_tags.update'), lazy: () => import('./admin/title-tags/TitleTagsPage').then((m) => ({ Component: m.KeywordsPage })) },
              section('roles', 'roles.update', () => trans('Roles')),
              section('subscriptions', 'subscriptions.update', () => trans('Subscriptions')),
              section('plans', 'plans.update', () => trans('Plans')),
              section('custom-pages', 'custom_pages.update', () => trans('Custom pages')),
              section('tags', 'tags.update', () => trans('Tags')),
              section('localizations', 'localizations.update', () => trans('Localizations')),
              section('files', 'files.update', () => trans('Files')),
              section('ads', 'settings.update', () => trans('Ads')),
              section('settings', 'settings.update', () => trans('Settings')),
              section('appearance', 'appearance.update', () => trans('Appearance')),
              section('news', 'news.update', () => trans('News')),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
