import { addDays, calendarDateIn } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { config, property } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** Issue 26: the home page's search form — a range calendar loaded on use, past days greyed out, a guests stepper. */
const today = calendarDateIn(config.site_time_zone);
const day = (offset: number) => addDays(today, offset);
const dayButton = (date: string) => document.querySelector<HTMLButtonElement>(`[data-day="${date}"]:not([data-outside]) button`);

function api() {
  return mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => ({ status: 401, body: { detail: 'No token', code: 'unauthorized' } }),
    'GET /properties': () => [property],
    'GET /search': () => ({ items: [], next_cursor: null, total: 0, suggestions: [] }),
    'GET /amenities': () => [],
  });
}

describe('home search form', () => {
  it('picks arrival and departure on a calendar loaded when opened, then searches with the guests', async () => {
    api();
    const { user, router } = renderApp('/');
    const form = await screen.findByRole('search', { name: 'Rechercher une chambre' });
    const dates = within(form).getByRole('button', { name: /Arrivée – départ/ });
    expect(dates).toHaveAttribute('aria-expanded', 'false');
    // No calendar until asked for.
    expect(document.querySelector('.rw-calendar')).toBeNull();

    await user.click(dates);
    expect(dates).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(dayButton(day(3))).not.toBeNull());
    const yesterday = dayButton(day(-1));
    if (yesterday) expect(yesterday).toBeDisabled(); // (not shown when today is the 1st)
    await user.click(dayButton(day(3))!);
    await user.click(dayButton(day(10))!);
    // The departure closes the calendar and gives the focus back to its button.
    await waitFor(() => expect(document.querySelector('.rw-calendar')).toBeNull());
    expect(dates).toHaveFocus();
    expect(dates).toHaveTextContent('→');

    const more = within(form).getByRole('button', { name: 'Un de plus : Voyageurs' });
    await user.click(more);
    await user.click(more);
    expect(within(form).getByRole('button', { name: 'Un de moins : Voyageurs' })).toBeEnabled();
    await user.click(within(form).getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe(`?start_date=${day(3)}&end_date=${day(10)}&guests=3`);
  });

  it('searches without dates, and keeps one guest at least', async () => {
    api();
    const { user, router } = renderApp('/');
    const form = await screen.findByRole('search', { name: 'Rechercher une chambre' });
    expect(within(form).getByRole('button', { name: 'Un de moins : Voyageurs' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?guests=1');
  });
});
