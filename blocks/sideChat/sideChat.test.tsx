// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateStrategyOf, usesBehavior } from '../../runtime/load/index.ts';
import { forgetMemoryFlags } from '../../runtime/client/session-flags.ts';
import block from './index.ts';
import sideChatBehavior, { SIDE_CHAT_MEDIA } from './sideChat.behavior.ts';
import * as stories from './sideChat.stories.tsx';

const composed = composeStories(stories);
const { Agendamento } = composed;
const FLAG = 'sideWhatsCollapsed';

const root = () => document.querySelector<HTMLElement>('[data-collapsed]')!;
const chatLink = () => screen.getByRole('link', { name: /Agende sua recarga agora!/ });

/** A window whose width can cross the desktop breakpoint, as matchMedia reports it. */
function setDesktop(initial: boolean) {
  const query = {
    matches: initial,
    media: SIDE_CHAT_MEDIA,
    listeners: new Set<() => void>(),
    addEventListener: (_type: string, listener: () => void) => query.listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => query.listeners.delete(listener),
  };
  window.matchMedia = ((media: string) =>
    media === SIDE_CHAT_MEDIA
      ? query
      : {
          matches: false,
          media,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as typeof window.matchMedia;
  return {
    query,
    resize(desktop: boolean) {
      query.matches = desktop;
      for (const listener of query.listeners) listener();
    },
  };
}

const originalMatchMedia = window.matchMedia;
beforeEach(async () => {
  // The flags module keeps flags it could not store in memory for the page's life: a new page
  // starts without them.
  forgetMemoryFlags();
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.matchMedia = originalMatchMedia;
  document.documentElement.classList.remove(`flag-${FLAG}`);
});

describe('sideChat', () => {
  it('is an overlay run by a plain-DOM behaviour (no React), collapsing after the spec 4000 ms by default', () => {
    const props = block.examples[0]!.props;
    expect(block.placement).toBe('overlay');
    expect(hydrateStrategyOf(block, props)).toBe(false);
    expect(usesBehavior(block, props)).toBe(true);
    expect(props.collapseAfterMs).toBe(4000);
  });

  it('is a chat link tracked as SideWhatsAppCTA, opening in a new tab', () => {
    render(<Agendamento />);
    const link = chatLink();
    expect(link.getAttribute('href')).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?phone=\d+&text=/);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('data-track')).toBe('SideWhatsAppCTA');
    expect(screen.getByRole('complementary', { name: 'Botão do WhatsApp' })).toBe(root());
  });

  it('shows the label on first view and collapses after 4000 ms, setting sideWhatsCollapsed', () => {
    render(<Agendamento />);
    expect(root().dataset.collapsed).toBe('false');
    act(() => vi.advanceTimersByTime(3999));
    expect(root().dataset.collapsed).toBe('false');
    expect(sessionStorage.getItem(FLAG)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(root().dataset.collapsed).toBe('true');
    expect(sessionStorage.getItem(FLAG)).toBe('true');
  });

  it('keeps the label in its accessible name when collapsed', () => {
    sessionStorage.setItem(FLAG, 'true');
    render(<Agendamento />);
    expect(root().dataset.collapsed).toBe('true');
    expect(chatLink().textContent).toContain('Agende sua recarga agora!');
  });

  it('starts collapsed when the flag is already set, and stays so', () => {
    sessionStorage.setItem(FLAG, 'true');
    render(<Agendamento />);
    expect(root().dataset.collapsed).toBe('true');
    act(() => vi.advanceTimersByTime(10_000));
    expect(root().dataset.collapsed).toBe('true');
  });

  it('expands on hover and collapses again when the pointer leaves', () => {
    sessionStorage.setItem(FLAG, 'true');
    render(<Agendamento />);
    fireEvent.pointerEnter(root());
    expect(root().dataset.collapsed).toBe('false');
    fireEvent.pointerLeave(root());
    expect(root().dataset.collapsed).toBe('true');
  });

  it('on first view, leaving before the time runs out keeps it expanded', () => {
    render(<Agendamento />);
    fireEvent.pointerEnter(root());
    fireEvent.pointerLeave(root());
    expect(root().dataset.collapsed).toBe('false');
  });

  it('expands on keyboard focus and collapses when focus leaves it', () => {
    sessionStorage.setItem(FLAG, 'true');
    render(
      <>
        <button type="button">antes</button>
        <Agendamento />
      </>,
    );
    act(() => chatLink().focus());
    expect(root().dataset.collapsed).toBe('false');
    act(() => screen.getByRole('button', { name: 'Fechar botão do WhatsApp' }).focus());
    expect(root().dataset.collapsed).toBe('false');
    act(() => screen.getByRole('button', { name: 'antes' }).focus());
    expect(root().dataset.collapsed).toBe('true');
  });

  it('stays expanded while hovered when the time runs out, and collapses on leave', () => {
    render(<Agendamento />);
    fireEvent.pointerEnter(root());
    act(() => vi.advanceTimersByTime(4000));
    expect(root().dataset.collapsed).toBe('false');
    expect(sessionStorage.getItem(FLAG)).toBe('true');
    fireEvent.pointerLeave(root());
    expect(root().dataset.collapsed).toBe('true');
  });

  it('hides for the rest of the page view with its labelled close button', () => {
    render(<Agendamento />);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar botão do WhatsApp' }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fechar botão do WhatsApp' })).toBeNull();
    expect(getComputedStyle(root()).display).toBe('none');
  });

  it('counts the 4 s only while it is on screen: not below the desktop width', () => {
    const width = setDesktop(false);
    render(<Agendamento />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(root().dataset.collapsed).toBe('false');
    expect(sessionStorage.getItem(FLAG)).toBeNull();
    width.resize(true);
    act(() => vi.advanceTimersByTime(3999));
    expect(root().dataset.collapsed).toBe('false');
    act(() => vi.advanceTimersByTime(1));
    expect(root().dataset.collapsed).toBe('true');
    // Narrowing and widening again does not start a second count.
    const timers = vi.getTimerCount();
    width.resize(false);
    width.resize(true);
    expect(vi.getTimerCount()).toBe(timers);
  });

  it('keeps working when sessionStorage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    render(<Agendamento />);
    expect(root().dataset.collapsed).toBe('false');
    act(() => vi.advanceTimersByTime(4000));
    expect(root().dataset.collapsed).toBe('true');
  });

  describe('on the built site (server HTML, then the page script)', () => {
    /** The server's HTML inside the wrapper the renderer puts around a behaviour block. */
    function serverHtml() {
      const wrapper = document.createElement('div');
      wrapper.dataset.behavior = 'sideChat';
      wrapper.innerHTML = renderToString(<Agendamento />);
      document.body.append(wrapper);
      return wrapper;
    }
    const label = (wrapper: HTMLElement) => wrapper.querySelector('a[data-track] > span') as HTMLElement;

    it('is expanded in the server HTML and carries its timing for the behaviour', () => {
      const wrapper = serverHtml();
      const aside = wrapper.querySelector<HTMLElement>('[data-side-chat]')!;
      expect(aside.dataset.collapsed).toBe('false');
      expect(aside.dataset.collapseAfterMs).toBe('4000');
      expect(getComputedStyle(label(wrapper)).maxWidth).toBe('260px');
      wrapper.remove();
    });

    it('is folded from the first paint for a returning visitor, then the behaviour takes over', () => {
      sessionStorage.setItem(FLAG, 'true');
      // The pre-paint script marks the flag on <html> before the page script runs.
      document.documentElement.classList.add(`flag-${FLAG}`);
      const wrapper = serverHtml();
      const aside = wrapper.querySelector<HTMLElement>('[data-side-chat]')!;
      expect(getComputedStyle(label(wrapper)).maxWidth).toBe('0px');
      const stop = sideChatBehavior(wrapper);
      wrapper.dataset.enhanced = 'true';
      expect(aside.dataset.collapsed).toBe('true');
      expect(getComputedStyle(label(wrapper)).maxWidth).toBe('0px');
      fireEvent.pointerEnter(aside);
      expect(getComputedStyle(label(wrapper)).maxWidth).toBe('260px');
      stop();
      wrapper.remove();
    });

    it('stops listening and counting when cleaned up', () => {
      const wrapper = serverHtml();
      const aside = wrapper.querySelector<HTMLElement>('[data-side-chat]')!;
      const stop = sideChatBehavior(wrapper);
      expect(vi.getTimerCount()).toBe(1);
      stop();
      expect(vi.getTimerCount()).toBe(0);
      act(() => vi.advanceTimersByTime(10_000));
      expect(sessionStorage.getItem(FLAG)).toBeNull();
      aside.querySelector('button')!.click();
      expect(aside.hidden).toBe(false);
      wrapper.remove();
    });
  });
});
