import { Launcher } from 'chrome-launcher';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_DISABLED_FEATURES,
  auditChromeFlags,
  CHROME_FLAGS,
  HEADLESS_SHELL,
  picturesChromium,
} from '../../scripts/chromium.ts';

const disableFeatures = (flags: readonly string[]) =>
  flags.filter((f) => f.startsWith('--disable-features='));

describe('the audit’s Chrome flags', () => {
  it('keep chrome-launcher’s disabled features and add the spare renderer, in one --disable-features', () => {
    const launcher = Launcher.defaultFlags();
    const flags = auditChromeFlags(launcher);
    // Chrome reads only the last --disable-features: ours comes after chrome-launcher's, so it
    // must carry chrome-launcher's whole list as well.
    expect(disableFeatures(flags)).toHaveLength(1);
    const ours = disableFeatures(flags)[0]!.split('=')[1]!.split(',');
    const theirs = disableFeatures(launcher)[0]!.split('=')[1]!.split(',');
    expect(theirs.length).toBeGreaterThan(3);
    expect(ours).toEqual([...theirs, ...AUDIT_DISABLED_FEATURES]);
    expect(ours).toContain('SpareRendererForSitePerProcess');
    expect(flags.slice(0, CHROME_FLAGS.length)).toEqual(CHROME_FLAGS);
  });

  it('still turns the spare renderer off if chrome-launcher stops disabling features', () => {
    expect(disableFeatures(auditChromeFlags(['--mute-audio']))).toEqual([
      '--disable-features=SpareRendererForSitePerProcess',
    ]);
  });
});

describe('the browser of the Estúdio’s pictures', () => {
  const shellThere = (file: string) => file === HEADLESS_SHELL;
  it('is CHROMIUM_PATH when set, the headless shell when installed, else Debian’s Chromium', () => {
    expect(picturesChromium({ CHROMIUM_PATH: '/opt/chrome' }, shellThere)).toEqual({
      executablePath: '/opt/chrome',
      args: [],
    });
    expect(picturesChromium({}, () => false)).toEqual({ executablePath: '/usr/bin/chromium', args: [] });
  });

  it('gives the shell Chromium’s text (slight hinting), named or found', () => {
    const shell = { executablePath: HEADLESS_SHELL, args: ['--font-render-hinting=slight'] };
    expect(picturesChromium({}, shellThere)).toEqual(shell);
    expect(picturesChromium({ CHROMIUM_PATH: HEADLESS_SHELL }, () => false)).toEqual(shell);
  });
});
