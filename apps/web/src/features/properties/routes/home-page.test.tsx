import type { Property } from '@roomweek/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { config, property } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

describe('home', () => {
  it('shows two skeletons while loading, then the property cards', async () => {
    // The answer is held back until released; released early, it still reaches a request made later.
    let release: (properties: Property[]) => void = () => {};
    const held = new Promise<Property[]>((resolve) => (release = resolve));
    mockApi({
      'GET /config': () => config,
      'GET /properties': () => held,
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Nos logements' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(section.querySelectorAll('.animate-pulse[aria-hidden="true"]').length).toBeGreaterThan(0);
    expect(section.querySelectorAll(':scope > div.grid > *')).toHaveLength(2);

    release([property, { ...property, id: '77777777-7777-4777-8777-777777777777', name: 'Villa Lisboa', photos: ['/demo/villa.jpg'] }]);
    const card = await screen.findByRole('article', { name: 'Maison des Arts' });
    expect(within(card).getByText('Bruxelles')).toBeInTheDocument();
    expect(within(card).getByText('3 chambres')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Voir les chambres de Maison des Arts' })).toHaveAttribute(
      'href',
      `/property/${property.id}`,
    );
    // No photo: the default illustration, lazy-loaded with its size reserved.
    const photo = card.querySelector('img');
    expect(photo).toHaveAttribute('src', '/images/default-photo.svg');
    expect(photo).toHaveAttribute('loading', 'eager'); // the first two cards are above the fold
    expect(photo).toHaveAttribute('width', '800');
    expect(photo).toHaveAttribute('height', '600');
    const villa = screen.getByRole('article', { name: 'Villa Lisboa' });
    expect(villa.querySelector('img')).toHaveAttribute('src', '/demo/villa.jpg');
  });

  it('says so when there are no properties', async () => {
    mockApi({ 'GET /config': () => config, 'GET /properties': () => [] });
    renderApp('/');
    expect(await screen.findByText('Aucun logement disponible')).toBeInTheDocument();
  });

  it('treats a failed load as empty', async () => {
    mockApi({ 'GET /config': () => config, 'GET /properties': () => ({ status: 500, body: { detail: 'boom', code: 'internal_error' } }) });
    renderApp('/');
    expect(await screen.findByText('Aucun logement disponible')).toBeInTheDocument();
  });
});
