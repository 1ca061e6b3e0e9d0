import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { room } from '../../../../test/fixtures';
import { StaySummary } from './stay-summary';

/** The stay summary's whole price (docs/behaviour.md §18): rent, each fee and tax for the party, VAT included, the total. */
const terms = {
  fees: [{ code: 'cleaning', name: { fr: 'Ménage', pt: 'Limpeza' }, amount: 50, per: 'stay' as const }],
  taxes: [
    { code: 'tourist_tax', name: { fr: 'Taxe de séjour' }, kind: 'per_adult_night' as const, amount: 4, percent: null, max_nights: 7, children_exempt: true },
  ],
  vat_percent: 6,
};

const summary = (party: { adults: number; children: number }) =>
  render(
    <Suspense fallback="…">
      <StaySummary arrival="2030-03-02" departure="2030-03-12" pricing={{ ...room, price_per_week: 700, price_terms: terms }} party={party} />
    </Suspense>,
  );

describe('stay summary with fees and taxes', () => {
  it('shows the rent, the cleaning fee and the tourist tax for 2 adults and 1 child, and the whole total', async () => {
    summary({ adults: 2, children: 1 });
    await screen.findByText('Ménage');
    const total = screen.getByTestId('stay-total');
    // 700 × 10/7 = 1000 € rent + 50 € cleaning + 2 adults × 7 nights (capped) × 4 € = 56 € → 1106 €
    expect(total.textContent?.replace(/\s/g, '')).toBe('1106,00€');
    const section = screen.getByRole('region');
    expect(within(section).getByText('Ménage')).toBeInTheDocument();
    expect(within(section).getByText('Taxe de séjour')).toBeInTheDocument();
    expect(within(section).getByText(/^14 ×/)).toBeInTheDocument();
    // VAT 6 % included in rent and fees: 1050 × 6 / 106 = 59.4339… → 59,43 €
    const vat = within(section).getByText('TVA incluse');
    expect(vat.nextElementSibling?.textContent?.replace(/\s/g, '')).toBe('59,43€');
  });

  it('counts the taxes with the party', async () => {
    summary({ adults: 1, children: 0 });
    // 1000 + 50 + 1 × 7 × 4 = 1078 €
    expect((await screen.findByTestId('stay-total')).textContent?.replace(/\s/g, '')).toBe('1078,00€');
  });
});
