// @vitest-environment jsdom
/**
 * The page script's side of an audience (runtime/client/audience.ts, analytics.ts): a page the
 * edge served at an audience's route counts its page view, and every later event, under its own
 * name, as an experiment's arm does; at its own address it names nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIENCE_PARAM, setAudiencePage, trackCtaClick } from '../../runtime/client/analytics.ts';
import { audiencePageOf } from '../../runtime/client/audience.ts';
import { enhance } from '../../runtime/client/enhance.ts';

const root = document.documentElement;
afterEach(() => {
  for (const key of ['audPage', 'audRoute', 'pageView']) delete root.dataset[key];
  setAudiencePage(undefined);
  window.dataLayer = [];
  history.replaceState(null, '', '/');
});

function view(path: string) {
  Object.assign(root.dataset, {
    audPage: 'agendamento-natal',
    audRoute: '/agendamento',
    pageView: 'agendamento_page',
  });
  history.replaceState(null, '', path);
  window.dataLayer = [];
  enhance(document, { belowFold: false });
  return window.dataLayer;
}

describe('an audience page’s events', () => {
  it('name the page, the page view first, when it is seen at the audience’s route', () => {
    const events = view('/agendamento?utm_campaign=natal');
    expect(events[0]).toMatchObject({ event: 'agendamento_page', [AUDIENCE_PARAM]: 'agendamento-natal' });
    trackCtaClick('cta_click', 'hero', 'whatsapp');
    expect(events.at(-1)).toMatchObject({ event: 'cta_click', [AUDIENCE_PARAM]: 'agendamento-natal' });
  });

  it('name nothing at the page’s own address, nor on a page of no audience', () => {
    expect(view('/agendamento-natal')[0]).not.toHaveProperty(AUDIENCE_PARAM);
    expect(audiencePageOf(document, '/agendamento/')).toBe('agendamento-natal');
    delete root.dataset.audPage;
    expect(audiencePageOf(document, '/agendamento')).toBeUndefined();
  });
});
