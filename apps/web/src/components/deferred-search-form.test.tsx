import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { config, property } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/**
 * The home page's form waits for the visitor while the server's form is on the page (deferred-search-form.tsx). The
 * wait is decided once per page load (a lazy module's life), so this file holds one story: the server's form stands
 * in the document, the form's code is not fetched until the visitor reaches for it.
 */
describe('home search form, hydrating a server-rendered page', () => {
  it('loads its code only once the visitor points at the server’s form', async () => {
    mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => ({ status: 401, body: { detail: 'No token', code: 'unauthorized' } }),
      'GET /properties': () => [property],
    });
    // What the server drew (the real hydration keeps it in place of the boundary).
    const served = document.createElement('form');
    served.setAttribute('data-search-form', '');
    document.body.append(served);
    try {
      renderApp('/');
      await screen.findByRole('article', { name: property.name });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByRole('search', { name: 'Rechercher une chambre' })).not.toBeInTheDocument();

      fireEvent.pointerOver(served);
      expect(await screen.findByRole('search', { name: 'Rechercher une chambre' })).toBeInTheDocument();
    } finally {
      served.remove();
    }
  });
});
