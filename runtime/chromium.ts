import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, as the audit and the bench launch it (docs/toolchain.md): headless, no
 * sandbox (root), and no background traffic on the closed network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's Chromium with those flags (Playwright adds its own headless switch). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.slice(1) });
}

/** The bench's phone: the screen of Lighthouse's mobile device (Moto G Power, 412×823). */
export const PHONE_CONTEXT = { viewport: { width: 412, height: 823 }, isMobile: true } as const;
