import { Launcher } from 'chrome-launcher';
import { describe, expect, it } from 'vitest';
import { AUDIT_DISABLED_FEATURES, auditChromeFlags, CHROME_FLAGS } from '../../scripts/chromium.ts';

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
