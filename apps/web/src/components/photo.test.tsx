import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Photo, photoSrcSet } from './photo';

describe('photoSrcSet', () => {
  it('offers the thumbnail, the medium size and the picture of a photo stored here', () => {
    expect(photoSrcSet('/uploads/0b7c1f0e-5d6a-4e0b-9a53-1c2d3e4f5a6b.webp')).toBe(
      '/uploads/0b7c1f0e-5d6a-4e0b-9a53-1c2d3e4f5a6b-thumb.webp 480w, ' +
        '/uploads/0b7c1f0e-5d6a-4e0b-9a53-1c2d3e4f5a6b-medium.webp 960w, ' +
        '/uploads/0b7c1f0e-5d6a-4e0b-9a53-1c2d3e4f5a6b.webp 1920w',
    );
    expect(photoSrcSet('/uploads/demo-lyon-room-0.webp')).toBe(
      '/uploads/demo-lyon-room-0-thumb.webp 480w, /uploads/demo-lyon-room-0-medium.webp 960w, /uploads/demo-lyon-room-0.webp 1920w',
    );
  });

  it('offers nothing for a photo from elsewhere or a name that is not ours', () => {
    for (const src of ['https://cdn.example.com/uploads/a.webp', '/uploads/a.jpg', '/uploads/../secret.webp', '/uploads/a/b.webp', '/default.svg']) {
      expect(photoSrcSet(src), src).toBeUndefined();
    }
  });
});

describe('Photo', () => {
  it('gives a stored photo its three sizes and the sizes attribute; another photo neither', () => {
    render(
      <>
        <Photo src="/uploads/demo-lyon-outside.webp" alt="stored" sizes="(min-width: 768px) 50vw, 100vw" priority />
        <Photo src="https://example.com/elsewhere.jpg" alt="elsewhere" />
      </>,
    );
    const stored = screen.getByRole('img', { name: 'stored' });
    expect(stored).toHaveAttribute('srcset', photoSrcSet('/uploads/demo-lyon-outside.webp'));
    expect(stored.getAttribute('srcset')).toContain('/uploads/demo-lyon-outside-medium.webp 960w');
    expect(stored).toHaveAttribute('sizes', '(min-width: 768px) 50vw, 100vw');
    expect(stored).toHaveAttribute('loading', 'eager');
    const elsewhere = screen.getByRole('img', { name: 'elsewhere' });
    expect(elsewhere).not.toHaveAttribute('srcset');
    expect(elsewhere).not.toHaveAttribute('sizes');
    expect(elsewhere).toHaveAttribute('loading', 'lazy');
  });
});
