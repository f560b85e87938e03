// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateStrategyOf, usesBehavior } from '../../runtime/load/index.ts';
import { SPEC } from '../../schema/constants.ts';
import * as stories from './hero.stories.tsx';
import block from './index.ts';
import { parallaxFactor } from './hero.tsx';

const composed = composeStories(stories);
const { Agendamento, TomEscuro, SemImagem, Animada } = composed;
const animated = block.examples.find((e) => e.props.entrance === 'staged')!.props;

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

/** The CSS rules of the page whose selector mentions this element's classes. */
function rulesFor(el: Element): string[] {
  const classes = [...el.classList];
  return [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .map((rule) => rule.cssText)
    .filter((text) => classes.some((c) => text.includes(`.${c}`)));
}

afterEach(cleanup);

describe('hero', () => {
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

  describe('staged entrance and floating images', () => {
    afterEach(() => {
      document.documentElement.classList.remove('js');
      vi.restoreAllMocks();
    });

    it('never loads React; only floating images get the small parallax behaviour (the entrance is CSS)', () => {
      const [agendamento, escuro] = block.examples;
      for (const p of [agendamento!.props, escuro!.props, animated, { ...animated, floating: undefined }])
        expect(hydrateStrategyOf(block, p)).toBe(false);
      expect(usesBehavior(block, agendamento!.props)).toBe(false);
      expect(usesBehavior(block, escuro!.props)).toBe(false);
      expect(usesBehavior(block, animated)).toBe(true);
      expect(usesBehavior(block, { ...animated, entrance: 'none' })).toBe(true);
      expect(usesBehavior(block, { ...animated, floating: undefined })).toBe(false);
    });

    it('renders an unstaged hero exactly as before the option existed', () => {
      // Existing pages get entrance: none from the schema default; their HTML must not change.
      expect(renderToString(<Agendamento />)).toBe(renderToString(<Agendamento entrance={undefined} />));
      expect(renderToString(<Agendamento />)).not.toContain('data-hero-floating');
    });

    it('fades eyebrow, title, subtitle and buttons in at 0.5, 1, 1.5 and 2 s, only under html.js', () => {
      render(<Animada />);
      const h1 = screen.getByRole('heading', { level: 1 });
      const staged = [
        screen.getByText('Entrega grátis na Grande SP'),
        h1,
        screen.getByText(/Troca na hora/),
        screen.getByRole('link', { name: /Agendar recarga/ }).parentElement!,
      ];
      expect(SPEC.heroRevealStepsMs).toEqual([500, 1000, 1500, 2000]);
      staged.forEach((el, i) => {
        const rules = rulesFor(el).filter((r) => r.includes('animation'));
        expect(rules.length, el.textContent ?? '').toBeGreaterThan(0);
        // Hidden (animation with fill "both") only behind html.js; reduced motion turns it off.
        expect(
          rules.some((r) => r.startsWith('html.js') && r.includes(`${SPEC.heroRevealStepsMs[i]}ms both`)),
        ).toBe(true);
        expect(rules.every((r) => r.includes('html.js'))).toBe(true);
        expect(rules.some((r) => r.includes('prefers-reduced-motion') && r.includes('animation: none'))).toBe(
          true,
        );
      });
      // The illustration (the largest element of the first screen) is never staged.
      const img = screen.getByRole('img', { name: /Cilindro de CO2 cheio/ });
      expect(rulesFor(img).filter((r) => r.includes('animation'))).toEqual([]);
    });

    it('hides nothing without JavaScript: no rule outside html.js makes a hero element transparent', () => {
      render(<Animada />);
      const section = screen.getByRole('region');
      for (const el of section.querySelectorAll('p, h1, div, a')) {
        if (el.closest('[data-hero-floating]')) continue;
        expect(getComputedStyle(el).opacity, el.outerHTML.slice(0, 60)).not.toBe('0');
        expect(getComputedStyle(el).visibility).not.toBe('hidden');
      }
    });

    it('draws decorative floating images, hidden from screen readers, with their size reserved', () => {
      render(<Animada />);
      const layer = document.querySelector('[data-hero-floating]')!;
      expect(layer.getAttribute('aria-hidden')).toBe('true');
      const imgs = [...layer.querySelectorAll('img')];
      expect(imgs).toHaveLength(4);
      for (const [i, img] of imgs.entries()) {
        expect(img.getAttribute('alt')).toBe('');
        expect(img.getAttribute('width')).toBe(String(animated.floating![i]!.width));
        expect(img.getAttribute('height')).toBe(String(animated.floating![i]!.height));
      }
      expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
        '/images/troca-na-porta.svg',
      ]);
    });

    it('moves each floating image by scrollY × (0.2 + 0.1 × index), transform only', () => {
      setReducedMotion(false);
      render(<Animada />);
      expect([0, 1, 2, 3].map(parallaxFactor)).toEqual([0.2, 0.3, 0.4, 0.5]);
      const items = [...document.querySelectorAll<HTMLElement>('[data-parallax]')];
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
      expect(items.map((el) => el.style.transform)).toEqual([
        'translate3d(0, 40px, 0)',
        'translate3d(0, 60px, 0)',
        'translate3d(0, 80px, 0)',
        'translate3d(0, 100px, 0)',
      ]);
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    });

    it('keeps floating images still under reduced motion', () => {
      setReducedMotion(true);
      render(<Animada />);
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
      for (const el of document.querySelectorAll<HTMLElement>('[data-parallax]'))
        expect(el.style.transform).toBe('');
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    });
  });
});
