import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { whatsappLink } from '../lib/whatsapp';

describe('contact', () => {
  it('builds the chat link from the digits of the number only', () => {
    expect(whatsappLink('+32 (470) 12-34-56')).toBe('https://wa.me/32470123456');
  });

  it('shows the configured number and opens a chat with it', async () => {
    mockApi({ 'GET /config': () => config });
    renderApp('/contact');
    expect(await screen.findByText('+32 470 12-34-56', { selector: '[data-testid="whatsapp-number"]' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Ouvrir la discussion/ });
    expect(link).toHaveAttribute('href', 'https://wa.me/32470123456');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    for (const topic of ['Questions sur une réservation', 'Informations sur un logement', 'Aide au paiement']) {
      expect(screen.getByRole('heading', { name: topic })).toBeInTheDocument();
    }
  });
});
