/**
 * Audiences' pure functions (runtime/edge/audience.ts): the rule match in issue 38's words, the
 * campaign cookie's value both ways, the request's own attributes, the crawlers' pattern.
 */
import { describe, expect, it } from 'vitest';
import {
  audienceMatches,
  campaignSetCookie,
  decodeCampaign,
  encodeCampaign,
  isAudienceCrawler,
  isCrawler,
  matchAudience,
  MAX_ATTRIBUTE_LENGTH,
  referrerMatches,
  requestAttributes,
} from '../../runtime/edge/index.ts';

const url = (q: string) => new URL(`https://www.fillgas.example/agendamento${q}`);

describe('audience rules', () => {
  it('match UTM values trimmed and case-insensitive, every given key', () => {
    expect(audienceMatches({ utm_campaign: 'natal' }, { utm_campaign: ' NATAL ' })).toBe(true);
    expect(audienceMatches({ utm_campaign: 'natal' }, { utm_campaign: 'natal2' })).toBe(false);
    expect(audienceMatches({ utm_source: 'fb', utm_medium: 'cpc' }, { utm_source: 'FB' })).toBe(false);
    expect(
      audienceMatches({ utm_source: 'fb', utm_medium: 'cpc' }, { utm_source: 'fb', utm_medium: 'CPC' }),
    ).toBe(true);
    expect(audienceMatches({}, { utm_campaign: 'natal' })).toBe(false);
  });

  it('match gclid by presence and the referrer by host, subdomains included, "www." ignored', () => {
    expect(audienceMatches({ gclid: true }, { gclid: true })).toBe(true);
    expect(audienceMatches({ gclid: true }, {})).toBe(false);
    expect(referrerMatches('facebook.com', 'facebook.com')).toBe(true);
    expect(referrerMatches('www.facebook.com', 'l.facebook.com')).toBe(true);
    expect(referrerMatches('facebook.com', 'notfacebook.com')).toBe(false);
    expect(referrerMatches('m.facebook.com', 'facebook.com')).toBe(false);
  });

  it('take the first rule of the route in the order written', () => {
    const rules = [
      { route: '/a', when: { utm_campaign: 'x' }, page: 1 },
      { route: '/b', when: { utm_campaign: 'x' }, page: 2 },
      { route: '/b', when: { utm_campaign: 'x', utm_source: 'y' }, page: 3 },
    ];
    expect(matchAudience(rules, '/b', { utm_campaign: 'x', utm_source: 'y' })?.page).toBe(2);
    expect(matchAudience(rules, '/c', { utm_campaign: 'x' })).toBeUndefined();
  });
});

describe('the campaign cookie', () => {
  it('keeps only the five keys, gclid as 1, values cut at 100, and reads back the same', () => {
    const long = 'n'.repeat(150);
    const value = encodeCampaign({
      utm_campaign: `natal ç;,=&`,
      utm_source: long,
      gclid: true,
      ref: 'WWW.Face.com',
    });
    expect(value).not.toMatch(/[;, ]/);
    expect(decodeCampaign(value)).toEqual({
      utm_campaign: 'natal ç;,=&',
      utm_source: 'n'.repeat(MAX_ATTRIBUTE_LENGTH),
      gclid: true,
      ref: 'face.com',
    });
    expect(decodeCampaign(encodeURIComponent('utm_campaign=a&evil=1&gclid=xyz'))).toEqual({
      utm_campaign: 'a',
    });
    expect(decodeCampaign('%E0%A4%A')).toEqual({});
    expect(campaignSetCookie({ utm_campaign: 'natal' })).toBe(
      'fgs_campanha=utm_campaign%3Dnatal; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
  });

  it('comes from the request’s utm_*, gclid (never its value) and an external referrer', () => {
    expect(requestAttributes(url('?utm_campaign=natal&gclid=SEGREDO'), null)).toEqual({
      utm_campaign: 'natal',
      gclid: true,
    });
    expect(encodeCampaign(requestAttributes(url('?gclid=SEGREDO'), null)!)).not.toContain('SEGREDO');
    expect(requestAttributes(url(''), 'https://www.google.com/search')).toEqual({ ref: 'google.com' });
    expect(requestAttributes(url(''), 'https://fillgas.example/')).toBeUndefined(); // the site itself
    expect(requestAttributes(url('?utm_campaign=%20%20'), 'não é url')).toBeUndefined();
  });
});

describe('crawlers', () => {
  it('are known by isbot’s pattern, browsers are not', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0 Safari/537.36',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'AdsBot-Google (+http://www.google.com/adsbot.html)',
    ])
      expect(isCrawler(ua), ua).toBe(true);
    for (const ua of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      '',
    ])
      expect(isCrawler(ua), ua).toBe(false);
    expect(isCrawler(null)).toBe(false);
  });

  it('leave the audiences out, but not the ads’ landing-page checkers: they get what the ad’s visitors get', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0 Safari/537.36',
    ])
      expect(isAudienceCrawler(ua), ua).toBe(true);
    for (const ua of [
      'AdsBot-Google (+http://www.google.com/adsbot.html)',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b AdIdxBot/1.0',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ])
      expect(isAudienceCrawler(ua), ua).toBe(false);
  });
});
