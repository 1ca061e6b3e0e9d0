import '../index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserHistory } from 'history';
import { i18nReady } from '@/lib/i18n';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { AppRoutes } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The browser history AppRouter listens to for its transitions (the `history` package: a public, stable API).
const history = createBrowserHistory();

// French is bundled; another saved language is one small chunk, loaded before the first paint.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter history={history}>
          <AppRoutes />
        </AppRouter>
      </AppProviders>
    </StrictMode>,
  );
});
