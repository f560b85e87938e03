// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tests/helpers/axe.ts';
import block from './index.ts';
import { initialsOf } from './testimonials.tsx';
import * as stories from './testimonials.stories.tsx';

const composed = composeStories(stories);
const { Agendamento, TomEscuro, FundoCinza } = composed;

afterEach(cleanup);

describe('testimonials', () => {
  it('has a story for every example of the declaration', () => {
    const { default: _meta, ...storyExports } = stories;
    const names = Object.values(storyExports).map((s) => s.name);
    for (const example of block.examples) expect(names).toContain(example.name);
  });

  it('shows three quotes, each attributed to its author, place and customer age', () => {
    render(<Agendamento />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = items[0]!;
    expect(first.querySelector('blockquote')!.textContent).toMatch(/^“Eu perdia uma manhã inteira/);
    expect(first.querySelector('cite')!.textContent).toBe('Mariana Souza');
    expect(first.querySelector('figcaption .meta')!.textContent).toBe('Barueri · Cliente desde 2023');
  });

  it('reads each rating as text ("Nota 5 de 5"), not as five images', () => {
    render(<TomEscuro />);
    const ratings = screen.getAllByRole('img').map((el) => el.getAttribute('aria-label'));
    expect(ratings).toEqual(['Nota 5 de 5', 'Nota 4 de 5', 'Nota 5 de 5']);
  });

  it('fills as many stars as the rating', () => {
    render(<TomEscuro />);
    const stars = screen.getByRole('img', { name: 'Nota 4 de 5' }).querySelectorAll('svg');
    expect([...stars].map((s) => s.classList.contains('off'))).toEqual([false, false, false, false, true]);
  });

  it('draws initials on a coloured circle instead of a photo', () => {
    render(<TomEscuro />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    const circles = items.map((li) => li.querySelector('figcaption [aria-hidden="true"]')!.textContent);
    // The first author chose "PC"; the others are derived from the name.
    expect(circles).toEqual(['PC', 'JR', 'CN']);
    expect(screen.queryByRole('img', { name: /foto/i })).toBeNull();
  });

  it('derives initials from the first and last names', () => {
    expect(initialsOf('Mariana Souza')).toBe('MS');
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('Carlos Eduardo Nunes')).toBe('CN');
    expect(initialsOf('Élida de Ávila')).toBe('ÉÁ');
  });

  it('shows the average rating as text when given, and not otherwise', () => {
    render(<Agendamento />);
    expect(screen.getByText('4,8/5').closest('p')!.textContent).toBe('4,8/5 de média nas avaliações');
    cleanup();
    render(<FundoCinza />);
    expect(screen.queryByText('4,8/5')).toBeNull();
  });

  it('links the anchor id to the section, named by its heading', () => {
    render(<Agendamento id="depoimentos" />);
    expect(screen.getByRole('region', { name: 'Quem recarrega com a Fillgás recomenda' }).id).toBe(
      'depoimentos',
    );
  });

  it.each(Object.entries(composed))('%s has no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    await expectNoAxeViolations(container);
  });
});
