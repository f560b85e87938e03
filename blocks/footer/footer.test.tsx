// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { colors } from '../../design/theme.ts';
import { createAjv } from '../../runtime/load/index.ts';
import type { Site } from '../../schema/site.ts';
import { FOOTER_DEFAULTS } from './defaults.ts';
import { footerSchema } from './footer.schema.ts';
import * as stories from './footer.stories.tsx';
import block from './index.ts';

const composed = composeStories(stories);
const { Padrao, Agendamento, FundoClaro, Compacto } = composed;
const site = parse(readFileSync('pages/_site.yaml', 'utf8')) as Site;

afterEach(cleanup);

describe('footer', () => {
  it('is placed in the footer and ships no JavaScript', () => {
    expect(block.placement).toBe('footer');
    expect(block.hydrate).toBe(false);
  });

  it('fills in everything from the schema when a page writes only "- type: footer"', () => {
    const props: Record<string, unknown> = {};
    expect(createAjv().validate(footerSchema, props)).toBe(true);
    expect(props).toEqual(JSON.parse(JSON.stringify(FOOTER_DEFAULTS)));
  });

  it('is the contentinfo landmark with the logo linking home and the blurb', () => {
    render(<Padrao />);
    const footer = screen.getByRole('contentinfo');
    const home = within(footer).getByRole('link', { name: `${site.brand}: página inicial` });
    expect(home.getAttribute('href')).toBe('/');
    expect(within(home).getByRole('img', { name: site.brand })).toBeTruthy();
    expect(footer.textContent).toContain(FOOTER_DEFAULTS.blurb);
  });

  it('has the chat link with the recarga message, marked as the footer chat for analytics', () => {
    render(<Padrao />);
    const link = screen.getByRole('link', { name: /Falar no WhatsApp/ });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://api.whatsapp.com/send');
    expect(url.searchParams.get('phone')).toBe(site.phone);
    expect(url.searchParams.get('text')).toBe(site.messages.recarga);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.dataset.track).toBe('Footer');
    expect(link.hasAttribute('data-track-footer')).toBe(true);
  });

  it('has the phone (tel:), the e-mail (mailto:) and the hours, all from the site settings', () => {
    render(<Padrao />);
    const phone = screen.getByRole('link', { name: (name) => name.endsWith(site.phoneDisplay) });
    expect(phone.textContent).toBe(`Telefone: ${site.phoneDisplay}`);
    expect(phone.getAttribute('href')).toBe(`tel:+${site.phone}`);
    const mail = screen.getByRole('link', { name: (name) => name.endsWith(site.email) });
    expect(mail.textContent).toBe(`E-mail: ${site.email}`);
    expect(mail.getAttribute('href')).toBe(`mailto:${site.email}`);
    expect(screen.getByText('Segunda a sábado, 8h às 20h')).toBeTruthy();
  });

  it('shows the legal name, tax id and city from the site settings', () => {
    render(<Padrao />);
    const line = screen.getByText(site.legalName).closest('p')!;
    expect(line.textContent).toBe(`${site.legalName} · CNPJ ${site.taxId} · ${site.city}`);
    expect(site.city).toBe('Barueri, SP');
  });

  it('lists the safety and quality claims of the spec', () => {
    render(<Padrao />);
    const list = screen.getByRole('heading', { name: 'Segurança e qualidade' }).nextElementSibling!;
    expect(
      within(list as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Mais de 500 clientes atendidos',
      'Cilindros testados e certificados',
      'Garantia de satisfação',
      'Site protegido',
    ]);
  });

  it('links the three policy pages and the privacy policy in a labelled navigation', () => {
    render(<Padrao />);
    const nav = screen.getByRole('navigation', { name: 'Políticas' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Política de Reembolso', '/politica-de-reembolso'],
      ['Política de Cancelamento', '/politica-de-cancelamento'],
      ['Termos de Uso', '/termos-de-uso'],
      ['Política de Privacidade', '/politica-de-privacidade'],
    ]);
  });

  it('writes the build year into the element the page script updates', () => {
    render(<Padrao />);
    const year = document.querySelector('[data-current-year]')!;
    expect(year.textContent).toBe(String(new Date().getFullYear()));
    expect(year.parentElement!.textContent).toBe(
      `© ${new Date().getFullYear()} ${site.brand}. Todos os direitos reservados.`,
    );
  });

  it('in the compact layout, is only the policy links and the legal band, with nothing that needs a script', () => {
    render(<Compacto />);
    const footer = screen.getByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Políticas' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/politica-de-reembolso',
      '/politica-de-cancelamento',
      '/termos-de-uso',
      '/politica-de-privacidade',
    ]);
    expect(within(footer).getAllByRole('link')).toHaveLength(4);
    expect(within(footer).queryByRole('heading')).toBeNull();
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} ${site.brand}.`);
    expect(footer.textContent).toContain(`CNPJ ${site.taxId}`);
    // The year is the build's: an all-static page (the home page) keeps loading no script.
    expect(footer.innerHTML).not.toMatch(/data-current-year|data-track/);
  });

  it('has no mini FAQ unless the page gives one', () => {
    render(<Padrao />);
    expect(document.querySelector('details')).toBeNull();
  });

  it('shows the mini FAQ as native <details>, closed, opening on click', () => {
    render(<Agendamento />);
    expect(screen.getByRole('heading', { name: 'Dúvidas rápidas' })).toBeTruthy();
    const all = [...document.querySelectorAll('details')];
    expect(all).toHaveLength(3);
    expect(all.every((d) => !d.open)).toBe(true);
    const summary = all[0]!.querySelector('summary')!;
    expect(summary.textContent).toBe('Quanto custa a recarga?');
    fireEvent.click(summary);
    expect(all[0]!.open).toBe(true);
    expect(all[0]!.textContent).toContain('R$ 150 por recarga');
  });

  it('draws the logo with white text on the dark tone and navy text on the light tone', () => {
    // The wordmark is the logo's longest path.
    const wordmarkFill = () =>
      [...screen.getByRole('img', { name: site.brand }).querySelectorAll('path')]
        .sort((a, b) => b.getAttribute('d')!.length - a.getAttribute('d')!.length)[0]!
        .getAttribute('fill');
    render(<Padrao />);
    expect(wordmarkFill()).toBe(colors.white);
    cleanup();
    render(<FundoClaro />);
    expect(wordmarkFill()).toBe(colors.navy);
  });
});
