// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as stories from './mediaText.stories.tsx';

const composed = composeStories(stories);
const { Sobre, EmBreve, Atendimento, ImagemAEsquerdaTomAlt } = composed;

afterEach(cleanup);

describe('mediaText', () => {
  it('is a region named by its h2 when it has an anchor id', () => {
    render(<Sobre id="sobre" />);
    const region = screen.getByRole('region', { name: 'Trocamos o seu cilindro na mesma visita' });
    expect(region.id).toBe('sobre');
    expect(within(region).getByRole('heading', { level: 2 }).id).toBe('sobre-titulo');
  });

  it('shows the checklist with a check mark per item and the spec claims', () => {
    render(<Sobre />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]!.textContent).toMatch(/outras marcas.*60\u00a0L/);
    for (const li of items) expect(li.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('gives the image its alt text, natural size and lazy loading', () => {
    render(<Sobre />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('alt')).toMatch(/cilindro vazio por um cheio/);
    expect(img.getAttribute('width')).toBe('560');
    expect(img.getAttribute('height')).toBe('440');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('puts the image on the chosen side from tablets on, and the text first in the markup', () => {
    const { container, unmount } = render(<Sobre />);
    const [first] = container.querySelector('.container')!.children;
    expect(first!.tagName).toBe('DIV');
    unmount();
    const left = render(<ImagemAEsquerdaTomAlt />);
    expect(left.container.querySelector('figure')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('marks a coming-soon product as muted, with its badge and no action (like the home card)', () => {
    const { container } = render(<EmBreve id="pre-lancamento" />);
    expect(container.querySelector('section')!.hasAttribute('data-muted')).toBe(true);
    expect(screen.getByText('Em breve · Lançamento 2025')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('sends a chat CTA to the business number', () => {
    render(<Sobre />);
    expect(screen.getByRole('link').getAttribute('href')).toMatch(
      /^https:\/\/api\.whatsapp\.com\/send\?phone=\d+&text=/,
    );
  });

  it('renders two CTAs (chat and phone) with their tracking names and the hours note', () => {
    render(<Atendimento />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('data-cta'))).toEqual(['whatsapp', 'phone']);
    expect(links.map((a) => a.getAttribute('data-track'))).toEqual(['CustomerSupportF', 'CustomerSupportF']);
    expect(links[1]!.getAttribute('href')).toMatch(/^tel:\+\d+$/);
    expect(screen.getByText('Segunda a sábado, das 8h às 20h')).toBeTruthy();
  });
});
