import { screen, within } from '@testing-library/react';
import type { ReviewsPage } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { config, property, room } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

const page: ReviewsPage = {
  reviews: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      guest_name: 'Camille D.',
      stay_month: '2026-07',
      rating: 4,
      comment: HOSTILE,
      language: 'en',
      reply: 'Merci Camille !',
      created_at: '2026-08-02T10:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-0000000000a2',
      guest_name: null,
      stay_month: '2026-06',
      rating: 2,
      comment: 'Bruyant la nuit.',
      language: 'fr',
      reply: null,
      created_at: '2026-07-01T10:00:00.000Z',
    },
  ],
  next_cursor: null,
};

describe('the property page’s reviews (docs/decisions/0035)', () => {
  it('shows stars and count, each review with its own lang, a hostile comment as text, the owner’s reply, "a former guest", and the JSON-LD', async () => {
    mockApi({
      'GET /config': () => config,
      'GET /properties/:id': () => ({ ...property, name: 'Maison </script><b>', rating_average: 3, review_count: 2 }),
      'GET /rooms': () => [{ ...room, rating_average: 3, review_count: 2 }],
      'GET /properties/:id/reviews': () => page,
    });
    const { container } = renderApp(`/property/${property.id}`);
    const section = await screen.findByRole('region', { name: 'Avis des voyageurs' });
    const comments = await within(section).findAllByTestId('review-comment');
    expect(comments.map((comment) => [comment.textContent, comment.getAttribute('lang')])).toEqual([
      [HOSTILE, 'en'],
      ['Bruyant la nuit.', 'fr'],
    ]);
    // Text, never markup: nothing the comment holds became an element.
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(section.querySelector('script')).toBeNull();
    expect(within(section).getByTestId('review-reply')).toHaveTextContent('Merci Camille !');
    expect(within(section).getByText('Un ancien voyageur')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: '4 sur 5' })).toBeInTheDocument();
    expect(within(section).getByText('Séjour en juillet 2026', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByTestId('rating-summary')[0]).toHaveTextContent('3,0 · 2 avis');

    const jsonLd = container.querySelector('script[type="application/ld+json"]');
    expect(jsonLd?.innerHTML).not.toContain('</script>');
    expect(JSON.parse(jsonLd!.innerHTML)).toMatchObject({
      '@type': 'LodgingBusiness',
      name: 'Maison </script><b>',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 3, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });
  });

  it('a property without reviews says so, without stars or JSON-LD', async () => {
    mockApi({
      'GET /config': () => config,
      'GET /properties/:id': () => ({ ...property, rating_average: null, review_count: 0 }),
      'GET /rooms': () => [],
      'GET /properties/:id/reviews': () => ({ reviews: [], next_cursor: null }),
    });
    const { container } = renderApp(`/property/${property.id}`);
    expect(await screen.findByText('Pas encore d’avis.'.replace('’', "'"))).toBeInTheDocument();
    expect(screen.queryByTestId('rating-summary')).toBeNull();
    expect(container.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});
