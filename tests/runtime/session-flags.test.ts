// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getFlag, setFlag } from '../../runtime/client/session-flags.ts';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('session flags', () => {
  it('live in sessionStorage, so a new session (or a cleared storage) starts without them', () => {
    expect(getFlag('hasClosedPopup')).toBe(false);
    setFlag('hasClosedPopup');
    expect(sessionStorage.getItem('hasClosedPopup')).toBe('true');
    expect(getFlag('hasClosedPopup')).toBe(true);
    sessionStorage.clear();
    expect(getFlag('hasClosedPopup')).toBe(false);
  });

  it('hold in memory for the page when storage throws (private mode, blocked cookies)', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    expect(getFlag('stickyWhatsDismissed')).toBe(false);
    setFlag('stickyWhatsDismissed');
    expect(getFlag('stickyWhatsDismissed')).toBe(true);
    expect(getFlag('sideWhatsCollapsed')).toBe(false);
  });
});
