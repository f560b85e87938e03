/**
 * Públicos' "Testar o link de um anúncio": the rule an ad's link gets is the edge's own answer
 * (runtime/edge's attributes and first matching rule), for full and site-relative links, with a
 * referring site, case and spaces as the edge compares them; what is not a link is refused in words.
 */
import { describe, expect, it } from 'vitest';
import { testLink } from '../../studio/app/screens/publicos/link-test.ts';
import { readAudiences } from '../../studio/audiences.ts';

const rules = readAudiences(`audiences:
  - route: /agendamento
    page: agendamento-natal-instagram
    when: { utm_campaign: natal, utm_source: instagram }
  - route: /agendamento
    page: agendamento-natal
    when: { utm_campaign: natal }
  - route: /agendamento
    page: agendamento-facebook
    when: { referrer: facebook.com }
  - route: /recarregue
    page: recarregue-google
    when: { gclid: true }
`);
const ORIGIN = 'https://fillgas.example';
const pageOf = (v: ReturnType<typeof testLink>) => ('rule' in v ? (v.rule?.page ?? null) : v.error);

describe('testing an ad’s link', () => {
  it('gets the first rule of its route that matches, as the edge decides', () => {
    expect(pageOf(testLink('https://fillgas.com.br/agendamento?utm_campaign=natal', '', rules, ORIGIN))).toBe(
      'agendamento-natal',
    );
    expect(
      pageOf(testLink('/agendamento/?utm_campaign=%20NATAL%20&utm_source=Instagram', '', rules, ORIGIN)),
    ).toBe('agendamento-natal-instagram');
    expect(pageOf(testLink('/agendamento', 'https://m.facebook.com/story', rules, ORIGIN))).toBe(
      'agendamento-facebook',
    );
    expect(pageOf(testLink('/recarregue?gclid=Cj0KCQ', '', rules, ORIGIN))).toBe('recarregue-google');
    // Another route's rule never applies; no campaign, no rule.
    expect(pageOf(testLink('/recarregue?utm_campaign=natal', '', rules, ORIGIN))).toBeNull();
    expect(pageOf(testLink('/agendamento', '', rules, ORIGIN))).toBeNull();
    const verdict = testLink('/agendamento?utm_campaign=natal&gclid=abc', 'www.facebook.com', rules, ORIGIN);
    expect(verdict).toMatchObject({
      route: '/agendamento',
      attributes: { utm_campaign: 'natal', gclid: true, ref: 'facebook.com' },
    });
  });

  it('refuses what is not a link or not a site, in words', () => {
    expect(pageOf(testLink('', '', rules, ORIGIN))).toMatch(/^Cole o link do anúncio/);
    expect(pageOf(testLink('javascript:alert(1)', '', rules, ORIGIN))).toMatch(/^Isso não é um link/);
    expect(pageOf(testLink('/agendamento', 'face book', rules, ORIGIN))).toMatch(/como facebook\.com/);
  });
});
