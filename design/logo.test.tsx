// @vitest-environment jsdom
/** @jsxImportSource react */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Logo, LOGO_ASPECT } from './logo.tsx';

afterEach(cleanup);

describe('Logo', () => {
  it('is one image named "Fillgás" for assistive technology', () => {
    render(<Logo />);
    const logo = screen.getByRole('img', { name: 'Fillgás' });
    expect(logo.tagName.toLowerCase()).toBe('svg');
    expect(logo.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
  });

  it('sizes itself from the height prop and keeps the aspect ratio', () => {
    render(<Logo height={48} />);
    const logo = screen.getByRole('img', { name: 'Fillgás' });
    expect(logo.getAttribute('height')).toBe('48');
    expect(logo.getAttribute('width')).toBe(String(Math.round(48 * LOGO_ASPECT)));
    const [, , w, h] = logo.getAttribute('viewBox')!.split(' ').map(Number);
    expect(LOGO_ASPECT).toBeCloseTo(w! / h!, 5);
  });

  it('takes another accessible name from title', () => {
    render(<Logo title="Fillgás, página inicial" />);
    expect(screen.getByRole('img', { name: 'Fillgás, página inicial' })).toBeTruthy();
  });

  it('draws the wordmark as paths, never as text that needs a font', () => {
    const { container } = render(<Logo tone="light" />);
    expect(container.querySelector('text')).toBeNull();
    expect(container.querySelector('image, use, [href]')).toBeNull();
  });

  it('switches the wordmark colour with the tone', () => {
    const fills = (tone: 'dark' | 'light'): string[] => {
      const { container, unmount } = render(<Logo tone={tone} />);
      const result = [...container.querySelectorAll('path')].map((p) => p.getAttribute('fill') ?? '');
      unmount();
      return result;
    };
    expect(fills('dark')).toContain('#0b2545');
    expect(fills('light')).toContain('#ffffff');
    expect(fills('dark')).not.toEqual(fills('light'));
  });
});
