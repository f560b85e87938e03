/**
 * Públicos edits pages/_site.yaml's `audiences:` as text, node by node: on the real file (and on
 * it with rules and comments among them), a rule added, changed, moved and removed leaves the
 * data as expected and every line outside the edit byte-identical, comments included; the order
 * of rules is the order written; values that would break the YAML or the cookie are refused by the
 * form in words, and those it takes are written so that they read back exactly.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  AUDIENCES_COMMENT,
  addAudience,
  changeAudience,
  moveAudience,
  neighbourOf,
  removeAudience,
} from '../../studio/app/screens/publicos/audience-edits.ts';
import {
  exampleLink,
  formOf,
  readAudiences,
  referrerHost,
  ruleFromForm,
  ruleWords,
  type RuleForm,
} from '../../studio/audiences.ts';
import { describeSiteChange } from '../../studio/server/site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const realSite = () => readFile(path.join(root, 'pages/_site.yaml'), 'utf8');

const WITH_RULES = (base: string) =>
  `${base}${base.endsWith('\n') ? '' : '\n'}audiences:
  # O Natal traz a página da oferta.
  - route: /agendamento
    page: agendamento-natal # criada em dezembro
    when:
      utm_campaign: natal

  # Quem vem do Facebook.
  - route: /agendamento
    page: agendamento-oferta
    when:
      referrer: facebook.com
  - route: /recarregue
    page: recarregue-b
    when: { gclid: true }
# fim dos públicos
`;

const dataOf = (text: string) => parse(text) as Record<string, unknown> & { audiences?: unknown[] };
const rule = (route: string, page: string, when: Record<string, unknown>) => ({ route, page, when });

/** Every line of `before` that is not in the edited part is in `after`, in the same order. */
function keptLines(before: string, after: string, changed: (line: string) => boolean) {
  const rest = after.split('\n');
  let at = 0;
  for (const line of before.split('\n')) {
    if (changed(line)) continue;
    const found = rest.indexOf(line, at);
    expect(found, `line kept: ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

describe('adding a rule', () => {
  it('on the real file: the key appears at the end with a comment, the rest byte-identical', async () => {
    const site = await realSite();
    const after = addAudience(site, rule('/agendamento', 'agendamento-natal', { utm_campaign: 'natal' }));
    expect(after.startsWith(site)).toBe(true);
    expect(after.slice(site.length)).toBe(
      `${AUDIENCES_COMMENT}audiences:\n  - route: /agendamento\n    page: agendamento-natal\n    when:\n      utm_campaign: natal\n`,
    );
    const data = dataOf(after);
    expect(data.audiences).toEqual([
      { route: '/agendamento', page: 'agendamento-natal', when: { utm_campaign: 'natal' } },
    ]);
    // Every setting read as before.
    const { audiences: _, ...rest } = data;
    expect(rest).toEqual(dataOf(site));
  });

  it('after the last rule, at the list’s indentation, comments among the rules kept', async () => {
    const before = WITH_RULES(await realSite());
    const after = addAudience(
      before,
      rule('/agendamento', 'agendamento-natal', { utm_source: 'google', utm_medium: 'cpc', gclid: true }),
    );
    keptLines(before, after, () => false);
    expect(after).toContain(
      '    when: { gclid: true }\n  - route: /agendamento\n    page: agendamento-natal\n    when:\n      utm_source: google\n      utm_medium: cpc\n      gclid: true\n# fim dos públicos\n',
    );
    expect(readAudiences(after).map((r) => r.page)).toEqual([
      'agendamento-natal',
      'agendamento-oferta',
      'recarregue-b',
      'agendamento-natal',
    ]);
  });

  it('into `audiences: []` and a flow list: the rules written whole, none lost', () => {
    const empty = 'brand: Fillgás\naudiences: []\ncity: Barueri, SP\n';
    const one = addAudience(empty, rule('/agendamento', 'agendamento-natal', { utm_campaign: 'natal' }));
    expect(dataOf(one)).toEqual({
      brand: 'Fillgás',
      city: 'Barueri, SP',
      audiences: [{ route: '/agendamento', page: 'agendamento-natal', when: { utm_campaign: 'natal' } }],
    });
    const flow =
      'brand: Fillgás\naudiences: [{ route: /agendamento, page: agendamento-natal, when: { gclid: true } }]\n';
    const two = addAudience(flow, rule('/agendamento', 'agendamento-oferta', { referrer: 'facebook.com' }));
    expect(readAudiences(two).map((r) => [r.page, r.when])).toEqual([
      ['agendamento-natal', { gclid: true }],
      ['agendamento-oferta', { referrer: 'facebook.com' }],
    ]);
  });
});

describe('changing a rule', () => {
  it('replaces only the values that changed: comments on their lines and elsewhere stay', async () => {
    const before = WITH_RULES(await realSite());
    const after = changeAudience(
      before,
      0,
      rule('/agendamento', 'agendamento-oferta', { utm_campaign: 'natal-2026', utm_source: 'google' }),
    );
    expect(after).toContain('    page: agendamento-oferta # criada em dezembro\n');
    expect(after).toContain(
      '      utm_campaign: natal-2026\n      utm_source: google\n\n  # Quem vem do Facebook.',
    );
    keptLines(before, after, (line) => /page: agendamento-natal|utm_campaign: natal/.test(line));
    expect(readAudiences(after)[0]).toEqual({
      index: 0,
      route: '/agendamento',
      page: 'agendamento-oferta',
      when: { utm_campaign: 'natal-2026', utm_source: 'google' },
    });
    // The other rules untouched.
    expect(readAudiences(after).slice(1)).toEqual(readAudiences(before).slice(1));
  });

  it('swaps one condition for another without leaving `when:` empty, in a flow map too', async () => {
    const before = WITH_RULES(await realSite());
    const a = changeAudience(before, 1, rule('/agendamento', 'agendamento-oferta', { gclid: true }));
    expect(readAudiences(a)[1]!.when).toEqual({ gclid: true });
    expect(a).toContain('    when:\n      gclid: true\n  - route: /recarregue');
    const b = changeAudience(before, 2, rule('/recarregue', 'recarregue-b', { utm_medium: 'cpc' }));
    expect(readAudiences(b)[2]!.when).toEqual({ utm_medium: 'cpc' });
    expect(b).toContain('# fim dos públicos\n');
  });

  it('removes a condition the Estúdio does not know (the check refuses it) when the rule is saved', () => {
    const before =
      'audiences:\n  - route: /a\n    page: b\n    when:\n      utm_term: x\n      utm_campaign: natal\n';
    const after = changeAudience(before, 0, rule('/a', 'b', { utm_campaign: 'natal' }));
    expect(dataOf(after).audiences).toEqual([{ route: '/a', page: 'b', when: { utm_campaign: 'natal' } }]);
  });
});

describe('moving and removing', () => {
  it('moves a rule above the one before it in its route, its comment along, blank lines in place', async () => {
    const before = WITH_RULES(await realSite());
    expect(neighbourOf(before, 1, -1)).toBe(0);
    expect(neighbourOf(before, 0, -1)).toBeUndefined();
    // /recarregue's only rule has no neighbour: the order of other routes does not matter.
    expect(neighbourOf(before, 2, -1)).toBeUndefined();
    const after = moveAudience(before, 1, 0);
    expect(readAudiences(after).map((r) => r.page)).toEqual([
      'agendamento-oferta',
      'agendamento-natal',
      'recarregue-b',
    ]);
    expect(after).toContain(
      '  # Quem vem do Facebook.\n  - route: /agendamento\n    page: agendamento-oferta\n    when:\n      referrer: facebook.com\n\n  # O Natal traz a página da oferta.\n  - route: /agendamento\n    page: agendamento-natal # criada em dezembro\n',
    );
    expect(after.length).toBe(before.length);
    // And back: the very same text.
    expect(moveAudience(after, 1, 0)).toBe(before);
  });

  it('removes a rule with its comment; the last one takes the key with it', async () => {
    const site = await realSite();
    const before = WITH_RULES(site);
    const after = removeAudience(before, 0);
    expect(after).not.toContain('O Natal traz');
    expect(readAudiences(after).map((r) => r.page)).toEqual(['agendamento-oferta', 'recarregue-b']);
    const none = removeAudience(removeAudience(after, 0), 0);
    expect(dataOf(none).audiences).toBeUndefined();
    expect(none).toBe(`${site}# fim dos públicos\n`);
  });
});

describe('the form refuses what the schema or the cookie would not take', () => {
  const pages = {
    names: new Set(['agendamento', 'agendamento-natal', 'agendamento-oferta']),
    ownPage: 'agendamento',
  };
  const form = (over: Partial<RuleForm>): RuleForm => ({
    ...formOf(rule('/agendamento', 'agendamento-natal', {})),
    ...over,
  });

  it('no condition, the route’s own page, an unknown page, a missing route', () => {
    expect(ruleFromForm(form({}), pages)).toEqual({
      errors: { when: 'Marque pelo menos uma condição: sem nenhuma, a regra valeria para todo visitante.' },
    });
    expect(ruleFromForm(form({ page: 'agendamento', gclid: true }), pages)).toMatchObject({
      errors: { page: expect.stringContaining('já é a página de /agendamento') },
    });
    expect(ruleFromForm(form({ page: 'natal', gclid: true }), pages)).toMatchObject({
      errors: { page: 'A página “natal” não existe.' },
    });
    expect(ruleFromForm(form({ route: '', gclid: true }), pages)).toMatchObject({
      errors: { route: 'Escolha o endereço que os anúncios trazem.' },
    });
  });

  it('line breaks, control characters, over 100 characters and a referrer that is not a site', () => {
    expect(ruleFromForm(form({ utm_campaign: 'natal\nmalicioso: sim' }), pages)).toMatchObject({
      errors: { utm_campaign: 'Sem quebras de linha nem caracteres de controle.' },
    });
    expect(ruleFromForm(form({ utm_source: 'a\u0000b' }), pages)).toMatchObject({
      errors: { utm_source: 'Sem quebras de linha nem caracteres de controle.' },
    });
    expect(ruleFromForm(form({ utm_medium: 'x'.repeat(101) }), pages)).toMatchObject({
      errors: { utm_medium: 'No máximo 100 caracteres (tem 101).' },
    });
    for (const bad of ['facebook', 'face book.com', 'javascript:alert(1)', 'fácil.com', '../../etc'])
      expect(ruleFromForm(form({ referrer: bad }), pages), bad).toMatchObject({
        errors: { referrer: expect.stringContaining('facebook.com') },
      });
  });

  it('YAML-special values are written quoted and read back exactly, the file otherwise unchanged', async () => {
    const site = await realSite();
    const hostile = [
      'natal # não é comentário',
      "'; drop table --",
      '{ a: b }',
      '- item',
      '*alias',
      '&anchor x',
      '!!js/function x',
      'true',
      '123',
      'null',
      '"aspas"',
      'Natal: 50% off',
      '  espaços  ',
      'ação-de-verão',
    ];
    for (const value of hostile) {
      const made = ruleFromForm(form({ utm_campaign: value, utm_source: value }), pages);
      if (!('rule' in made)) throw new Error(`refused ${value}`);
      const after = addAudience(site, made.rule);
      expect(after.startsWith(site), value).toBe(true);
      const read = readAudiences(after);
      expect(read, value).toHaveLength(1);
      expect(read[0]!.when, value).toEqual({ utm_campaign: value.trim(), utm_source: value.trim() });
      expect(dataOf(after).audiences, value).toEqual([
        {
          route: '/agendamento',
          page: 'agendamento-natal',
          when: { utm_campaign: value.trim(), utm_source: value.trim() },
        },
      ]);
      // Changed in place too.
      const changed = changeAudience(WITH_RULES(site), 1, made.rule);
      expect(readAudiences(changed)[1]!.when, value).toEqual({
        utm_campaign: value.trim(),
        utm_source: value.trim(),
      });
      expect(changed, value).toContain('  # Quem vem do Facebook.\n');
    }
  });

  it('a referring site becomes its host', () => {
    expect(referrerHost('https://www.Facebook.com/paginas/x?y=1')).toBe('facebook.com');
    expect(referrerHost('l.instagram.com')).toBe('l.instagram.com');
    expect(referrerHost('busca.exemplo.com.br:8080')).toBe('busca.exemplo.com.br');
    const made = ruleFromForm(form({ referrer: ' https://www.facebook.com/ ' }), pages);
    expect(made).toEqual({
      rule: { route: '/agendamento', page: 'agendamento-natal', when: { referrer: 'facebook.com' } },
    });
  });
});

describe('a rule in words', () => {
  it('says who, what page and where, as the marketer reads it', () => {
    expect(ruleWords(rule('/agendamento', 'agendamento-natal', { utm_campaign: 'natal' }))).toBe(
      'Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento',
    );
    expect(
      ruleWords(
        rule('/agendamento', 'agendamento-oferta', {
          utm_source: 'google',
          utm_medium: 'cpc',
          gclid: true,
          referrer: 'google.com',
        }),
      ),
    ).toBe(
      'Quem chega com utm_source = google e utm_medium = cpc, de um anúncio do Google (gclid) e vindo do site google.com vê /agendamento-oferta em /agendamento',
    );
    expect(ruleWords(rule('/', 'blog/index', { gclid: true }))).toBe(
      'Quem chega de um anúncio do Google (gclid) vê /blog em /',
    );
    expect(exampleLink(rule('/agendamento', 'x', { utm_campaign: 'natal 2026', gclid: true }))).toBe(
      '/agendamento?utm_campaign=natal+2026',
    );
  });
});

describe('the publish message in words', () => {
  it('a rule added, changed, removed, reordered', async () => {
    const site = await realSite();
    const one = addAudience(site, rule('/agendamento', 'agendamento-natal', { utm_campaign: 'natal' }));
    expect(describeSiteChange(site, one)).toBe(
      'Público novo em /agendamento: quem chega com utm_campaign = natal vê /agendamento-natal',
    );
    const changed = changeAudience(one, 0, rule('/agendamento', 'agendamento-natal', { gclid: true }));
    expect(describeSiteChange(one, changed)).toBe(
      'Muda o público de /agendamento: agora quem chega de um anúncio do Google (gclid) vê /agendamento-natal',
    );
    expect(describeSiteChange(one, site)).toBe(
      'Tira o público de /agendamento (quem chega com utm_campaign = natal vê /agendamento-natal)',
    );
    const rules = WITH_RULES(site);
    expect(describeSiteChange(rules, moveAudience(rules, 1, 0))).toBe(
      'Muda a ordem dos públicos de /agendamento',
    );
    // A comment alone changes no rule.
    expect(describeSiteChange(rules, rules.replace('# fim dos públicos', '# fim'))).toBe(
      'Muda a formatação das configurações do site',
    );
  });
});
