// @vitest-environment jsdom
/**
 * The page script's side of an experiment (runtime/client/experiment.ts, analytics.ts): which
 * views are exposures, and the events that name the variant. The whole path (edge, cookie,
 * isbot's chunk, GA4's data layer) runs in tests/e2e/experiment.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  pushEvent,
  setExperimentVariant,
  trackCtaClick,
  trackFooterChat,
} from '../../runtime/client/analytics.ts';
import { exposedVariant } from '../../runtime/client/experiment.ts';

const arm = {
  expVariant: 'FGS-site-t-recarrega-site',
  expRoute: '/sodastream-t',
  expCookie: 'fgs_exp_site-t=recarrega-site',
};

beforeEach(() => Object.assign(document.documentElement.dataset, arm));
afterEach(() => {
  for (const key of Object.keys(arm)) delete document.documentElement.dataset[key];
  setExperimentVariant(undefined);
  window.dataLayer = [];
});

describe('an exposure', () => {
  it('is a view at the experiment’s route whose assignment cookie names this page', () => {
    for (const path of ['/sodastream-t', '/sodastream-t/', '/sodastream-t/index.html'])
      expect(exposedVariant(document, path, 'x=1; fgs_exp_site-t=recarrega-site')).toBe(arm.expVariant);
  });

  it('is not the variant at its own address, nor a view without the edge’s cookie', () => {
    expect(exposedVariant(document, '/recarrega-site', 'fgs_exp_site-t=recarrega-site')).toBeUndefined();
    expect(exposedVariant(document, '/sodastream-t', '')).toBeUndefined();
    expect(exposedVariant(document, '/sodastream-t', 'fgs_exp_site-t=sodastream-t')).toBeUndefined();
    expect(exposedVariant(document, '/sodastream-t', 'fgs_exp_site-t=recarrega-site-2')).toBeUndefined();
  });

  it('is never a page outside an experiment', () => {
    for (const key of Object.keys(arm)) delete document.documentElement.dataset[key];
    expect(exposedVariant(document, '/sodastream-t', 'fgs_exp_site-t=recarrega-site')).toBeUndefined();
  });
});

describe('the events of an exposed view', () => {
  it('carry its exp_variant_string: chat, phone and every other click', () => {
    setExperimentVariant(arm.expVariant);
    trackCtaClick('cta_click', 'HeroSectionT', 'whatsapp');
    trackCtaClick('cta_click', 'CustomerSupportF', 'phone');
    trackFooterChat('Footer');
    pushEvent({ event: 'cta_click', section: 'x', cta_action: 'link' });
    expect(window.dataLayer!.map((e) => e.exp_variant_string)).toEqual(Array(4).fill(arm.expVariant));
  });

  it('carry nothing outside an experiment', () => {
    trackCtaClick('cta_click', 'HeroSectionT', 'whatsapp');
    expect(window.dataLayer![0]).not.toHaveProperty('exp_variant_string');
  });
});
