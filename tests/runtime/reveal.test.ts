// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startReveal } from '../../runtime/client/enhance.ts';

/** A stand-in IntersectionObserver whose reports the test writes: a viewport 800 px high. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly targets: Element[] = [];
  constructor(
    readonly report: (entries: IntersectionObserverEntry[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  unobserve(el: Element) {
    this.targets.splice(this.targets.indexOf(el), 1);
  }
  disconnect() {}
  /** One report of the given boxes (top, height), with the root as the option's margin makes it. */
  send(boxes: Map<Element, { top: number; height: number }>) {
    const margin = /-(\d+)px 0px$/.exec(this.options.rootMargin ?? '')?.[1];
    const rootBounds = { top: 0, bottom: 800 - Number(margin ?? 0) } as DOMRectReadOnly;
    this.report(
      [...boxes].map(([target, { top, height }]) => ({
        target,
        rootBounds,
        boundingClientRect: { top, bottom: top + height, height } as DOMRectReadOnly,
        isIntersecting: top < rootBounds.bottom && top + height > rootBounds.top,
      })) as IntersectionObserverEntry[],
    );
  }
}

const html = document.documentElement;

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  html.className = '';
  document.body.innerHTML =
    '<p data-reveal id="top">a</p><p data-reveal id="band">b</p><p data-reveal id="below">c</p>';
});

const el = (id: string) => document.getElementById(id)!;
const active = (id: string) => el(id).classList.contains('active');

describe('reveal on scroll (spec §4)', () => {
  it('"offset": what the first paint shows stays shown, the bottom 150 px included; the rest waits for the line', () => {
    startReveal(document, 'offset');
    const observer = FakeObserver.last!;
    expect(html.classList.contains('reveal-on')).toBe(false); // nothing hidden before the first report
    observer.send(
      new Map([
        [el('top'), { top: 100, height: 200 }],
        [el('band'), { top: 700, height: 200 }], // on screen, under the spec's line (650 px)
        [el('below'), { top: 900, height: 200 }],
      ]),
    );
    expect(html.classList.contains('reveal-on')).toBe(true);
    expect([active('top'), active('band'), active('below')]).toEqual([true, true, false]);
    // Scrolled 100 px: the last one's top is now at 800, still under the line.
    observer.send(new Map([[el('below'), { top: 800, height: 200 }]]));
    expect(active('below')).toBe(false);
    observer.send(new Map([[el('below'), { top: 600, height: 200 }]]));
    expect(active('below')).toBe(true);
  });

  it('"intersection": what is on screen at the first report is shown at once', () => {
    startReveal(document, 'intersection');
    FakeObserver.last!.send(
      new Map([
        [el('top'), { top: 0, height: 100 }],
        [el('band'), { top: 790, height: 200 }],
        [el('below'), { top: 820, height: 200 }],
      ]),
    );
    expect([active('top'), active('band'), active('below')]).toEqual([true, true, false]);
  });

  it('reduced motion: nothing is ever hidden', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    FakeObserver.last = undefined;
    startReveal(document, 'offset');
    expect(FakeObserver.last).toBeUndefined();
    expect(html.classList.contains('reveal-on')).toBe(false);
  });
});
