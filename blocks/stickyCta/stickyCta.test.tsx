// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SessionFlags from '../../runtime/client/session-flags.ts';
import * as stories from './stickyCta.stories.tsx';

// The flags module keeps set flags in memory for the page's life; give each test a fresh page.
const flags = vi.hoisted(() => ({
  impl: undefined as undefined | typeof SessionFlags,
}));
vi.mock('../../runtime/client/session-flags.ts', () => ({
  getFlag: (flag: 'stickyWhatsDismissed') => flags.impl!.getFlag(flag),
  setFlag: (flag: 'stickyWhatsDismissed') => flags.impl!.setFlag(flag),
}));

const composed = composeStories(stories);
const { Agendamento } = composed;
const FLAG = 'stickyWhatsDismissed';

const bar = () => screen.queryByRole('complementary', { name: 'Barra do WhatsApp' });
const spacer = () => document.querySelector('[data-sticky-spacer]');

let page = 0;
beforeEach(async () => {
  // A fresh copy of the real module (its own in-memory flags), as on a new page load.
  page += 1;
  flags.impl = await vi.importActual(`../../runtime/client/session-flags.ts?page=${page}`);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('stickyCta', () => {
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
    expect(spacer()).not.toBeNull();
    expect(spacer()!.getAttribute('aria-hidden')).toBe('true');
  });

  it('closes with its labelled button, sets stickyWhatsDismissed and gives the space back', () => {
    render(<Agendamento />);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar barra do WhatsApp' }));
    expect(bar()).toBeNull();
    expect(spacer()).toBeNull();
    expect(sessionStorage.getItem(FLAG)).toBe('true');
  });

  it('starts hidden when the flag is set', () => {
    sessionStorage.setItem(FLAG, 'true');
    render(<Agendamento />);
    expect(bar()).toBeNull();
    expect(spacer()).toBeNull();
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
    fireEvent.click(screen.getByRole('button', { name: 'Fechar barra do WhatsApp' }));
    expect(bar()).toBeNull();
  });

  it('is in the server HTML, and hides after hydration when dismissed earlier', async () => {
    const errors = vi.spyOn(console, 'error');
    const html = renderToString(<Agendamento />);
    expect(html).toContain('Fechar barra do WhatsApp');
    sessionStorage.setItem(FLAG, 'true');
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = html;
    const root = hydrateRoot(container, <Agendamento />);
    await act(async () => {});
    expect(container.querySelector('aside')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});
