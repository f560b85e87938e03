import type { ConsoleMessage, Page } from '@playwright/test';

/** Collects console errors and warnings (hydration mismatches are reported as errors). */
export function watchConsole(page: Page): { messages: string[] } {
  const messages: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') messages.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return { messages };
}
