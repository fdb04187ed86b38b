import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import './index.css';
import { queryClient } from './lib/query-client';
import { adminLoader, guestLoader, requirePermission, userLoader } from './lib/guards';
import { trans } from './lib/i18n';
import { loadActiveLocale, useTranslationsVersion } from './lib/locale';
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
          { path: 'pages/:slug', lazy: () => import('./site/pages/CustomPageView') },
          { path: 'contact', lazy: () => import('./site/contact/ContactPage') },
          { path: 'account-settings', loader: userLoader, lazy: () => import('./site/account/AccountSettings') },
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
              {
                path: 'roles',
                loader: requirePermission('roles.update'),
                children: [
                  { index: true, lazy: () => import('./admin/roles/RolesPage') },
                  { path: 'new', lazy: () => import('./admin/roles/CreateRolePage') },
                  { path: ':roleId/edit', lazy: () => import('./admin/roles/EditRolePage') },
                ],
              },
              section('subscriptions', 'subscriptions.update', () => trans('Subscriptions')),
              section('plans', 'plans.update', () => trans('Plans')),
              { path: 'tags', loader: requirePermission('tags.update'), lazy: () => import('./admin/tags/TagsPage') },
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
              section('tags', 'tags.update', () => trans('Tags')),
              { path: 'files', loader: requirePermission('files.update'), children: [{ index: true, lazy: () => import('./admin/files/FilesPage') }] },
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

/** Remounts the router's tree when the language changes, so every trans() renders in the new language. */
function TranslatedRouter() {
  const version = useTranslationsVersion();
  return <RouterProvider key={version} router={router} />;
}

// The visitor's language loads before the first render so no English flashes first.
void loadActiveLocale().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TranslatedRouter />
      </QueryClientProvider>
    </StrictMode>,
  );
});
