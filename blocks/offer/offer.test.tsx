// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as stories from './offer.stories.tsx';

const composed = composeStories(stories);
const { Agendamento, TomClaro } = composed;

afterEach(cleanup);

const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();

describe('offer', () => {
  it('strikes R$ 350 through and reads the prices as "de R$ 350 por R$ 150"', () => {
    render(<Agendamento />);
    const struck = screen.getByText(/R\$\s350/);
    expect(struck.tagName).toBe('S');
    expect(text(struck.closest('p')!)).toBe('de R$ 350 por R$ 150');
  });

  it('says what the price includes and lists the benefits with checks', () => {
    render(<Agendamento />);
    expect(screen.getByText('cada recarga, com entrega grátis')).toBeTruthy();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem').map(text)).toContain(
      'CO2 alimentício certificado, 99,9% puro',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'O que está incluído' })).toBeTruthy();
  });

  it('opens the chat from the offer button and records CTASectionT', () => {
    render(<Agendamento />);
    const cta = screen.getByRole('link', { name: /Agendar minha recarga/ });
    expect(cta.dataset.track).toBe('CTASectionT');
    expect(cta.getAttribute('href')).toMatch(/^https:\/\/api\.whatsapp\.com\/send/);
    expect(cta.getAttribute('target')).toBe('_blank');
  });

  it('shows the first-booking coupon PRIMEIRA5', () => {
    render(<Agendamento />);
    const coupon = screen.getByText('PRIMEIRA5');
    expect(text(coupon.closest('p')!)).toBe('Primeiro agendamento: 5% off com o cupom PRIMEIRA5');
  });

  it('shows only the price, without "de … por", when there is no old price', () => {
    const { container } = render(<TomClaro />);
    expect(container.querySelector('s')).toBeNull();
    expect(text(screen.getByText(/R\$\s150/).closest('p')!)).toBe('R$ 150');
  });

  it('offers a phone link as the secondary action', () => {
    render(<TomClaro />);
    const tel = screen.getByRole('link', { name: 'Prefere ligar? Fale com a central' });
    expect(tel.getAttribute('href')).toMatch(/^tel:\+\d+$/);
  });

  it('links the anchor id to the section, named by its heading', () => {
    render(<Agendamento id="oferta" />);
    expect(screen.getByRole('region', { name: 'Sua recarga por menos da metade do preço' }).id).toBe(
      'oferta',
    );
  });
});
