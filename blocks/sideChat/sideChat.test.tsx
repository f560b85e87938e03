// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { composeStories } from '@storybook/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SessionFlags from '../../runtime/client/session-flags.ts';
import * as stories from './sideChat.stories.tsx';

// The flags module keeps set flags in memory for the page's life; give each test a fresh page.
const flags = vi.hoisted(() => ({
  impl: undefined as undefined | typeof SessionFlags,
}));
vi.mock('../../runtime/client/session-flags.ts', () => ({
  getFlag: (flag: 'sideWhatsCollapsed') => flags.impl!.getFlag(flag),
  setFlag: (flag: 'sideWhatsCollapsed') => flags.impl!.setFlag(flag),
}));

const composed = composeStories(stories);
const { Agendamento } = composed;
const FLAG = 'sideWhatsCollapsed';

const root = () => document.querySelector<HTMLElement>('[data-collapsed]')!;
const chatLink = () => screen.getByRole('link', { name: /Agende sua recarga agora!/ });

let page = 0;
beforeEach(async () => {
  // A fresh copy of the real module (its own in-memory flags), as on a new page load.
  page += 1;
  flags.impl = await vi.importActual(`../../runtime/client/session-flags.ts?page=${page}`);
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sideChat', () => {
  it('is a chat link tracked as SideWhatsAppCTA, opening in a new tab', () => {
    render(<Agendamento />);
    const link = chatLink();
    expect(link.getAttribute('href')).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?phone=\d+&text=/);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('data-track')).toBe('SideWhatsAppCTA');
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
    fireEvent.pointerLeave(root());
    expect(root().dataset.collapsed).toBe('true');
  });

  it('hides for the rest of the page view with its labelled close button', () => {
    render(<Agendamento />);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar botão do WhatsApp' }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fechar botão do WhatsApp' })).toBeNull();
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

  it('hydrates the server HTML without warnings, then applies the flag', async () => {
    sessionStorage.setItem(FLAG, 'true');
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Agendamento />);
    expect(container.querySelector('[data-collapsed]')!.getAttribute('data-collapsed')).toBe('false');
    const hydrated = hydrateRoot(container, <Agendamento />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(container.querySelector('[data-collapsed]')!.getAttribute('data-collapsed')).toBe('true');
    expect(errors).not.toHaveBeenCalled();
    act(() => hydrated.unmount());
    container.remove();
  });
});
