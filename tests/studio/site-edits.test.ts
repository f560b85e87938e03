/**
 * The Experimentos and Configurações screens edit pages/_site.yaml node by node: on the real
 * file (and on it with an experiment declared), every setting set, every experiment field set and
 * cleared, pages added and removed, shares changed, leave the data as expected and every line
 * outside the edit byte-identical, comments included. Also: shares always sum to 100; the
 * placeholders marked TROCAR, the experiments' states in words and the default messages.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  addExperiment,
  addVariant,
  equalShares,
  readExperiments,
  rebalance,
  removeExperiment,
  removeVariant,
  setExperimentField,
  setSetting,
  setWeights,
} from '../../studio/app/shared/site-edits.ts';
import {
  describeSiteChange,
  experimentSummaries,
  placeholdersOf,
  type PageInfo,
} from '../../studio/server/site.ts';

const file = path.resolve(import.meta.dirname, '../../pages/_site.yaml');
const original = await readFile(file, 'utf8');
const withExperiment = addExperiment(original, {
  id: 'agendamento-oferta',
  route: '/agendamento',
  variants: [
    { page: 'agendamento', weight: 50 },
    { page: 'agendamento-oferta', weight: 50 },
  ],
  start: '2026-12-01',
});

type Data = Record<string, unknown>;

/** Only the lines the edit is about differ: the longest common head and tail hold every other line. */
function expectOnlyLines(before: string, after: string, maxChanged: number) {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  expect(a.length - head - tail).toBeLessThanOrEqual(maxChanged);
  expect(b.length - head - tail).toBeLessThanOrEqual(maxChanged);
}

describe('settings edits on pages/_site.yaml', () => {
  const data = parse(original) as Data;
  const settings: [string[], string][] = [
    [['brand'], 'Fillgás Recargas'],
    [['origin'], 'https://www.fillgas.com.br'],
    [['phone'], '5511912345678'],
    [['phoneDisplay'], '(11) 91234-5678'],
    [['email'], 'contato@fillgas.com.br'],
    [['messages', 'recarga'], 'Olá! Quero agendar: "CO2" #já'],
    [['messages', 'duvidas'], 'Uma dúvida: como funciona?'],
    [['legalName'], 'Fillgás Ltda.'],
    [['taxId'], '12.345.678/0001-90'],
    [['city'], 'Osasco, SP'],
    [['analyticsId'], 'G-ABCDEF1234'],
  ];
  it.each(settings)('sets %j on its own line, keeping every comment but its TROCAR mark', (key, value) => {
    for (const text of [original, withExperiment]) {
      const next = setSetting(text, key, value);
      const expected = structuredClone(parse(text) as Data);
      if (key.length === 2) (expected[key[0]!] as Data)[key[1]!] = value;
      else expected[key[0]!] = value;
      expect(parse(next)).toEqual(expected);
      expectOnlyLines(text, next, 1);
      const line = next.split('\n').find((l) => l.trimStart().startsWith(`${key.at(-1)}:`))!;
      expect(line).not.toContain('TROCAR');
      // Every comment of the file but that line's stays.
      const comments = (t: string) => t.split('\n').filter((l) => l.trimStart().startsWith('#'));
      expect(comments(next)).toEqual(comments(text));
    }
    void data;
  });
  it('flags the values still marked TROCAR, in words, and stops when the value is set', () => {
    const marked = placeholdersOf(original).map((p) => p.key);
    expect(marked).toEqual(['origin', 'phone', 'phoneDisplay', 'email', 'legalName', 'taxId']);
    expect(placeholdersOf(original).find((p) => p.key === 'phoneDisplay')?.words).toBe(
      'o site ainda mostra um telefone provisório',
    );
    expect(placeholdersOf(setSetting(original, ['phone'], '5511912345678')).map((p) => p.key)).not.toContain(
      'phone',
    );
  });
});

describe('experiment edits on pages/_site.yaml', () => {
  it('adds an experiment at the end, every line before it identical', () => {
    expect(withExperiment.startsWith(original)).toBe(true);
    expect(readExperiments(withExperiment)).toEqual([
      {
        id: 'agendamento-oferta',
        route: '/agendamento',
        variants: [
          { page: 'agendamento', weight: 50 },
          { page: 'agendamento-oferta', weight: 50 },
        ],
        start: '2026-12-01',
      },
    ]);
    const two = addExperiment(withExperiment, {
      id: 'recarga-b',
      route: '/recarga',
      variants: [
        { page: 'recarga', weight: 50 },
        { page: 'recarga-b', weight: 50 },
      ],
    });
    expect(two.startsWith(withExperiment.trimEnd())).toBe(true);
    expect(readExperiments(two).map((e) => e.id)).toEqual(['agendamento-oferta', 'recarga-b']);
    expect(removeExperiment(two, 1)).toBe(withExperiment);
    expect(removeExperiment(withExperiment, 0)).toBe(original);
  });
  it.each([
    ['start', '2026-12-05'],
    ['end', '2026-12-31'],
    ['winner', 'agendamento-oferta'],
    ['route', '/agendamento'],
  ] as const)('sets and clears %s in place', (key, value) => {
    const set = setExperimentField(withExperiment, 0, key, value);
    expect(readExperiments(set)[0]![key]).toBe(value);
    expectOnlyLines(withExperiment, set, 1);
    if (key !== 'route') {
      const cleared = setExperimentField(set, 0, key, undefined);
      expect(readExperiments(cleared)[0]![key]).toBeUndefined();
      expectOnlyLines(withExperiment, cleared, 1);
    }
  });
  it('adds and removes pages, and sets shares one node at a time', () => {
    const three = addVariant(withExperiment, 0, 'agendamento-b', [34, 33, 33]);
    expect(readExperiments(three)[0]!.variants).toEqual([
      { page: 'agendamento', weight: 34 },
      { page: 'agendamento-oferta', weight: 33 },
      { page: 'agendamento-b', weight: 33 },
    ]);
    const shares = setWeights(three, 0, [50, 25, 25]);
    const a = three.split('\n');
    const b = shares.split('\n');
    expect(b.length).toBe(a.length);
    expect(b.filter((line, i) => line !== a[i])).toEqual([
      '        weight: 50',
      '        weight: 25',
      '        weight: 25',
    ]);
    const back = removeVariant(shares, 0, 2, [50, 50]);
    expect(back).toBe(withExperiment);
  });
});

describe('shares', () => {
  it('always sum to 100, each at least 1, others keeping their proportions', () => {
    for (let n = 2; n <= 6; n++) {
      const start = equalShares(n);
      expect(start.reduce((s, w) => s + w, 0)).toBe(100);
      for (let j = 0; j < n; j++) {
        for (const value of [-5, 0, 1, 17, 50, 99, 100, 250]) {
          const next = rebalance(start, j, value);
          expect(next.reduce((s, w) => s + w, 0)).toBe(100);
          expect(Math.min(...next)).toBeGreaterThanOrEqual(1);
        }
      }
    }
    expect(rebalance([50, 50], 0, 70)).toEqual([70, 30]);
    expect(rebalance([20, 40, 40], 0, 60)).toEqual([60, 20, 20]);
  });
});

describe('the screens’ words', () => {
  const pages: PageInfo[] = [
    { page: 'agendamento', file: 'pages/agendamento.yaml', route: '/agendamento', title: 'Agendamento' },
    {
      page: 'agendamento-oferta',
      file: 'pages/agendamento-oferta.yaml',
      route: '/agendamento-oferta',
      title: null,
    },
  ];
  it('names each state: rascunho, agendado, no ar desde, encerrado', () => {
    const states = (saved: string, published: string | null, today: string) =>
      experimentSummaries(saved, published, pages, today, () => '2026-11-20').map((e) => [
        e.state,
        e.stateText,
        e.days,
      ]);
    expect(states(withExperiment, original, '2026-11-25')).toEqual([
      ['rascunho', 'rascunho: ainda não publicado', null],
    ]);
    expect(states(withExperiment, withExperiment, '2026-11-25')).toEqual([
      ['agendado', 'agendado: começa em 01/12/2026', null],
    ]);
    expect(states(withExperiment, withExperiment, '2026-12-03')).toEqual([
      ['no-ar', 'no ar desde 01/12/2026', 3],
    ]);
    const noStart = setExperimentField(withExperiment, 0, 'start', undefined);
    expect(states(noStart, noStart, '2026-11-25')).toEqual([['no-ar', 'no ar desde 20/11/2026', 6]]);
    const ended = setExperimentField(withExperiment, 0, 'winner', 'agendamento-oferta');
    expect(states(ended, ended, '2026-12-10')).toEqual([
      ['encerrado', 'encerrado: vencedora /agendamento-oferta', 10],
    ]);
    const over = setExperimentField(withExperiment, 0, 'end', '2026-12-07');
    expect(states(over, over, '2026-12-10')).toEqual([
      ['encerrado', 'encerrado em 07/12/2026, sem vencedora', 7],
    ]);
    const summary = experimentSummaries(withExperiment, withExperiment, pages, '2026-12-03', () => null)[0]!;
    expect(summary.pages.map((p) => [p.route, p.weight, p.baseline])).toEqual([
      ['/agendamento', 50, true],
      ['/agendamento-oferta', 50, false],
    ]);
  });
  it('proposes commit messages in words', () => {
    expect(describeSiteChange(original, withExperiment)).toBe(
      'Começa o experimento agendamento-oferta em /agendamento',
    );
    expect(
      describeSiteChange(
        withExperiment,
        setExperimentField(withExperiment, 0, 'winner', 'agendamento-oferta'),
      ),
    ).toBe('Encerra o experimento agendamento-oferta com a vencedora agendamento-oferta');
    expect(describeSiteChange(withExperiment, original)).toBe('Remove o experimento agendamento-oferta');
    expect(
      describeSiteChange(
        original,
        setSetting(setSetting(original, ['phone'], '5511912345678'), ['email'], 'a@b.com'),
      ),
    ).toBe('Muda o WhatsApp e o e-mail do site');
  });
});
