// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleProps } from '../../.storybook/controls.ts';
import * as stories from './choiceCards.stories.tsx';
import block from './index.ts';

const composed = composeStories(stories);
const { InicioRecargaEMaquina } = composed;
const { cards } = exampleProps(block, 'Início: recarga e máquina em breve');

afterEach(cleanup);

describe('choiceCards', () => {
  it('shows the heading as the page h1', () => {
    render(<InicioRecargaEMaquina />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Recarga de Cilindros CO2');
  });

  it('renders one list item per card', () => {
    render(<InicioRecargaEMaquina />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(cards.length);
    expect(items.map((li) => within(li).getByRole('heading', { level: 2 }).textContent)).toEqual(
      cards.map((c) => c.title),
    );
  });

  it('gives the enabled card a link with its label and address', () => {
    render(<InicioRecargaEMaquina />);
    const card = screen.getByRole('heading', { name: 'Recarregue o seu cilindro' }).closest('li')!;
    const link = within(card).getByRole('link', { name: 'Agendar Recarga' });
    expect(link.getAttribute('href')).toBe('/sodastream-t');
  });

  it('shows the disabled card with its badge and note, and no link', () => {
    render(<InicioRecargaEMaquina />);
    const card = screen.getByRole('heading', { name: 'Conheça a nossa máquina' }).closest('li')!;
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).getByText('Em breve')).toBeTruthy();
    expect(within(card).getByText('Lançamento 2025')).toBeTruthy();
  });
});
