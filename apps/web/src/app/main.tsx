import '../index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { i18nReady } from '@/lib/i18n';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { AppRoutes } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// react-router's own browser history (as in <BrowserRouter>), which AppRouter listens to for its transitions.
const history = createBrowserHistory({ v5Compat: true });

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
