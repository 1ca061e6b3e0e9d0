import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { config, property, room } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

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

  it('shows a map with a marker when the property has coordinates', async () => {
    mockApi({
      'GET /config': () => config,
      'GET /properties/:id': () => ({ ...property, latitude: 50.85, longitude: 4.35 }),
      'GET /rooms': () => [],
    });
    renderApp(`/property/${property.id}`);
    expect(await screen.findByRole('heading', { name: 'Localisation' })).toBeInTheDocument();
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
