// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as stories from './steps.stories.tsx';

const composed = composeStories(stories);
const { Agendamento, TomEscuro, QuatroPassos } = composed;

afterEach(cleanup);

describe('steps', () => {
  it('lists the three steps in order in an ordered list, each titled "Passo n"', () => {
    render(<Agendamento />);
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      'Passo 1: Agende pelo WhatsApp',
      'Passo 2: Troca na sua porta',
      'Passo 3: Pronto para gaseificar',
    ]);
  });

  it('shows the step numbers without reading them twice', () => {
    render(<QuatroPassos />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    items.forEach((li, i) => {
      const badge = li.querySelector('[aria-hidden="true"]')!;
      expect(badge.textContent).toBe(String(i + 1));
    });
  });

  it('ends with a chat button that records HowItWorksSectionT', () => {
    render(<Agendamento />);
    const cta = screen.getByRole('link', { name: /Agendar minha recarga/ });
    expect(cta.dataset.track).toBe('HowItWorksSectionT');
    expect(cta.getAttribute('href')).toMatch(/^https:\/\/api\.whatsapp\.com\/send/);
  });

  it('shows the fixed-price note of the dark variant', () => {
    render(<TomEscuro />);
    expect(screen.getByText('Valor fixo: R$ 150, sem taxas extras')).toBeTruthy();
  });

  it('has no note or button when none is given', () => {
    render(<QuatroPassos />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links the anchor id to the section, named by its heading', () => {
    render(<Agendamento id="como-funciona" />);
    expect(screen.getByRole('region', { name: 'Como funciona' }).id).toBe('como-funciona');
  });
});
