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
              section('roles', 'roles.update', () => trans('Roles')),
              section('subscriptions', 'subscriptions.update', () => trans('Subscriptions')),
              section('plans', 'plans.update', () => trans('Plans')),
              section('custom-pages', 'custom_pages.update', () => trans('Custom pages')),
              section('tags', 'tags.update', () => trans('Tags')),
              section('localizations', 'localizations.update', () => trans('Localizations')),
              section('files', 'files.update', () => trans('Files')),
              section('ads', 'settings.update', () => trans('Ads')),
              section('settings', 'settings.update', () => trans('Settings')),
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
