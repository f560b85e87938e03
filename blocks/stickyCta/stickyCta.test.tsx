// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateStrategyOf, usesBehavior } from '../../runtime/load/index.ts';
import { forgetMemoryFlags } from '../../runtime/client/session-flags.ts';
import block from './index.ts';
import stickyCtaBehavior from './stickyCta.behavior.ts';
import * as stories from './stickyCta.stories.tsx';

const composed = composeStories(stories);
const { Agendamento } = composed;
const FLAG = 'stickyWhatsDismissed';

const bar = () => screen.queryByRole('complementary', { name: 'Barra do WhatsApp' });
const spacer = () => document.querySelector<HTMLElement>('[data-sticky-spacer]');
const closeButton = () => screen.getByRole('button', { name: 'Fechar barra do WhatsApp' });
const takesSpace = (el: HTMLElement | null) => Boolean(el) && getComputedStyle(el!).display !== 'none';

/** The block as the built site serves it: server HTML in its behaviour wrapper, run by the page script. */
function serverPage() {
  // Its styles in <head>, as the server puts them (emotion inserts them on a client render only).
  render(<Agendamento />).unmount();
  const wrapper = document.createElement('div');
  wrapper.dataset.behavior = 'stickyCta';
  wrapper.innerHTML = renderToString(<Agendamento />);
  document.body.append(wrapper);
  return wrapper;
}

beforeEach(async () => {
  // The flags module keeps flags it could not store in memory for the page's life: a new page
  // starts without them.
  forgetMemoryFlags();
  sessionStorage.clear();
  // As on the site, where the pre-paint script sets it (without JavaScript there is no close button).
  document.documentElement.classList.add('js');
});
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  document.documentElement.classList.remove('flag-stickyWhatsDismissed');
  vi.restoreAllMocks();
});

describe('stickyCta', () => {
  it('is an overlay run by a plain-DOM behaviour: no React on the page for it', () => {
    const props = block.examples[0]!.props;
    expect(block.placement).toBe('overlay');
    expect(hydrateStrategyOf(block, props)).toBe(false);
    expect(usesBehavior(block, props)).toBe(true);
  });

  it('shows the text, the price and a chat link tracked as StickyWhatsAppCTA', () => {
    render(<Agendamento />);
    expect(bar()!.textContent).toContain('Recarga com entrega grátis');
    expect(bar()!.textContent).toContain('R$ 150');
    const link = screen.getByRole('link', { name: /Agendar/ });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?phone=\d+&text=/);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('data-track')).toBe('StickyWhatsAppCTA');
  });

  it('reserves its height at the end of the page while shown', () => {
    render(<Agendamento />);
    expect(takesSpace(spacer())).toBe(true);
    expect(spacer()!.getAttribute('aria-hidden')).toBe('true');
  });

  it('closes with its labelled button, sets stickyWhatsDismissed and gives the space back', () => {
    render(<Agendamento />);
    fireEvent.click(closeButton());
    expect(bar()).toBeNull();
    expect(takesSpace(spacer())).toBe(false);
    expect(sessionStorage.getItem(FLAG)).toBe('true');
  });

  it('starts hidden when the flag is set', () => {
    sessionStorage.setItem(FLAG, 'true');
    render(<Agendamento />);
    expect(bar()).toBeNull();
    expect(takesSpace(spacer())).toBe(false);
  });

  it('keeps working when sessionStorage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    render(<Agendamento />);
    expect(bar()).not.toBeNull();
    fireEvent.click(closeButton());
    expect(bar()).toBeNull();
    expect(takesSpace(spacer())).toBe(false);
  });

  it('is in the server HTML; dismissed earlier, it is hidden before any script runs', () => {
    sessionStorage.setItem(FLAG, 'true');
    // What the pre-paint script (runtime/render/document.ts) does from the stored flag.
    document.documentElement.classList.add('flag-stickyWhatsDismissed');
    const wrapper = serverPage();
    const aside = wrapper.querySelector<HTMLElement>('[data-sticky-bar]')!;
    expect(aside.textContent).toContain('Recarga com entrega grátis');
    expect(takesSpace(aside)).toBe(false);
    expect(takesSpace(spacer())).toBe(false);
    stickyCtaBehavior(wrapper);
    expect(bar()).toBeNull();
  });

  it('on the server HTML, the page script makes the close button work; its cleanup detaches it', () => {
    const wrapper = serverPage();
    const stop = stickyCtaBehavior(wrapper);
    expect(bar()).not.toBeNull();
    fireEvent.click(closeButton());
    expect(bar()).toBeNull();
    expect(takesSpace(spacer())).toBe(false);
    expect(sessionStorage.getItem(FLAG)).toBe('true');
    stop();

    sessionStorage.clear();
    document.body.replaceChildren();
    const again = serverPage();
    stickyCtaBehavior(again)();
    fireEvent.click(closeButton());
    expect(bar()).not.toBeNull();
    expect(sessionStorage.getItem(FLAG)).toBeNull();
  });
});
