// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as stories from './comparison.stories.tsx';

const composed = composeStories(stories);
const { Agendamento, TomEscuroTresOpcoes, TomClaroSemLegenda } = composed;

afterEach(cleanup);

/** Visible text of a cell with screen-reader-only words included and spaces normalised. */
const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();

describe('comparison', () => {
  it('is a real table named by its caption, with column and row headers', () => {
    render(<Agendamento />);
    const table = screen.getByRole('table', { name: 'Comprar um cilindro novo ou recarregar com a Fillgás' });
    const colHeaders = within(table).getAllByRole('columnheader');
    expect(colHeaders.map(text)).toEqual([
      'Item comparado',
      'Cilindro novo',
      'Melhor escolha Recarga Fillgás',
    ]);
    for (const th of colHeaders) expect(th.getAttribute('scope')).toBe('col');
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map(text)).toEqual([
      'Preço',
      'Economia',
      'Entrega grátis em casa',
      'Cilindro vazio reaproveitado',
    ]);
    for (const th of rowHeaders) expect(th.getAttribute('scope')).toBe('row');
  });

  it('compares R$ 350 with R$ 150 and reads ✓ and ✗ as "Sim" and "Não"', () => {
    render(<Agendamento />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map(text))).toEqual([
      ['R$ 350', 'R$ 150'],
      ['—', 'Até 70%'],
      ['Não', 'Sim'],
      ['Não', 'Sim'],
    ]);
  });

  it('marks the recommended column', () => {
    render(<Agendamento />);
    const header = screen.getByRole('columnheader', { name: /Recarga Fillgás/ });
    expect(header.className).toContain('hl');
    expect(within(header).getByText('Melhor escolha')).toBeTruthy();
  });

  it('supports three options, as on /sodastream-m', () => {
    render(<TomEscuroTresOpcoes />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell').map(text)).toEqual(['R$ 350', 'R$ 150', 'R$ 200 por mês']);
  });

  it('wraps the table in a focusable, labelled region so it can scroll sideways on a phone', () => {
    render(<TomEscuroTresOpcoes />);
    const region = screen.getByRole('region', { name: /Custo do cilindro novo/ });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.querySelector('table')).toBeTruthy();
  });

  it('falls back to the heading as a screen-reader-only caption', () => {
    render(<TomClaroSemLegenda />);
    const caption = screen.getByRole('table').querySelector('caption')!;
    expect(caption.textContent).toBe('Cilindro novo ou recarga? Faça as contas');
    expect(caption.className).toBe('visually-hidden');
  });

  it('shows a dash for a missing value instead of shifting the row', () => {
    render(
      <Agendamento
        rows={[{ label: 'Preço', values: ['R$ 350', 'R$ 150'] }]}
        columns={[...composed.Agendamento.args.columns!, { label: 'Outra', highlight: false }]}
      />,
    );
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map(text)).toEqual(['R$ 350', 'R$ 150', '—']);
  });

  it('links the anchor id to the section, named by its heading', () => {
    render(<Agendamento id="comparativo" />);
    expect(screen.getByRole('region', { name: 'Cilindro novo ou recarga? Faça as contas' }).id).toBe(
      'comparativo',
    );
  });
});
