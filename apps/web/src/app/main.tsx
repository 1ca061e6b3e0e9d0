import '../index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18nReady } from '@/lib/i18n';
import { AppProviders } from './providers';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// French is bundled; another saved language is one small chunk, loaded before the first paint.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
