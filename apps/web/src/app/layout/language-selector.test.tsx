import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { config, property } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('language selector', () => {
  it('shows fr es pt en with the current one in upper case', async () => {
    mockApi({ 'GET /config': () => config, 'GET /properties': () => [property] });
    renderApp('/');
    const group = await screen.findByRole('group', { name: 'Langue' });
    expect(group).toHaveTextContent(/^FRFrançaisesEspañolptPortuguêsenEnglish$/);
    expect(screen.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches the page to English, remembers the choice and sets <html lang>', async () => {
    const { requests } = mockApi({
      'GET /config': () => config,
      'GET /properties': () => [property],
      'GET /properties/:id': () => property,
      'GET /rooms': () => [],
    });
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Votre chambre à la semaine/ });
    await user.click(screen.getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your room by the week, made simple' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Language' })).toHaveTextContent(/frFrançais.*ENEnglish$/);
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(await screen.findByText('3 rooms')).toBeInTheDocument();

    // Later calls tell the API which language to answer in.
    await user.click(screen.getByRole('link', { name: `View rooms at ${property.name}` }));
    await screen.findByRole('heading', { level: 1, name: property.name });
    const propertyCall = requests.find((request) => request.path === `/properties/${property.id}`);
    expect(propertyCall?.headers.get('Accept-Language')).toBe('en');
    expect(await screen.findByText('No rooms available')).toBeInTheDocument();
  });
});
