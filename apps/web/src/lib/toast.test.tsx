import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast, ToastHost } from './toast';

const sonner = vi.hoisted(() => ({ loads: 0 }));
vi.mock('sonner', async (importOriginal) => {
  sonner.loads += 1;
  return importOriginal();
});

const toaster = () => document.querySelector('section[aria-label^="Notifications"]');

describe('toasts', () => {
  it('load sonner with the first toast, not before, and show the toasts given before it arrived', async () => {
    vi.useFakeTimers();
    render(<ToastHost position="top-right" />);
    // Well past any idle-time preload: a page that shows no toast downloads no sonner.
    act(() => void vi.advanceTimersByTime(10_000));
    vi.useRealTimers();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sonner.loads).toBe(0);
    expect(toaster()).toBeNull();

    act(() => {
      toast.success('Réservation confirmée');
      toast.error('Paiement refusé');
    });
    expect(await screen.findByText('Réservation confirmée')).toBeInTheDocument();
    expect(screen.getByText('Paiement refusé')).toBeInTheDocument();
    expect(toaster()).not.toBeNull();
    expect(sonner.loads).toBe(1);

    act(() => toast.info('Lien envoyé'));
    expect(await screen.findByText('Lien envoyé')).toBeInTheDocument();
    expect(sonner.loads).toBe(1);
  });
});
