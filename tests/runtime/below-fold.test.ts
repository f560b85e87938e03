// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BELOW_FOLD_CLASS, LAID_OUT_CLASS } from '../../design/below-fold.ts';
import { layOutBelowFold } from '../../runtime/client/below-fold.ts';

const waiting = () => document.getElementsByClassName(BELOW_FOLD_CLASS).length;
const laidOut = () => document.documentElement.classList.contains(LAID_OUT_CLASS);

beforeEach(() => {
  vi.useFakeTimers();
  document.documentElement.className = '';
  document.body.innerHTML =
    '<main><section>hero</section><a href="#c">ir</a>' +
    `<div class="${BELOW_FOLD_CLASS}"><section id="a">a</section></div>` +
    `<div class="${BELOW_FOLD_CLASS}"><section id="b">b</section></div>` +
    `<div class="${BELOW_FOLD_CLASS}"><section id="c">c</section></div></main>`;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('below-the-fold layout', () => {
  it('after the load, lays out one block per idle moment, then marks the page laid out', async () => {
    expect(document.readyState).toBe('complete');
    layOutBelowFold(document);
    expect(waiting()).toBe(3);
    await vi.advanceTimersToNextTimerAsync();
    expect(waiting()).toBe(2);
    expect(laidOut()).toBe(false);
    await vi.runAllTimersAsync();
    expect(waiting()).toBe(0);
    expect(laidOut()).toBe(true);
  });

  it('an in-page link lays out everything before its scroll is planned', () => {
    layOutBelowFold(document);
    document.querySelector('a')!.click();
    expect(laidOut()).toBe(true); // .laid-out .below-fold is content-visibility: visible
  });

  it('with a budget (the Estúdio’s preview), lays out as many blocks as fit in one idle moment', async () => {
    const finish = layOutBelowFold(document, { budgetMs: 1_000 });
    expect(waiting()).toBe(3);
    await vi.advanceTimersToNextTimerAsync();
    expect(waiting()).toBe(0);
    await vi.runAllTimersAsync();
    expect(laidOut()).toBe(true);
    expect(typeof finish).toBe('function');
  });

  it('the function it returns lays out the rest at once (before a scroll to a block)', () => {
    const finish = layOutBelowFold(document, { budgetMs: 8 });
    expect(laidOut()).toBe(false);
    finish();
    expect(laidOut()).toBe(true);
  });

  it('a page with nothing below the fold is laid out at once', () => {
    document.body.innerHTML = '<main><section>hero</section></main>';
    layOutBelowFold(document);
    expect(laidOut()).toBe(true);
  });
});
