import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import './index.css';
import { queryClient } from './lib/query-client';
import { loadActiveLocale, useTranslationsVersion } from './lib/locale';
import { routes } from './routes';

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
