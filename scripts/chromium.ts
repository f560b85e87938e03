import { existsSync } from 'node:fs';
import path from 'node:path';
import { Launcher } from 'chrome-launcher';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, as the audit and the bench launch it (docs/toolchain.md): headless, no
 * sandbox (root), and no background traffic on the closed network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's headless shell (`apt-get install chromium-headless-shell`): Chromium's headless-only build. */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The browser for pictures no one watches being taken (the Estúdio's publish pictures): CHROMIUM_PATH
 * when set; else the headless shell when installed, the same Chromium without the windowed
 * browser's work (its launch about 2 s of CPU less, session 33); else /usr/bin/chromium. The shell
 * draws text with full hinting unless told otherwise (whole-pixel advances: a line up to a pixel or
 * two wider, a title that fits by less than a pixel wraps); with `--font-render-hinting=slight` it
 * follows fontconfig as Chromium does, and the pictures are the same bytes (decision 0044).
 */
export function picturesChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): { executablePath: string; args: string[] } {
  const named = env.CHROMIUM_PATH ?? (exists(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
  const shell = path.basename(named) === path.basename(HEADLESS_SHELL);
  return { executablePath: named, args: shell ? ['--font-render-hinting=slight'] : [] };
}

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

/**
 * Chrome features the Lighthouse runs turn off on top of chrome-launcher's own list, which is
 * there for the same reason: Chrome's background work is not the page's (decision 0015).
 * SpareRendererForSitePerProcess: after each navigation Chrome starts a spare renderer process
 * for the next one. On a 2-core machine its start-up lands in the measured page's navigation
 * commit and takes a core from it; Lighthouse multiplies the wait by 4 and counts it as TBT.
 */
export const AUDIT_DISABLED_FEATURES = ['SpareRendererForSitePerProcess'] as const;

/**
 * The flags for chrome-launcher in the audit: ours, and one --disable-features with
 * chrome-launcher's list plus ours. Chrome reads only the last --disable-features, so a second
 * one of our own would switch chrome-launcher's back on.
 */
export function auditChromeFlags(launcherDefaults: readonly string[] = Launcher.defaultFlags()): string[] {
  const prefix = '--disable-features=';
  const theirs = launcherDefaults.find((flag) => flag.startsWith(prefix))?.slice(prefix.length);
  const features = [...(theirs ? theirs.split(',') : []), ...AUDIT_DISABLED_FEATURES];
  return [...CHROME_FLAGS, `${prefix}${[...new Set(features)].join(',')}`];
}

/** Playwright's Chromium with those flags (Playwright adds its own headless switch). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.slice(1) });
}

/** The bench's phone: the screen of Lighthouse's mobile device (Moto G Power, 412×823). */
export const PHONE_CONTEXT = { viewport: { width: 412, height: 823 }, isMobile: true } as const;
