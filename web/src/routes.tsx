import { Navigate, Outlet, type RouteObject } from 'react-router';
import { adminLoader, guestLoader, requirePermission, userLoader } from './lib/guards';
import { CREATE_ROLES, CREATE_USERS, PEOPLE, ROLES, TITLES, TITLE_SECTIONS, TITLE_TAGS, USERS, VIDEOS } from './admin/section-permissions';
import { trans } from './lib/i18n';
import { Toaster } from './ui/Toast';
import { SessionExpiredDialog } from './ui/SessionExpiredDialog';
import { useFollowCustomCode } from './lib/custom-code';
import { isAppearancePreview } from './site/appearance/is-preview';
import { NotFoundPage, RouteError } from './site/ErrorPages';
import { titlePageRoutes } from './site/titles/routes';
import { newsAdminRoute } from './admin/news/routes';
import { reportsAdminRoutes } from './admin/reports/routes';
import { newsSiteRoutes } from './site/news/routes';
import { listRoutes } from './site/lists/routes';
import { billingSiteRoutes } from './site/billing/routes';
import { channelAdminRoutes, channelSiteRoutes } from './admin/channels/routes';

/**
 * The app's route table. The public site's paths are listed for the server in @app/contracts (SITE_ROUTES), which
 * answers 404 for any other; routes.test.ts keeps the two the same.
 */
function Root() {
  useFollowCustomCode(isAppearancePreview);
  return (
    <>
      <Outlet />
      <Toaster />
      <SessionExpiredDialog />
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

/** One lazy chunk per settings page. */
const SETTINGS_PAGES: Record<string, RouteObject['lazy']> = {
  general: () => import('./admin/settings/pages/General'),
  search: () => import('./admin/settings/pages/Search'),
  content: () => import('./admin/settings/pages/Content'),
  videos: () => import('./admin/settings/pages/Videos'),
  subscriptions: () => import('./admin/settings/pages/Subscriptions'),
  localization: () => import('./admin/settings/pages/Localization'),
  authentication: () => import('./admin/settings/pages/Authentication'),
  uploading: () => import('./admin/settings/pages/Uploading'),
  mail: () => import('./admin/settings/pages/Mail'),
  cache: () => import('./admin/settings/pages/Cache'),
  analytics: () => import('./admin/settings/pages/Analytics'),
  logging: () => import('./admin/settings/pages/Logging'),
  queue: () => import('./admin/settings/pages/Queue'),
  recaptcha: () => import('./admin/settings/pages/Recaptcha'),
  gdpr: () => import('./admin/settings/pages/Gdpr'),
};

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        lazy: () => import('./site/SiteLayout'),
        children: [
          { index: true, lazy: () => import('./site/channels/HomeRoute') },
          ...channelSiteRoutes,
          { path: 'login', loader: guestLoader, lazy: () => import('./site/auth/Login') },
          { path: 'login/two-factor', loader: guestLoader, lazy: () => import('./site/auth/TwoFactorChallenge') },
          { path: 'register', loader: guestLoader, lazy: () => import('./site/auth/Register') },
          { path: 'forgot-password', loader: guestLoader, lazy: () => import('./site/auth/ForgotPassword') },
          { path: 'password/reset', lazy: () => import('./site/auth/ResetPassword') },
          { path: 'email/verify', lazy: () => import('./site/auth/VerifyEmail') },
          { path: 'email/change', lazy: () => import('./site/auth/VerifyEmail').then((m) => ({ Component: m.EmailChangePage })) },
          { path: 'pages/:slug', lazy: () => import('./site/pages/CustomPageView') },
          { path: 'contact', lazy: () => import('./site/contact/ContactPage') },
          ...titlePageRoutes,
          ...newsSiteRoutes,
          ...listRoutes,
          ...billingSiteRoutes,
          { path: 'account-settings', loader: userLoader, lazy: () => import('./site/account/AccountSettings') },
          { path: 'notifications', loader: userLoader, lazy: () => import('./site/notifications/NotificationsPage') },
          { path: 'history', loader: userLoader, lazy: () => import('./site/watch/WatchHistoryPage') },
          { path: 'unsubscribe', lazy: () => import('./site/notifications/UnsubscribePage') },
          { path: 'watch/:videoId', lazy: () => import('./site/watch/WatchPage') },
          { path: 'users/:id', lazy: () => import('./site/profiles/ProfilePage') },
          { path: 'movies', lazy: () => import('./site/browse/BrowsePage').then((m) => ({ Component: m.MoviesPage })) },
          { path: 'series', lazy: () => import('./site/browse/BrowsePage').then((m) => ({ Component: m.SeriesPage })) },
          { path: 'people', lazy: () => import('./site/people/PeopleBrowsePage') },
          { path: 'search', lazy: () => import('./site/search/SearchPage') },
          ...['pricing', 'billing/pricing'].map((path) => ({ path, lazy: () => import('./site/billing/PricingPage') })),
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
              ...reportsAdminRoutes,
              {
                path: 'users',
                loader: requirePermission(USERS),
                children: [
                  { index: true, lazy: () => import('./admin/users/UsersPage') },
                  { path: 'new', loader: requirePermission(CREATE_USERS), lazy: () => import('./admin/users/CreateUserPage') },
                  { path: ':userId/edit', loader: requirePermission('users.update'), lazy: () => import('./admin/users/EditUserPage') },
                ],
              },
              {
                path: 'roles',
                loader: requirePermission(ROLES),
                children: [
                  { index: true, lazy: () => import('./admin/roles/RolesPage') },
                  { path: 'new', loader: requirePermission(CREATE_ROLES), lazy: () => import('./admin/roles/CreateRolePage') },
                  { path: ':roleId/edit', lazy: () => import('./admin/roles/EditRolePage') },
                ],
              },
              // catalogue
              {
                path: 'titles',
                loader: requirePermission(TITLES),
                children: [
                  { index: true, lazy: () => import('./admin/titles/TitlesPage') },
                  { path: 'new', loader: requirePermission('titles.create'), lazy: () => import('./admin/titles/TitleLayout').then((m) => ({ Component: m.NewTitlePage })) },
                  {
                    path: ':titleId/edit',
                    lazy: () => import('./admin/titles/TitleLayout'),
                    children: [
                      { index: true, element: <Navigate to="primary-facts" replace /> },
                      { path: 'primary-facts', lazy: () => import('./admin/titles/TitleLayout').then((m) => ({ Component: m.PrimaryFactsTab })) },
                      { path: 'reviews', loader: requirePermission(TITLE_SECTIONS.reviews), lazy: () => import('./admin/titles/TitleLayout').then((m) => ({ Component: m.ReviewsTab })) },
                      { path: 'comments', loader: requirePermission(TITLE_SECTIONS.comments), lazy: () => import('./admin/titles/TitleLayout').then((m) => ({ Component: m.CommentsTab })) },
                      { path: 'images', lazy: () => import('./admin/titles/ImagesTab') },
                      { path: 'genres', lazy: () => import('./admin/titles/TagsTab').then((m) => ({ Component: m.GenresTab })) },
                      { path: 'keywords', lazy: () => import('./admin/titles/TagsTab').then((m) => ({ Component: m.KeywordsTab })) },
                      { path: 'countries', lazy: () => import('./admin/titles/TagsTab').then((m) => ({ Component: m.CountriesTab })) },
                      { path: 'tags', lazy: () => import('./admin/titles/TagsTab').then((m) => ({ Component: m.CustomTagsTab })) },
                      { path: 'cast', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CastTab })) },
                      { path: 'crew', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CrewTab })) },
                      ...['videos', 'videos/seasons/:season', 'videos/seasons/:season/episodes/:episode'].flatMap((base) => [
                        { path: base, loader: requirePermission(TITLE_SECTIONS.videos), lazy: () => import('./admin/titles/VideosTab') },
                        { path: `${base}/new`, loader: requirePermission('videos.create'), lazy: () => import('./admin/titles/VideosTab').then((m) => ({ Component: m.TitleVideoFormTab })) },
                        { path: `${base}/edit/:videoId`, loader: requirePermission(TITLE_SECTIONS.videos), lazy: () => import('./admin/titles/VideosTab').then((m) => ({ Component: m.TitleVideoFormTab })) },
                      ]),
                      { path: 'seasons', loader: requirePermission(TITLE_SECTIONS.seasons), lazy: () => import('./admin/titles/SeasonsTab') },
                      {
                        path: 'seasons/:season',
                        loader: requirePermission(TITLE_SECTIONS.seasons),
                        lazy: () => import('./admin/titles/SeasonsTab').then((m) => ({ Component: m.SeasonLayout })),
                        children: [
                          { index: true, element: <Navigate to="episodes" replace /> },
                          { path: 'episodes', lazy: () => import('./admin/titles/SeasonsTab').then((m) => ({ Component: m.EpisodesTab })) },
                          { path: 'cast', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CastTab })) },
                          { path: 'crew', lazy: () => import('./admin/titles/CreditsTab').then((m) => ({ Component: m.CrewTab })) },
                        ],
                      },
                      { path: 'seasons/:season/episodes/new', loader: requirePermission('episodes.create'), lazy: () => import('./admin/titles/EpisodePage').then((m) => ({ Component: m.NewEpisodePage })) },
                      {
                        path: 'seasons/:season/episodes/:episode',
                        loader: requirePermission(TITLE_SECTIONS.episodes),
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
                loader: requirePermission(PEOPLE),
                children: [
                  { index: true, lazy: () => import('./admin/people/PeoplePage') },
                  { path: 'new', loader: requirePermission('people.create'), lazy: () => import('./admin/people/PersonPages').then((m) => ({ Component: m.NewPersonPage })) },
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
                loader: requirePermission(VIDEOS),
                children: [
                  { index: true, lazy: () => import('./admin/videos/VideosPage') },
                  { path: 'new', loader: requirePermission('videos.create'), lazy: () => import('./admin/videos/VideosPage').then((m) => ({ Component: m.VideoFormPage })) },
                  { path: ':videoId/edit', lazy: () => import('./admin/videos/VideosPage').then((m) => ({ Component: m.VideoFormPage })) },
                ],
              },
              { path: 'genres', loader: requirePermission(TITLE_TAGS), lazy: () => import('./admin/title-tags/TitleTagsPage').then((m) => ({ Component: m.GenresPage })) },
              { path: 'keywords', loader: requirePermission(TITLE_TAGS), lazy: () => import('./admin/title-tags/TitleTagsPage').then((m) => ({ Component: m.KeywordsPage })) },
              { path: 'subscriptions', loader: requirePermission('subscriptions.update'), lazy: () => import('./admin/billing/SubscriptionsPage') },
              { path: 'plans', loader: requirePermission('plans.update'), children: [{ index: true, lazy: () => import('./admin/billing/PlansPage') }, { path: 'new', lazy: () => import('./admin/billing/PlanPages').then((m) => ({ Component: m.NewPlanPage })) }, { path: ':productId/edit', lazy: () => import('./admin/billing/PlanPages') }] },
              { path: 'tags', loader: requirePermission('tags.update'), lazy: () => import('./admin/tags/TagsPage') },
              { path: 'csv/download/:uuid', lazy: () => import('./admin/CsvDownloadPage') },
              { path: 'audit-log', loader: requirePermission('audit_log.view'), lazy: () => import('./admin/audit/AuditLogPage') },
              { path: 'comments', loader: requirePermission('comments.update'), lazy: () => import('./admin/comments/CommentsPage') },
              { path: 'reviews', loader: requirePermission('reviews.update'), lazy: () => import('./admin/reviews/ReviewsPage') },
              ...channelAdminRoutes,
              {
                path: 'custom-pages',
                loader: requirePermission('custom_pages.update'),
                children: [
                  { index: true, lazy: () => import('./admin/custom-pages/CustomPagesPage') },
                  { path: 'new', lazy: () => import('./admin/custom-pages/NewCustomPage') },
                  { path: ':pageId/edit', lazy: () => import('./admin/custom-pages/EditCustomPage') },
                ],
              },
              {
                path: 'localizations',
                loader: requirePermission('localizations.update'),
                children: [
                  { index: true, lazy: () => import('./admin/localizations/LocalizationsPage') },
                  { path: ':localeId/translate', lazy: () => import('./admin/localizations/TranslatePage') },
                ],
              },
              // Menu targets the spec names (MENU_ROUTES) under other paths here.
              { path: 'pages', element: <Navigate to="/admin/custom-pages" replace /> },
              { path: 'files', loader: requirePermission('files.update'), children: [{ index: true, lazy: () => import('./admin/files/FilesPage') }] },
              { path: 'ads', loader: requirePermission('settings.update'), lazy: () => import('./admin/ads/AdsPage') },
              {
                path: 'settings',
                loader: requirePermission('settings.update'),
                lazy: () => import('./admin/settings/SettingsLayout'),
                children: [
                  { index: true, element: <Navigate to="general" replace /> },
                  ...(['general', 'search', 'content', 'videos', 'subscriptions', 'localization', 'authentication', 'uploading', 'mail', 'cache', 'analytics', 'logging', 'queue', 'recaptcha', 'gdpr'] as const)
                    .map((page) => ({ path: page, lazy: SETTINGS_PAGES[page] })),
                  // Menu targets (MENU_ROUTES): branding lives in the appearance editor, login providers on authentication.
                  { path: 'branding', element: <Navigate to="/admin/appearance/general" replace /> },
                  { path: 'providers', element: <Navigate to="/admin/settings/authentication" replace /> },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
              {
                path: 'appearance',
                loader: requirePermission('appearance.update'),
                lazy: () => import('./admin/appearance/AppearanceLayout'),
                children: [
                  { index: true, lazy: () => import('./admin/appearance/AppearanceIndex') },
                  { path: 'landing-page', lazy: () => import('./admin/appearance/LandingPageSection') },
                  { path: 'landing-page/action-buttons', lazy: () => import('./admin/appearance/ActionButtons') },
                  { path: 'landing-page/primary-features', lazy: () => import('./admin/appearance/FeaturesSection').then((m) => m.PrimaryFeatures) },
                  { path: 'landing-page/secondary-features', lazy: () => import('./admin/appearance/FeaturesSection').then((m) => m.SecondaryFeatures) },
                  { path: 'menus', lazy: () => import('./admin/appearance/Menus').then((m) => ({ Component: m.MenusList })) },
                  { path: 'menus/:menuIndex', lazy: () => import('./admin/appearance/Menus').then((m) => ({ Component: m.MenuEditor })) },
                  { path: 'menus/:menuIndex/items/:menuItemIndex', lazy: () => import('./admin/appearance/Menus').then((m) => ({ Component: m.MenuItemEditor })) },
                  { path: 'themes', lazy: () => import('./admin/appearance/Themes').then((m) => ({ Component: m.ThemesList })) },
                  { path: 'themes/:themeIndex', lazy: () => import('./admin/appearance/Themes').then((m) => ({ Component: m.ThemeEditor })) },
                  { path: 'general', lazy: () => import('./admin/appearance/General') },
                  { path: 'custom-code', lazy: () => import('./admin/appearance/CustomCode') },
                  { path: 'seo-settings', lazy: () => import('./admin/appearance/SeoSettings') },
                  { path: '*', element: <Navigate to="/admin/appearance" replace /> },
                ],
              },
              newsAdminRoute,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
