// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hydrateStrategyOf, usesBehavior } from '../../runtime/load/index.ts';
import block from './index.ts';
import { localHref } from './navbar.tsx';
import * as stories from './navbar.stories.tsx';

const composed = composeStories(stories);
const {
  LogoCentralizado,
  Agendamento,
  AgendamentoSemJavaScript,
  CabecalhoCompartilhado,
  CabecalhoCompartilhadoNaPagina,
  SoOLogo,
  Recarregue,
} = composed;

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

beforeEach(() => {
  setScrollY(0);
  Object.defineProperty(window, 'innerWidth', { value: 375, configurable: true });
});
afterEach(cleanup);

describe('navbar', () => {
  it('is the header landmark with the logo linking to the home page', () => {
    render(<LogoCentralizado />);
    const header = screen.getByRole('banner');
    const home = within(header).getByRole('link', { name: /Fillgás/ });
    expect(home.getAttribute('href')).toBe('/');
    const logo = within(home).getByRole('img', { name: 'Fillgás' });
    expect(logo.tagName.toLowerCase()).toBe('svg');
  });

  describe('with no props (the home page)', () => {
    const defaults = { logoHref: '/', align: 'center', sticky: false, initial: 'solid', solidAfter: 10 };

    it('ships no JavaScript', () => {
      expect(hydrateStrategyOf(block, defaults)).toBe(false);
      expect(usesBehavior(block, defaults)).toBe(false);
      expect(usesBehavior(block, { ...defaults, initial: 'transparent' })).toBe(false);
    });

    it('is only the logo: no menu, no button, no navigation', () => {
      render(<LogoCentralizado />);
      const header = screen.getByRole('banner');
      expect(within(header).queryByRole('button')).toBeNull();
      expect(within(header).queryByRole('navigation')).toBeNull();
      expect(within(header).getAllByRole('link')).toHaveLength(1);
    });

    it('does not follow the scroll', () => {
      render(<LogoCentralizado />);
      setScrollY(400);
      expect(screen.getByRole('banner').hasAttribute('data-scrolled')).toBe(false);
    });
  });

  it('never loads React: links or a sticky bar get the small plain-DOM behaviour instead', () => {
    for (const name of [
      'Agendamento',
      'Cabeçalho compartilhado',
      'Só o logo, branco ao rolar',
      'Recarregue',
    ]) {
      const example = block.examples.find((e) => e.name === name)!;
      expect(hydrateStrategyOf(block, example.props), name).toBe(false);
      expect(usesBehavior(block, example.props), name).toBe(true);
    }
  });

  describe('mobile menu', () => {
    it('toggles aria-expanded and its Portuguese label, and controls the menu', () => {
      render(<Agendamento />);
      const toggle = screen.getByRole('button', { name: 'Abrir menu' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(menu.tagName.toLowerCase()).toBe('nav');
      expect(menu.getAttribute('data-open')).toBe('false');

      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(toggle.getAttribute('aria-label')).toBe('Fechar menu');
      expect(menu.getAttribute('data-open')).toBe('true');
      const links = within(menu).getAllByRole('link');
      expect(links.map((a) => a.textContent)).toEqual([
        'Benefícios',
        'Dúvidas Comuns',
        'Por que nos escolher',
        expect.stringContaining('Agendar Recarga'),
      ]);

      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    });

    it('keeps the links out of sight until opened, and listed without JavaScript', () => {
      render(<Agendamento />);
      expect(screen.queryByRole('link', { name: 'Benefícios' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
      expect(screen.getByRole('link', { name: 'Benefícios' })).toBeTruthy();
      cleanup();
      render(<AgendamentoSemJavaScript />);
      expect(screen.getByRole('link', { name: 'Benefícios' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Abrir menu' })).toBeNull();
    });

    it('closes after a choice', () => {
      render(<Agendamento />);
      const toggle = screen.getByRole('button', { name: 'Abrir menu' });
      fireEvent.click(toggle);
      fireEvent.click(screen.getByRole('link', { name: 'Dúvidas Comuns' }));
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    });

    it('closes on Escape and gives focus back to the toggle', () => {
      render(<Agendamento />);
      const toggle = screen.getByRole('button', { name: 'Abrir menu' });
      fireEvent.click(toggle);
      const link = screen.getByRole('link', { name: 'Benefícios' });
      link.focus();
      fireEvent.keyDown(link, { key: 'Escape' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(toggle);
    });

    it('closes when the window grows to desktop width, or on a click outside the bar', () => {
      render(<Agendamento />);
      const toggle = screen.getByRole('button', { name: 'Abrir menu' });
      fireEvent.click(toggle);
      setWidth(800);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      setWidth(1280);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');

      fireEvent.click(toggle);
      fireEvent.click(document.body);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    });

    it('is not there when the bar has no links', () => {
      render(<Recarregue />);
      expect(screen.queryByRole('button')).toBeNull();
      const cta = screen.getByRole('link', { name: /Agendar recarga/ });
      expect(cta.getAttribute('data-track')).toBe('NavbarC');
      expect(screen.getByRole('link', { name: /Fillgás/ }).getAttribute('href')).toBe('/recarregue');
    });
  });

  it("has the orange chat button, tracked as the page's navbar, opening in a new tab", () => {
    render(<Agendamento />);
    const [cta] = screen.getAllByRole('link', { name: /Agendar Recarga/, hidden: true });
    expect(cta!.getAttribute('href')).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?phone=\d+&text=/);
    expect(cta!.getAttribute('target')).toBe('_blank');
    expect(cta!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(cta!.getAttribute('data-track')).toBe('NavbarT');
  });

  describe('scroll', () => {
    it('turns solid past solidAfter (20 px on agendamento), and back at the top', () => {
      render(<Agendamento />);
      const header = screen.getByRole('banner');
      expect(header.hasAttribute('data-scrolled')).toBe(false);
      setScrollY(20);
      expect(header.hasAttribute('data-scrolled')).toBe(false);
      setScrollY(21);
      expect(header.getAttribute('data-scrolled')).toBe('true');
      setScrollY(0);
      expect(header.hasAttribute('data-scrolled')).toBe(false);
    });

    it('uses 10 px by default (the shared header) and 20 px on the logo-only bar', () => {
      render(<CabecalhoCompartilhado />);
      setScrollY(11);
      expect(screen.getByRole('banner').getAttribute('data-scrolled')).toBe('true');
      cleanup();
      setScrollY(0);
      render(<SoOLogo />);
      setScrollY(11);
      expect(screen.getByRole('banner').hasAttribute('data-scrolled')).toBe(false);
      setScrollY(21);
      expect(screen.getByRole('banner').getAttribute('data-scrolled')).toBe('true');
    });

    it('starts solid when the page is already scrolled at load', () => {
      setScrollY(500);
      render(<CabecalhoCompartilhado />);
      expect(screen.getByRole('banner').getAttribute('data-scrolled')).toBe('true');
    });
  });

  describe('links to the sections of another page', () => {
    it('become same-page anchors on that page', () => {
      render(<CabecalhoCompartilhadoNaPagina />);
      fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
      expect(screen.getByRole('link', { name: 'Sobre a Fillgás' }).getAttribute('href')).toBe('#sobre');
      expect(screen.getByRole('link', { name: 'Pré-lançamento' }).getAttribute('href')).toBe(
        '#pre-lancamento',
      );
    });

    it('keep the page path everywhere else', () => {
      render(<CabecalhoCompartilhado />);
      fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
      expect(screen.getByRole('link', { name: 'Sobre a Fillgás' }).getAttribute('href')).toBe(
        '/sodastream-t#sobre',
      );
    });

    it.each([
      ['/sodastream-t#sobre', '/sodastream-t', '#sobre'],
      ['/sodastream-t#sobre', '/sodastream-t/', '#sobre'],
      ['/sodastream-t#sobre', '/agendamento', '/sodastream-t#sobre'],
      ['/#topo', '/', '#topo'],
      ['#duvidas', '/agendamento', '#duvidas'],
      ['/termos-de-uso', '/termos-de-uso', '/termos-de-uso'],
      ['https://exemplo.com.br/a#b', '/a', 'https://exemplo.com.br/a#b'],
    ])('localHref(%s) on %s is %s', (href, route, expected) => {
      expect(localHref(href, route)).toBe(expected);
    });
  });
});
