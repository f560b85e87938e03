// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { autoColumns } from './features.tsx';
import * as stories from './features.stories.tsx';

const composed = composeStories(stories);
const { Agendamento, TomEscuroCinco } = composed;

afterEach(cleanup);

describe('features', () => {
  it('shows the three /agendamento benefits as a list of cards with h3 titles under the h2', () => {
    render(<Agendamento />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Por que recarregar com a Fillgás');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Economia real',
      'Sustentável',
      'Mais prático',
    ]);
  });

  it("states the spec's numbers in Portuguese format", () => {
    render(<Agendamento />);
    expect(screen.getByText(/R\$ 150 pela recarga em vez de R\$ 350/)).toBeTruthy();
    expect(screen.getByText(/60 L de água com gás, cerca de 120 garrafas de 500 ml/)).toBeTruthy();
  });

  it('keeps the icons out of the accessibility tree', () => {
    const { container } = render(<Agendamento />);
    for (const svg of container.querySelectorAll('li svg'))
      expect(svg.getAttribute('aria-hidden')).toBe('true');
  });

  it('marks every card for reveal on scroll', () => {
    render(<TomEscuroCinco />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    for (const li of items) expect(li.hasAttribute('data-reveal')).toBe(true);
  });

  it('links the anchor id to the section, named by its heading', () => {
    render(<Agendamento id="beneficios" />);
    const region = screen.getByRole('region', { name: 'Por que recarregar com a Fillgás' });
    expect(region.id).toBe('beneficios');
  });

  it('picks full rows on wide screens when columns is not set', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(autoColumns)).toEqual([1, 2, 3, 4, 3, 3, 4, 4]);
  });
});
