// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as stories from './credibility.stories.tsx';

const composed = composeStories(stories);
const { Agendamento, TomEscuro, SoNumeros } = composed;

afterEach(cleanup);

const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();

describe('credibility', () => {
  it('shows four stat cards, each number read before what it measures', () => {
    render(<Agendamento />);
    const [stats] = screen.getAllByRole('list');
    expect(within(stats!).getAllByRole('listitem').map(text)).toEqual([
      '+500 trocas por mês',
      '99,9% de pureza do CO2',
      '48 h é o prazo usual de entrega',
      '4,8/5 de avaliação média',
    ]);
  });

  it('shows four certificate badges with their seal illustrations and h3 titles', () => {
    render(<Agendamento />);
    const [, badges] = screen.getAllByRole('list');
    const items = within(badges!).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'CO2 alimentício certificado',
      'Cilindros testados',
      'Garantia de satisfação',
      'Site protegido',
    ]);
    for (const li of items) {
      const img = li.querySelector('img')!;
      expect(img.getAttribute('src')).toMatch(/^\/images\/selo-[a-z0-9-]+\.svg$/);
      // Decorative: the title next to it says what the seal is.
      expect(img.getAttribute('alt')).toBe('');
      expect(img.getAttribute('width')).toBe('120');
      expect(img.getAttribute('height')).toBe('140');
    }
  });

  it('draws the icon when a badge has no illustration', () => {
    const { container } = render(<TomEscuro />);
    expect(container.querySelector('img')).toBeNull();
    const [, badges] = screen.getAllByRole('list');
    for (const li of within(badges!).getAllByRole('listitem')) expect(li.querySelector('svg')).toBeTruthy();
  });

  it('leaves out the badge list when there are no badges', () => {
    render(<SoNumeros />);
    expect(screen.getAllByRole('list')).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  it('links the anchor id to the section, named by its heading', () => {
    render(<Agendamento id="credibilidade" />);
    expect(screen.getByRole('region', { name: 'Por que nos escolher' }).id).toBe('credibilidade');
  });
});
