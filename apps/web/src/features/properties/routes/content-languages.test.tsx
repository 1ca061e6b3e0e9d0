import { screen, within } from '@testing-library/react';
import type { Property, RoomDetail } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest } from '../../../../test/api-mock';
import { booking, client, config, property, room } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

/**
 * A fake API answering content as the server does (docs/behaviour.md §15): the Spanish texts where it has them, French
 * for the rest — here the location has no Spanish text — with `text_languages` saying which.
 */
const SPANISH = { name: 'Casa de las Artes', description: 'Una casa luminosa en el corazón de Bruselas.' };
const languageOf = (request: MockRequest) => request.query.get('lang') ?? 'fr';

function propertyIn(request: MockRequest): Property {
  if (languageOf(request) !== 'es') return property;
  return { ...property, ...SPANISH, text_languages: { name: 'es', description: 'es', location: 'fr' } };
}

function roomsIn(request: MockRequest): RoomDetail[] {
  const spanish = languageOf(request) === 'es';
  return [
    {
      ...room,
      amenities: spanish ? ['Wi-Fi', 'Escritorio', 'Vue sur la cour'] : ['Wi-Fi', 'Bureau', 'Vue sur la cour'],
      text_languages: { amenities: spanish ? ['es', 'es', 'fr'] : ['fr', 'fr', 'fr'], property_name: spanish ? 'es' : 'fr' },
    },
  ];
}

describe('content in the language of the page', () => {
  it('asks the property and its rooms in the page’s language, and again in Spanish when the visitor switches', async () => {
    const { requests } = mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => client,
      'GET /properties/:id': propertyIn,
      'GET /rooms': roomsIn,
    });
    const { user } = renderApp(`/property/${property.id}`, { token: 'client-token' });
    expect(await screen.findByRole('heading', { level: 1, name: property.name })).not.toHaveAttribute('lang');
    expect(screen.getByText(property.description)).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Chambre 101' });
    expect(within(card).getByText('Bureau')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Español' }));
    const heading = await screen.findByRole('heading', { level: 1, name: SPANISH.name });
    expect(heading).not.toHaveAttribute('lang');
    expect(screen.getByText(SPANISH.description)).not.toHaveAttribute('lang');
    // The location has no Spanish text: it is shown in French, and says so.
    expect(screen.getByText(property.location)).toHaveAttribute('lang', 'fr');
    const spanishCard = await screen.findByRole('article', { name: 'Habitación 101' });
    expect(within(spanishCard).getByText('Escritorio').closest('li')).not.toHaveAttribute('lang');
    expect(within(spanishCard).getByText('Vue sur la cour').closest('li')).toHaveAttribute('lang', 'fr');
    expect(screen.queryByText('Bureau')).toBeNull();

    // Each read named its language, and none sent the session: the catalogue is the same for every visitor.
    // The property's reviews (docs/decisions/0035) are not content in a language.
    const reads = requests.filter((request) => (request.path.startsWith('/properties') && !request.path.endsWith('/reviews')) || request.path === '/rooms');
    expect(reads.map((request) => `${request.path} ${languageOf(request)}`)).toEqual([
      `/properties/${property.id} fr`,
      '/rooms fr',
      `/properties/${property.id} es`,
      '/rooms es',
    ]);
    for (const read of reads) expect(read.headers.get('Authorization')).toBeNull();
  });

  it('keeps the previous language on screen while the new one loads, then shows it', async () => {
    let release: () => void = () => {};
    const spanishAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      'GET /config': () => config,
      'GET /properties': async (request) => {
        if (languageOf(request) === 'es') await spanishAnswered;
        return [propertyIn(request)];
      },
    });
    const { user } = renderApp('/');
    await screen.findByRole('article', { name: property.name });
    await user.click(screen.getByRole('button', { name: 'Español' }));
    // The interface is Spanish already; the French card stays until the Spanish answer arrives, never a skeleton.
    await screen.findByRole('button', { name: 'Español', pressed: true });
    expect(screen.getByRole('article', { name: property.name })).toBeInTheDocument();
    release();
    const card = await screen.findByRole('article', { name: SPANISH.name });
    expect(within(card).getByText(property.location)).toHaveAttribute('lang', 'fr');
  });

  it("names a booking's property in the page's language, marking a French fallback", async () => {
    const other = { id: '66666666-6666-4666-8666-666666666666', start_date: '2030-05-06', end_date: '2030-05-13' };
    mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => client,
      'GET /bookings': (request) =>
        request.headers.get('Accept-Language') === 'en'
          ? [
              booking({ property_name: 'House of Arts', text_languages: { property_name: 'en' } }),
              booking({ ...other, property_name: 'Villa Sablon', text_languages: { property_name: 'fr' } }),
            ]
          : [booking(), booking({ ...other, property_name: 'Villa Sablon' })],
    });
    const { user } = renderApp('/my-bookings', { token: 'client-token' });
    expect(await screen.findByText(`Chambre 101 · ${property.name}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Room 101 · House of Arts')).toBeInTheDocument();
    // The other property has no English name: its French one is marked as French inside the English sentence.
    expect(screen.getByText('Villa Sablon', { selector: 'span' })).toHaveAttribute('lang', 'fr');
    expect(screen.queryByText(property.name, { exact: false })).toBeNull();
  });
});
