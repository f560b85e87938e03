// @vitest-environment jsdom
import '../../tests/helpers/storybook.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEC } from '../../schema/constants.ts';
import { hydrateStrategyOf, usesBehavior } from '../../runtime/load/index.ts';
import block from './index.ts';
import LoadingOverlay, { FADE_MS, randomStep } from './loadingOverlay.tsx';

const props = block.examples[0]!.props;

const overlay = () => document.querySelector<HTMLElement>('[data-loading-overlay]');
const value = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
const tick = (ms: number = SPEC.loadingTickMs) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  // As on the site, where the inline head script sets it before first paint.
  document.documentElement.classList.add('js');
  vi.useFakeTimers();
  setReducedMotion(false);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.removeAttribute('style');
});

describe('loadingOverlay', () => {
  it('is an overlay run by a plain-DOM behaviour (no React), with the spec timings as defaults', () => {
    expect(block.placement).toBe('overlay');
    expect(hydrateStrategyOf(block, props)).toBe(false);
    expect(usesBehavior(block, props)).toBe(true);
    expect(props.tickMs).toBe(150);
    expect(props.maxStep).toBe(15);
    expect(props.hideDelayMs).toBe(500);
  });

  it('draws steps from 1 to maxStep, never 0 and never more', () => {
    expect(randomStep(15, () => 0)).toBe(1);
    expect(randomStep(15, () => 0.5)).toBe(8);
    expect(randomStep(15, () => 0.999999)).toBe(15);
    for (let i = 0; i < 1000; i++) {
      const step = randomStep(15);
      expect(step).toBeGreaterThanOrEqual(1);
      expect(step).toBeLessThanOrEqual(15);
    }
  });

  it('starts at 0 with a labelled progress bar and rises by one random step every 150 ms', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // step 8
    render(<LoadingOverlay {...props} />);
    const bar = screen.getByRole('progressbar', { name: 'Carregando' });
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(value()).toBe(0);
    expect(overlay()!.textContent).toContain('0%');
    tick(149);
    expect(value()).toBe(0);
    tick(1);
    expect(value()).toBe(8);
    tick();
    expect(value()).toBe(16);
    expect(overlay()!.textContent).toContain('16%');
  });

  it('never rises by more than 15 per tick, whatever Math.random returns', () => {
    const draws = [0.999999, 0, 0.42, 0.93, 0.07, 0.999999, 0.5];
    let i = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => draws[i++ % draws.length]!);
    render(<LoadingOverlay {...props} />);
    let previous = 0;
    while (value() < 100) {
      tick();
      const now = value();
      expect(now - previous).toBeGreaterThan(0);
      expect(now - previous).toBeLessThanOrEqual(15);
      previous = now;
    }
  });

  it('shows 100% at 100 or more, hides 500 ms later, then leaves the screen and the accessibility tree', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999999); // 15 a tick: 105 after 7 ticks, shown as 100
    render(<LoadingOverlay {...props} />);
    tick(6 * 150);
    expect(value()).toBe(90);
    tick();
    expect(value()).toBe(100);
    expect(overlay()!.textContent).toContain('100%');
    expect(overlay()!.dataset.state).toBe('done');
    tick(SPEC.loadingHideDelayMs - 1);
    expect(overlay()!.dataset.state).toBe('done');
    tick(1);
    expect(overlay()!.dataset.state).toBe('hiding');
    tick(FADE_MS);
    expect(overlay()!.hidden).toBe(true);
    expect(getComputedStyle(overlay()!).display).toBe('none');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('locks the page scroll while it covers the page and gives it back when it hides', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    render(<LoadingOverlay {...props} />);
    expect(document.body.style.overflow).toBe('hidden');
    tick(7 * 150);
    expect(document.body.style.overflow).toBe('hidden');
    tick(SPEC.loadingHideDelayMs);
    expect(document.body.style.overflow).toBe('');
  });

  it('is not shown at all without JavaScript (only under html.js)', () => {
    document.documentElement.classList.remove('js');
    render(<LoadingOverlay {...props} />);
    expect(getComputedStyle(overlay()!).display).toBe('none');
    document.documentElement.classList.add('js');
    expect(getComputedStyle(overlay()!).display).toBe('flex');
  });

  it('with reduced motion, leaves at once: no progress animation, no scroll lock', () => {
    setReducedMotion(true);
    render(<LoadingOverlay {...props} />);
    expect(overlay()!.hidden).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('hydrates its server HTML without warnings', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LoadingOverlay {...props} />);
    document.body.append(container);
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <LoadingOverlay {...props} />);
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-loading-overlay]')).not.toBeNull();
    act(() => root.unmount());
    container.remove();
  });
});
