import type { Page } from '@playwright/test';

/**
 * Makes web storage throw on this page, as browsers do in private modes or with cookies
 * blocked. Two ways, as real browsers differ:
 * - 'access': reading window.localStorage / window.sessionStorage itself throws (Chrome with
 *   site data blocked);
 * - 'calls': the objects exist but getItem / setItem throw (quota, Safari's old private mode).
 */
export async function blockStorage(page: Page, how: 'access' | 'calls' = 'access'): Promise<void> {
  await page.addInitScript((mode) => {
    const boom = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    if (mode === 'access') {
      for (const name of ['localStorage', 'sessionStorage'])
        Object.defineProperty(window, name, { get: boom, configurable: true });
    } else {
      for (const method of ['getItem', 'setItem'] as const) Storage.prototype[method] = boom;
    }
  }, how);
}
