// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { lockScroll } from '../../runtime/client/scroll-lock.ts';

afterEach(() => {
  document.body.removeAttribute('style');
});

describe('scroll lock', () => {
  it('stops the page scrolling and gives back the styles it found', () => {
    document.body.style.overflow = 'clip';
    const unlock = lockScroll();
    expect(document.body.style.overflow).toBe('hidden');
    unlock();
    expect(document.body.style.overflow).toBe('clip');
  });

  it('nests: the overlay and the popup together, the page scrolls only when both let go', () => {
    const unlockOverlay = lockScroll();
    const unlockPopup = lockScroll();
    unlockOverlay();
    expect(document.body.style.overflow).toBe('hidden');
    unlockOverlay(); // a second call from the same holder changes nothing
    expect(document.body.style.overflow).toBe('hidden');
    unlockPopup();
    expect(document.body.style.overflow).toBe('');
  });
});
