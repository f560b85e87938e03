// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { composeStories } from '@storybook/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { forgetMemoryFlags } from '../../runtime/client/session-flags.ts';
import { enhance } from '../../runtime/client/enhance.ts';
import { hydrateStrategyOf, type AnyBlockDefinition, type Project } from '../../runtime/load/index.ts';
import { BlockProviders, renderPage } from '../../runtime/render/index.ts';
import type { Site } from '../../schema/site.ts';
import block from './index.ts';
import Popup from './popup.tsx';
import * as stories from './popup.stories.tsx';

const composed = composeStories(stories);
const { OfertaDaPrimeiraRecarga, Aberto } = composed;
const FLAG = 'hasClosedPopup';
const site = parse(readFileSync(path.resolve(import.meta.dirname, '../../pages/_site.yaml'), 'utf8')) as Site;

/** Advances the fake clock; framer's features arrive by import(), let them land too. */
const wait = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.dynamicImportSettled());
};
/** Lets the exit animation run its frames to the end. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(100));
};
const dialog = () => screen.queryByRole('dialog');

async function renderOpen() {
  render(<OfertaDaPrimeiraRecarga />);
  await wait(30_000);
  return screen.getByRole('dialog');
}

// The dialog (and framer-motion) is a lazy chunk. Load it once under the real clock: framer
// keeps the timer functions it finds when its module first runs, and a fake clock installed
// by one test is gone in the next.
beforeAll(() => import('./popup-dialog.tsx'));

beforeEach(async () => {
  // The flags module keeps flags it could not store in memory for the page's life: a new page
  // starts without them.
  forgetMemoryFlags();
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(async () => {
  cleanup();
  // framer-motion's frame loop waits for the frame it asked for: let it run before the clock changes.
  await vi.advanceTimersByTimeAsync(1000);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('popup', () => {
  it('is closed at load: the server HTML has no dialog', () => {
    const html = renderToString(<OfertaDaPrimeiraRecarga />);
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain('PRIMEIRA5');
  });

  it('loads React and its island only 5 s before it opens, not with the page', () => {
    const props = block.examples[0]!.props;
    expect(hydrateStrategyOf(block, props)).toEqual({ afterMs: 25_000 });
    expect(hydrateStrategyOf(block, { ...props, delayMs: 0 })).toEqual({ afterMs: 0 });
  });

  it('hydrated late, still opens 30 s after the page opened (it counts from the opening)', async () => {
    const props = block.examples[0]!.props;
    render(
      <BlockProviders site={site} page={{ route: '/agendamento', openForMs: 25_000 }}>
        <Popup {...props} />
      </BlockProviders>,
    );
    await wait(4_999);
    expect(dialog()).toBeNull();
    await wait(1);
    expect(dialog()).not.toBeNull();
  });

  it('opens 30000 ms after load, not before', async () => {
    render(<OfertaDaPrimeiraRecarga />);
    await wait(29_999);
    expect(dialog()).toBeNull();
    await wait(1);
    expect(dialog()).not.toBeNull();
  });

  it('does not open when it was closed earlier in the session', async () => {
    sessionStorage.setItem(FLAG, 'true');
    render(<OfertaDaPrimeiraRecarga />);
    await wait(60_000);
    expect(dialog()).toBeNull();
  });

  it('is a modal dialog named by its title and described by its text', async () => {
    const el = await renderOpen();
    expect(el.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(el.getAttribute('aria-labelledby')!)!;
    expect(title.tagName.toLowerCase()).toBe('h2');
    expect(title.textContent).toContain('Seu cilindro cheio, sem sair de casa');
    expect(document.getElementById(el.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /^Buscamos o cilindro vazio/,
    );
  });

  it('shows the offer: old price struck through as "de R$ 350", R$ 150 and the code PRIMEIRA5', async () => {
    const el = await renderOpen();
    const old = el.querySelector('s')!;
    expect(old.textContent).toBe('de R$ 350');
    expect(el.querySelector('strong')!.textContent).toContain('R$ 150');
    expect(within(el).getByText('PRIMEIRA5')).toBeTruthy();
    expect(el.textContent).toContain('5% de desconto no primeiro agendamento');
    const img = within(el).getByRole('img', { name: 'Cilindro de CO2 recarregado, com bolhas' });
    expect(img.getAttribute('width')).toBe('240');
    expect(img.getAttribute('height')).toBe('320');
  });

  it('moves focus into the dialog and gives it back on close', async () => {
    render(<OfertaDaPrimeiraRecarga />);
    const pageButton = screen.getByRole('button', { name: 'Um botão da página' });
    pageButton.focus();
    await wait(30_000);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    fireEvent.click(screen.getByRole('button', { name: 'Fechar oferta' }));
    await settle();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(pageButton);
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const el = await renderOpen();
    const closeButton = within(el).getByRole('button', { name: 'Fechar oferta' });
    const cta = within(el).getByRole('link', { name: /Agendar pelo WhatsApp/ });
    cta.focus();
    fireEvent.keyDown(cta, { key: 'Tab' });
    expect(document.activeElement).toBe(closeButton);
    fireEvent.keyDown(closeButton, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cta);
    el.focus();
    fireEvent.keyDown(el, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cta);
  });

  it('locks the page scroll while open', async () => {
    await renderOpen();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await settle();
    expect(document.body.style.overflow).toBe('');
  });

  it.each([
    ['the close button', () => fireEvent.click(screen.getByRole('button', { name: 'Fechar oferta' }))],
    ['Escape', () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' })],
    ['a click on the backdrop', () => fireEvent.click(document.querySelector('[data-popup-backdrop]')!)],
  ])('closes with %s and sets hasClosedPopup', async (_how, act) => {
    await renderOpen();
    expect(sessionStorage.getItem(FLAG)).toBeNull();
    act();
    await settle();
    expect(dialog()).toBeNull();
    expect(sessionStorage.getItem(FLAG)).toBe('true');
  });

  it('does not close on a click inside the dialog', async () => {
    const el = await renderOpen();
    fireEvent.click(within(el).getByText('PRIMEIRA5'));
    await settle();
    expect(dialog()).not.toBeNull();
  });

  it('lets the page script record a click on its chat link, then closes', async () => {
    const el = await renderOpen();
    const link = within(el).getByRole('link', { name: /Agendar pelo WhatsApp/ });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?phone=\d+&text=/);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('data-track')).toBe('OfferPopupT');
    const recorded: string[] = [];
    const record = (event: MouseEvent) => {
      const a = (event.target as Element).closest<HTMLElement>('a[data-track]');
      if (a?.isConnected) recorded.push(a.dataset.track!);
      event.preventDefault(); // jsdom cannot open the chat
    };
    document.addEventListener('click', record);
    fireEvent.click(link);
    document.removeEventListener('click', record);
    expect(recorded).toEqual(['OfferPopupT']);
    await settle();
    expect(dialog()).toBeNull();
    expect(sessionStorage.getItem(FLAG)).toBe('true');
  });

  it('opens right away with delayMs: 0', async () => {
    render(<Aberto />);
    await wait(0);
    expect(dialog()).not.toBeNull();
  });

  it('keeps working when sessionStorage throws', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    await renderOpen();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await settle();
    expect(dialog()).toBeNull();
  });

  it('hydrates its empty server HTML without warnings and opens later', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<OfertaDaPrimeiraRecarga />);
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <OfertaDaPrimeiraRecarga />);
    });
    await wait(29_999);
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    await wait(1);
    expect(container.querySelector('[role="dialog"]')).not.toBeNull();
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('is removed before hydration for paid-ad visitors when the page marks it hideFor: paidTraffic', () => {
    const project: Project = { site, pages: [], experiments: [], audiences: [] };
    const registry = new Map<string, AnyBlockDefinition>([['popup', block]]);
    const { html } = renderPage(
      {
        route: '/agendamento',
        file: 'pages/agendamento.yaml',
        model: {
          title: 'T',
          description: 'D',
          robots: 'index, follow',
          canonical: true,
          blocks: [{ type: 'popup', hideFor: 'paidTraffic', ...block.examples[0]!.props }],
        },
      },
      project,
      registry,
      {
        fontUrl: () => '/f.woff2',
        preloadFonts: [],
        pageScripts: () => ({ entry: '/e.js', preloads: [] }),
      },
    );
    const body = html.slice(html.indexOf('<body'), html.indexOf('</body>'));
    document.body.innerHTML = body.slice(body.indexOf('>') + 1);
    expect(document.querySelector('[data-hide-for="paidTraffic"] [data-island="popup"]')).not.toBeNull();
    history.replaceState(null, '', '/agendamento?gclid=abc123');
    enhance(document);
    expect(document.querySelector('[data-island="popup"]')).toBeNull();
    history.replaceState(null, '', '/');
    document.body.innerHTML = '';
  });
});
