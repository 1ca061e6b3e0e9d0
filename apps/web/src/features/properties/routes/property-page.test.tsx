import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { config, property, room } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('property page', () => {
  it('shows the photos, the details and the rooms grid', async () => {
    const { requests } = mockApi({
      'GET /config': () => config,
      'GET /properties/:id': () => ({ ...property, photos: ['/demo/a.jpg', '/demo/b.jpg'] }),
      'GET /rooms': () => [room],
    });
    const { user } = renderApp(`/property/${property.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: property.name })).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/rooms')?.query.get('property_id')).toBe(property.id);

    const carousel = screen.getByRole('region', { name: `Photos de ${property.name}` });
    const previous = within(carousel).getByRole('button', { name: 'Photo précédente' });
    const next = within(carousel).getByRole('button', { name: 'Photo suivante' });
    expect(previous).toBeDisabled();
    expect(within(carousel).getByRole('img')).toHaveAttribute('alt', `${property.name}, photo 1 sur 2`);
    await user.click(next);
    expect(within(carousel).getByRole('img')).toHaveAttribute('src', '/demo/b.jpg');
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();

    const card = await screen.findByRole('article', { name: 'Chambre 101' });
    expect(within(card).getByText(/^100,00\s€$/)).toBeInTheDocument();
    expect(within(card).getByText('Wi-Fi')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Réserver la chambre 101' })).toHaveAttribute('href', `/room/${room.id}`);
    // No coordinates: no map section.
    expect(screen.queryByRole('heading', { name: 'Localisation' })).not.toBeInTheDocument();
  });

  it('shows a map with a marker when the property has coordinates, once it comes on screen', async () => {
    let scrolledTo: ((element: Element, intersectionRatio: number) => void) | null = null;
    // The browser's IntersectionObserver, driven by the test: the map's place comes on screen when it says so.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          scrolledTo = (target, intersectionRatio) =>
            this.callback([{ target, isIntersecting: true, intersectionRatio } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
          void element;
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    mockApi({
      'GET /config': () => config,
      'GET /properties/:id': () => ({ ...property, latitude: 50.85, longitude: 4.35 }),
      'GET /rooms': () => [],
    });
    renderApp(`/property/${property.id}`);
    const heading = await screen.findByRole('heading', { name: 'Localisation' });
    // Below the fold: no map yet (Leaflet costs a phone the most script of the page).
    expect(screen.queryByRole('region', { name: `Carte : emplacement de ${property.name}` })).not.toBeInTheDocument();
    await waitFor(() => expect(scrolledTo).not.toBeNull());
    // Its top at the fold (a third of it on screen): still no map.
    act(() => scrolledTo?.(heading, 0.3));
    expect(screen.queryByRole('region', { name: `Carte : emplacement de ${property.name}` })).not.toBeInTheDocument();
    // Half of it on screen: drawn.
    act(() => scrolledTo?.(heading, 0.5));
    const map = await screen.findByRole('region', { name: `Carte : emplacement de ${property.name}` });
    expect(map.querySelector('.leaflet-container')).not.toBeNull();
    expect(await within(map).findByRole('button', { name: property.name })).toHaveClass('leaflet-marker-icon');
    expect(screen.getByText('Aucune chambre disponible')).toBeInTheDocument();
  });

  it('says "Property not found" when it is missing', async () => {
    mockApi({
      'GET /config': () => config,
      'GET /properties/:id': () => ({ status: 404, body: { detail: 'Not found', code: 'property_not_found' } }),
      'GET /rooms': () => [],
    });
    renderApp(`/property/${property.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Logement introuvable' })).toBeInTheDocument();
  });
});
