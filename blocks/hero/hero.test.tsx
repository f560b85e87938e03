// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tests/helpers/axe.ts';
import * as stories from './hero.stories.tsx';
import block from './index.ts';

const composed = composeStories(stories);
const { Agendamento, TomEscuro, SemImagem } = composed;

afterEach(cleanup);

describe('hero', () => {
  it('has a story for every example of the declaration', () => {
    const { default: _meta, ...storyExports } = stories;
    const names = Object.values(storyExports).map((s) => s.name);
    for (const example of block.examples) expect(names).toContain(example.name);
  });

  it("shows the spec's title as the page's only h1, with the highlighted part inside it", () => {
    render(<Agendamento />);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('Sodastream Refil fácil e rápido.');
    expect(within(h1).getByText('fácil e rápido.').tagName).toBe('SPAN');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('names the section by its title', () => {
    render(<Agendamento />);
    expect(screen.getByRole('region', { name: 'Sodastream Refil fácil e rápido.' })).toBeTruthy();
  });

  it('opens the chat from "Agendar agora" in a new tab and records HeroSectionT', () => {
    render(<Agendamento />);
    const cta = screen.getByRole('link', { name: /Agendar agora/ });
    expect(cta.getAttribute('href')).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?phone=\d+&text=/);
    expect(cta.getAttribute('target')).toBe('_blank');
    expect(cta.getAttribute('rel')).toBe('noopener noreferrer');
    expect(cta.dataset.track).toBe('HeroSectionT');
  });

  it('links the secondary button to the steps on the same page', () => {
    render(<Agendamento />);
    const link = screen.getByRole('link', { name: 'Como funciona' });
    expect(link.getAttribute('href')).toBe('#como-funciona');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('shows the social-proof note and the 70% savings badge', () => {
    render(<Agendamento />);
    expect(screen.getByText('+500 trocas por mês')).toBeTruthy();
    expect(screen.getByText('70%').closest('p')!.textContent).toBe('70% de economia');
  });

  it('loads the illustration first, with its size reserved (no lazy loading, no layout shift)', () => {
    render(<Agendamento />);
    const img = screen.getByRole('img', { name: /Cilindro de CO2 cheio/ });
    expect(img.getAttribute('src')).toBe('/images/troca-na-porta.svg');
    expect(img.getAttribute('width')).toBe('560');
    expect(img.getAttribute('height')).toBe('440');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows the dark variant with its eyebrow and without a badge', () => {
    render(<TomEscuro />);
    expect(screen.getByText('Entrega 100% grátis • Recargas oficiais')).toBeTruthy();
    // The space after R$ is a no-break space (keeps the price on one line); it reads the same.
    expect(screen.getByRole('heading', { level: 1 }).textContent!.replace(/\s/g, ' ')).toBe(
      'Recarga de CO2 por R$ 150 fixo, na sua porta.',
    );
    expect(screen.queryByText('70%')).toBeNull();
  });

  it('keeps the title whole when the highlight is not part of it', () => {
    render(<Agendamento highlight="não está no título" />);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('Sodastream Refil fácil e rápido.');
    expect(h1.querySelector('span')).toBeNull();
  });

  it('still shows the badge when there is no image', () => {
    render(<SemImagem />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('de economia')).toBeTruthy();
  });

  it('puts the anchor id on the section', () => {
    const { container } = render(<Agendamento id="inicio" />);
    expect(container.querySelector('section')!.id).toBe('inicio');
  });

  it.each(Object.entries(composed))('%s has no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    await expectNoAxeViolations(container);
  });
});
