// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as stories from './specs.stories.tsx';

const composed = composeStories(stories);
const { FichaTecnica, TomEscuro, FundoCinza } = composed;

afterEach(cleanup);

const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();

describe('specs', () => {
  it('lists every spec as a term and its value in a definition list, in order', () => {
    const { container } = render(<FichaTecnica />);
    const dl = container.querySelector('dl')!;
    expect(dl).toBeTruthy();
    const terms = [...dl.querySelectorAll('dt')].map(text);
    const values = [...dl.querySelectorAll('dd')].map(text);
    expect(terms).toEqual([
      'Gás',
      'Pureza',
      'Capacidade',
      'Rendimento',
      'Validade recomendada',
      'Compatibilidade',
      'Controle de qualidade',
    ]);
    expect(values).toEqual([
      'CO2 alimentício',
      '99,9%',
      'Cilindro padrão de 60 L',
      'Cerca de 120 garrafas de 500 ml',
      '12 meses',
      'SodaStream e compatíveis (rosca padrão)',
      '5 etapas',
    ]);
    // Each term sits right before its value (dt, dd pairs wrapped in a div, as HTML allows).
    for (const pair of dl.children) {
      expect(pair.tagName).toBe('DIV');
      expect([...pair.children].map((c) => c.tagName)).toEqual(['DT', 'DD']);
    }
  });

  it('keeps a number with its unit on one line', () => {
    const { container } = render(<FichaTecnica />);
    const values = [...container.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(values).toContain('Cilindro padrão de 60\u00a0L');
    expect(values).toContain('Cerca de 120\u00a0garrafas de 500\u00a0ml');
  });

  it('shows the illustration with its alt text and size, and the note', () => {
    render(<FichaTecnica />);
    const img = screen.getByRole('img', { name: /ficha técnica/ });
    expect(img.getAttribute('src')).toBe('/images/ficha-tecnica.svg');
    expect(img.getAttribute('width')).toBe('320');
    expect(img.getAttribute('height')).toBe('360');
    expect(screen.getByText(/Aceitamos cilindros de outras marcas/)).toBeTruthy();
  });

  it('renders without illustration, icons or note', () => {
    const { container } = render(<TomEscuro />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('dt svg')).toBeNull();
    expect(container.querySelectorAll('dt')).toHaveLength(4);
    render(<FundoCinza />);
  });

  it('links the anchor id to the section, named by its heading', () => {
    render(<FichaTecnica id="especificacoes" />);
    expect(screen.getByRole('region', { name: 'Especificações' }).id).toBe('especificacoes');
    expect(screen.getByRole('heading', { level: 2, name: 'Especificações' })).toBeTruthy();
  });
});
