import { addDays, calendarDateIn } from '@roomweek/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { availability, config, room } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

/**
 * The calendar waits until it is wanted (deferred-calendar.tsx). Its "wanted" signal is once per page load (a module's
 * life), so this file holds one story: below the fold, the calendar's code is not even asked for; once it comes on
 * screen, it is.
 */
const today = calendarDateIn(config.site_time_zone);
const dayButton = (date: string) => document.querySelector<HTMLButtonElement>(`[data-day="${date}"]:not([data-outside]) button`);

/** An IntersectionObserver the test drives: `show()` tells every observer its element came on screen. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; observer: IntersectionObserver; elements: Element[] }[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback) {
      observers.push({ callback, observer: this as unknown as IntersectionObserver, elements: [] });
    }
    observe(element: Element) {
      observers.find((entry) => entry.observer === (this as unknown as IntersectionObserver))?.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      const index = observers.findIndex((entry) => entry.observer === (this as unknown as IntersectionObserver));
      if (index >= 0) observers.splice(index, 1);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    watched: () => observers.flatMap((entry) => entry.elements),
    show: () => {
      for (const { callback, observer, elements } of [...observers]) {
        callback(elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), observer);
      }
    },
  };
}

describe('the booking calendar below the fold', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not mounted until it comes on screen, then shows the room’s days', async () => {
    const screenEdge = fakeIntersectionObserver();
    mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => ({ status: 401, body: { detail: 'No token', code: 'unauthorized' } }),
      'GET /rooms/:id': () => room,
      'GET /rooms/:id/availability': () => availability([{ start_date: addDays(today, 5), end_date: addDays(today, 8) }]),
    });
    renderApp(`/room/${room.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
    // The rest of the booking card is there; the calendar waits (its placeholder shows), watched by the observer.
    await screen.findByRole('list', { name: 'Étapes de la réservation' });
    await waitFor(() => expect(screenEdge.watched()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dayButton(addDays(today, 1))).toBeNull();

    act(() => screenEdge.show());
    await waitFor(() => expect(dayButton(addDays(today, 1))).not.toBeNull());
    expect(dayButton(addDays(today, 1))).toBeEnabled();
    expect(dayButton(addDays(today, 6))).toBeDisabled(); // a booked night
  });
});
