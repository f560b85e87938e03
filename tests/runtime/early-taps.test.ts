// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  atPath,
  catchEarlyTaps,
  MAX_AGE_MS,
  pathFrom,
  type EarlyTaps,
} from '../../runtime/client/early-taps.ts';

let island: HTMLElement;
let woken: HTMLElement[];
let taps: EarlyTaps;
let controller: AbortController;

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/** Counts the clicks that reach the island's own handlers (React listens at the island root). */
function countClicks(): { count: () => number } {
  let n = 0;
  island.addEventListener('click', () => n++, { signal: controller.signal });
  return { count: () => n };
}

beforeEach(() => {
  vi.useFakeTimers();
  controller = new AbortController();
  document.body.innerHTML =
    '<p><a id="out" href="#fora">fora</a></p>' +
    '<div data-island="slider"><section><p>texto</p>' +
    '<div><button id="prev">‹</button><button id="next"><svg></svg></button></div>' +
    '<a id="link" href="#ok">link</a><input id="box" type="checkbox">' +
    '<div id="fake" role="button" tabindex="0">fake</div></section></div>';
  island = $('[data-island]');
  woken = [];
  // Each test adds its own document listeners; the earlier ones know only their own, detached islands.
  taps = catchEarlyTaps([island], (el) => woken.push(el));
});

afterEach(() => {
  taps.live(island);
  controller.abort();
  vi.useRealTimers();
});

describe('taps before an island hydrates', () => {
  it('finds a control again by its child-index path', () => {
    const next = $('#next');
    expect(pathFrom(island, next)).toEqual([0, 1, 1]);
    expect(atPath(island, [0, 1, 1])).toBe(next);
    expect(atPath(island, [0, 9, 1])).toBeUndefined();
  });

  it('wakes the island on pointerdown and on focus inside it, not outside', () => {
    $('#next').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    $('#fake').focus();
    $('#out').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(woken).toEqual([island, island]);
  });

  it('cancels a click on a control, marks it busy, and replays exactly one click once live', () => {
    const clicks = countClicks();
    const next = $('#next');
    next.focus();
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    next.querySelector('svg')!.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(clicks.count()).toBe(0);
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(next.hasAttribute('data-pending')).toBe(true);
    expect(woken).toContain(island);

    taps.live(island);
    expect(clicks.count()).toBe(1);
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(next.hasAttribute('data-pending')).toBe(false);
    expect(document.activeElement).toBe(next);
    // Live now: later clicks pass through untouched.
    next.click();
    expect(clicks.count()).toBe(2);
  });

  it('keeps only the last tap of an island', () => {
    const clicks = countClicks();
    const seen: string[] = [];
    island.addEventListener('click', (e) => seen.push((e.target as Element).id), {
      signal: controller.signal,
    });
    $('#prev').click();
    $('#next').click();
    expect($('#prev').hasAttribute('data-pending')).toBe(false);
    taps.live(island);
    expect(clicks.count()).toBe(1);
    expect(seen).toEqual(['next']);
  });

  it('replays on the control at the same place when the node was replaced', () => {
    const clicks = countClicks();
    $('#next').click();
    const fresh = document.createElement('button');
    fresh.id = 'fresh';
    $('#next').replaceWith(fresh);
    const seen: string[] = [];
    island.addEventListener('click', (e) => seen.push((e.target as Element).id), {
      signal: controller.signal,
    });
    taps.live(island);
    expect(clicks.count()).toBe(1);
    expect(seen).toEqual(['fresh']);
  });

  it('a link follows once: not on the caught click, once on the replay', () => {
    // What the browser does with a click that reaches the window uncancelled: it follows the link.
    const followed: string[] = [];
    window.addEventListener(
      'click',
      (e) => {
        const a = (e.target as Element).closest('a');
        if (a && !e.defaultPrevented) followed.push(a.getAttribute('href')!);
      },
      { signal: controller.signal },
    );
    $('#link').click();
    expect(followed).toEqual([]);
    taps.live(island);
    expect(followed).toEqual(['#ok']);
  });

  it('a checkbox toggles once', () => {
    const box = $<HTMLInputElement>('#box');
    box.click();
    expect(box.checked).toBe(false);
    taps.live(island);
    expect(box.checked).toBe(true);
  });

  it('Enter or Space on a non-native control is replayed as one click; on a native one the browser clicks', () => {
    const clicks = countClicks();
    const fake = $('#fake');
    fake.focus();
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    fake.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    const other = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
    fake.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
    const onButton = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    $('#prev').dispatchEvent(onButton);
    expect(onButton.defaultPrevented).toBe(false);
    taps.live(island);
    expect(clicks.count()).toBe(1);
    expect(document.activeElement).toBe(fake);
  });

  it('ignores clicks on text and outside islands', () => {
    const onText = new MouseEvent('click', { bubbles: true, cancelable: true });
    island.querySelector('p')!.dispatchEvent(onText);
    expect(onText.defaultPrevented).toBe(false);
    const outside = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('#out').dispatchEvent(outside);
    expect(outside.defaultPrevented).toBe(false);
    expect(island.hasAttribute('aria-busy')).toBe(false);
  });

  it(`drops a tap older than ${MAX_AGE_MS} ms and clears the busy state`, () => {
    const clicks = countClicks();
    $('#next').click();
    vi.advanceTimersByTime(MAX_AGE_MS + 1);
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(document.querySelector('[data-pending]')).toBeNull();
    taps.live(island);
    expect(clicks.count()).toBe(0);
  });

  it('when the code fails, clears the busy state and leaves later taps to the browser', () => {
    const clicks = countClicks();
    $('#next').click();
    taps.failed(island);
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(document.querySelector('[data-pending]')).toBeNull();
    expect(clicks.count()).toBe(0);
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('#next').dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(clicks.count()).toBe(1);
  });
});
