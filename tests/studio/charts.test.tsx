// @vitest-environment jsdom
/**
 * The experiment charts of the Estúdio (studio/app/screens/experimentos/charts.tsx) on the fixture of
 * ../shared/docs/experiments.md (1000/50 against 1000/70): the reading in the caption, the
 * numbers in the table, axe, the sizes once measured, and no NaN whatever the input.
 */
import { act, cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateInterval } from '../../runtime/experiments/index.ts';
import {
  CumulativeChart,
  PosteriorChart,
  RateChart,
  type ChartArm,
  type ChartDay,
} from '../../studio/app/screens/experimentos/charts.tsx';
import { colors } from '../../design/theme.ts';
import { expectNoAxeViolations } from '../helpers/axe.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function arm(name: string, visitors: number, conversions: number, extra: Partial<ChartArm> = {}): ChartArm {
  const { rate, low, high } = rateInterval({ n: visitors, c: conversions });
  return {
    name,
    label: name,
    control: false,
    visitors,
    conversions,
    rate,
    low,
    high,
    posterior: { alpha: 1 + conversions, beta: 1 + visitors - conversions },
    ...extra,
  };
}

const fixture: ChartArm[] = [
  arm('agendamento', 1000, 50, { control: true }),
  arm('agendamento-oferta', 1000, 70),
];

/** 14 days, 1–14 December 2025, adding up to the fixture on the last day. */
const fixtureDays: ChartDay[] = Array.from({ length: 14 }, (_, i) => {
  const share = (i + 1) / 14;
  const visitors = Math.round(1000 * share);
  return {
    date: `2025-12-${String(i + 1).padStart(2, '0')}`,
    variants: [
      {
        variant: 'agendamento',
        cumulativeVisitors: visitors,
        cumulativeRate: 0.05 + 0.01 * Math.sin(i) * (1 - share),
      },
      {
        variant: 'agendamento-oferta',
        cumulativeVisitors: visitors,
        cumulativeRate: 0.07 - 0.015 * Math.cos(i) * (1 - share),
      },
    ],
  };
});

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Every attribute of every element under `root` that holds NaN or Infinity. */
function badAttributes(root: Element): string[] {
  return [root, ...root.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes]
      .filter((a) => /NaN|Infinity|undefined/.test(a.value))
      .map((a) => `<${el.tagName.toLowerCase()} ${a.name}="${a.value}">`),
  );
}

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const charts = [
  ['RateChart', (arms: ChartArm[]) => <RateChart arms={arms} />],
  ['PosteriorChart', (arms: ChartArm[]) => <PosteriorChart arms={arms} />],
  [
    'CumulativeChart',
    (arms: ChartArm[], days: ChartDay[] = fixtureDays) => <CumulativeChart arms={arms} days={days} />,
  ],
] as const;

describe('RateChart', () => {
  it('reads the result in one plain sentence, the variant first', () => {
    const { container } = render(<RateChart arms={fixture} />);
    expect(text(container.querySelector('figure > figcaption'))).toBe(
      'A variante agendamento-oferta converte 7,0% (5,6%–8,8%); a original (agendamento), 5,0% (3,8%–6,5%).',
    );
  });

  it('is an image named by its title and described, with the numbers in a table', () => {
    const { container } = render(<RateChart arms={fixture} />);
    const svg = container.querySelector('svg[role="img"]')!;
    const [titleId, descId] = svg.getAttribute('aria-labelledby')!.split(' ');
    expect(container.ownerDocument.getElementById(titleId!)!.tagName.toLowerCase()).toBe('title');
    expect(container.ownerDocument.getElementById(descId!)!.tagName.toLowerCase()).toBe('desc');
    expect(text(svg.querySelector('desc'))).toContain(
      'A linha tracejada vertical marca a taxa da original, 5,0%.',
    );

    const details = container.querySelector('details')!;
    expect(text(details.querySelector('summary'))).toBe('Ver os números');
    const rows = [...details.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((cell) => text(cell)),
    );
    expect(rows).toEqual([
      ['agendamento (original)', '1.000', '50', '5,0%', '3,8%–6,5%'],
      ['agendamento-oferta', '1.000', '70', '7,0%', '5,6%–8,8%'],
    ]);
  });

  it("draws the original's rate as a labelled reference line", () => {
    const { container } = render(<RateChart arms={fixture} />);
    const reference = container.querySelector('[data-reference="original"]')!;
    expect(text(reference)).toBe('original: 5,0%');
    expect(reference.querySelector('line')!.getAttribute('stroke-dasharray')).toBeTruthy();
  });

  it('names the best variant and sums up the others past two, so that the caption stays short', () => {
    const arms = [
      arm('agendamento', 4000, 200, { control: true }),
      ...[260, 215, 190, 240].map((c, i) => arm(`v${i + 1}`, 4000, c)),
    ];
    const { container } = render(<RateChart arms={arms} />);
    expect(text(container.querySelector('figcaption'))).toBe(
      'A variante v1 converte 6,5% (5,8%–7,3%); a original (agendamento), 5,0% (4,4%–5,7%); as outras 3 variantes, entre 4,8% e 6,0%.',
    );
    // Every page still in the description and the table.
    expect(text(container.querySelector('desc'))).toContain('A variante v3: 4,8% (4,1%–5,5%).');
    expect(container.querySelectorAll('tbody tr')).toHaveLength(5);
  });

  it('shows as many decimals as millions of visitors need', () => {
    const arms = [
      arm('a', 20_000_000, 1_000_000, { control: true, label: 'Original' }),
      arm('b', 20_000_000, 1_004_000),
    ];
    const { container } = render(<RateChart arms={arms} />);
    expect(text(container.querySelector('figcaption'))).toBe(
      'A variante b converte 5,02% (5,01%–5,03%); a original, 5,00% (4,99%–5,01%).',
    );
  });

  it('says "a original" alone when the label is already "Original", and handles no visitors', () => {
    const arms = [arm('a', 0, 0, { control: true, label: 'Original' }), arm('b', 0, 0, { label: 'Oferta' })];
    const { container } = render(<RateChart arms={arms} />);
    expect(text(container.querySelector('figcaption'))).toBe(
      'A variante Oferta ainda não tem visitantes; a original ainda não tem visitantes.',
    );
  });
});

describe('PosteriorChart', () => {
  it('reads where each rate probably is, with a 95% range per page in the table', () => {
    const { container } = render(<PosteriorChart arms={fixture} />);
    expect(text(container.querySelector('figcaption'))).toBe(
      'Onde a taxa de cada página provavelmente está: a variante agendamento-oferta, perto de 7,1%; a original (agendamento), perto de 5,1%. Quanto mais estreita a curva, maior a certeza.',
    );
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((c) => text(c)),
    );
    // Beta(51, 951): mean 5,09%, 95% between 3,817% and 6,533%; Beta(71, 931): 7,09%, 5,581%–8,753%.
    expect(rows).toEqual([
      ['agendamento (original)', '5,1%', '3,8%–6,5%', 'Beta(51; 951)'],
      ['agendamento-oferta', '7,1%', '5,6%–8,8%', 'Beta(71; 931)'],
    ]);
  });

  it('scales the curves together: the tallest reaches the top, the other stays lower', () => {
    const { container } = render(<PosteriorChart arms={fixture} />);
    const peakY = (name: string) => {
      const d = container.querySelector(`[data-arm="${name}"] path[fill="none"]`)!.getAttribute('d')!;
      return Math.min(...[...d.matchAll(/[\d.]+,([\d.]+)/g)].map((m) => Number(m[1])));
    };
    const control = peakY('agendamento');
    const variant = peakY('agendamento-oferta');
    // The original has the smaller spread (5% against 7% at the same n): its curve is the taller.
    expect(control).toBeLessThan(variant);
    // The top of the plot, under the room kept for the direct labels.
    expect(control).toBeCloseTo(34, 0);
    expect(variant).toBeGreaterThan(34 + 10);
  });

  it('samples about 120 points per curve, in %', () => {
    const { container } = render(<PosteriorChart arms={fixture} />);
    const d = container.querySelector('[data-arm="agendamento"] path[fill="none"]')!.getAttribute('d')!;
    expect(d.split('L')).toHaveLength(120);
    const ticks = [...container.querySelectorAll('svg text')].map((t) => text(t)).filter((t) => /%$/.test(t));
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    for (const tick of ticks) expect(tick).toMatch(/^\d+(,\d+)?%$/);
  });
});

describe('CumulativeChart', () => {
  it('reads the last day and how often the variant led, with dates as dd/mm', () => {
    const { container } = render(<CumulativeChart arms={fixture} days={fixtureDays} />);
    const caption = text(container.querySelector('figcaption'));
    expect(caption).toMatch(
      /^Taxa acumulada de 01\/12 a 14\/12, no último dia: a variante agendamento-oferta, 7,\d% \(à frente da original em \d+ de 14 dias\); a original \(agendamento\), 5,\d%\.$/,
    );
    const svgTexts = [...container.querySelectorAll('svg text')].map((t) => text(t));
    expect(svgTexts).toContain('01/12');
    expect(svgTexts).toContain('14/12');
    const rows = container.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(14);
    expect(text(rows[13]!.querySelector('th'))).toBe('14/12/2025');
    expect(text(rows[13]!.querySelectorAll('td')[0])).toMatch(/^5,\d% \(1\.000\)$/);
  });

  it('draws one line per page, the original dashed', () => {
    const { container } = render(<CumulativeChart arms={fixture} days={fixtureDays} />);
    const control = container.querySelector('[data-arm="agendamento"] path')!;
    const variant = container.querySelector('[data-arm="agendamento-oferta"] path')!;
    expect(control.getAttribute('stroke-dasharray')).toBe('6 4');
    expect(variant.getAttribute('stroke-dasharray')).toBeNull();
    expect(control.getAttribute('stroke')).not.toBe(variant.getAttribute('stroke'));
  });
});

describe('every chart', () => {
  it.each(charts)('%s is axe clean, table closed and open', async (_, chart) => {
    const { container } = render(chart(fixture));
    await expectNoAxeViolations(container);
    container.querySelector('details')!.open = true;
    await expectNoAxeViolations(container);
  });

  it.each(charts)('%s is a figure with its caption and a text alternative', (_, chart) => {
    const { container } = render(chart(fixture));
    const figure = container.querySelector('figure')!;
    expect(figure.querySelector(':scope > figcaption')).toBeTruthy();
    const svg = within(figure).getByRole('img');
    expect(svg.getAttribute('aria-labelledby')!.split(' ')).toHaveLength(2);
    expect(figure.querySelector('details > summary')).toBeTruthy();
    expect(figure.querySelector('details table th[scope="col"]')).toBeTruthy();
  });

  it.each(charts)(
    '%s gives each page a colour of at least 3:1 on white, the original another',
    (_, chart) => {
      const arms = [
        arm('a', 1000, 50, { control: true }),
        ...['b', 'c', 'd', 'e', 'f'].map((n, i) => arm(n, 1000, 55 + i * 5)),
      ];
      const days: ChartDay[] = [1, 2].map((d) => ({
        date: `2025-12-0${d}`,
        variants: arms.map((a) => ({ variant: a.name, cumulativeRate: a.rate, cumulativeVisitors: 500 * d })),
      }));
      const { container } = render(chart(arms, days));
      const strokes = arms.map((a) => {
        const el = container.querySelector(
          `[data-arm="${a.name}"] [stroke]:not([stroke="${colors.white}"]):not([stroke="none"])`,
        )!;
        return el.getAttribute('stroke')!;
      });
      expect(new Set(strokes).size).toBe(arms.length);
      for (const stroke of strokes) expect(contrast(stroke, colors.white)).toBeGreaterThanOrEqual(3);
    },
  );

  it.each(charts)('%s is as wide as its box once measured, and no text is under 12 px', (_, chart) => {
    let report: ((width: number) => void) | undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: (entries: { contentRect: { width: number } }[]) => void) {
          report = (width) => callback([{ contentRect: { width } }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    const { container } = render(chart(fixture));
    const svg = container.querySelector('svg[role="img"]')!;
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 640 /);
    act(() => report!(343));
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 343 /);
    const sizes = [...svg.querySelectorAll('[font-size]')].map((el) => Number(el.getAttribute('font-size')));
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(12);
    act(() => report!(1200));
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 1200 /);
    expect(badAttributes(container)).toEqual([]);
  });

  const degenerate: [string, ChartArm[], ChartDay[]][] = [
    ['no conversions', [arm('a', 1000, 0, { control: true }), arm('b', 1000, 0)], fixtureDays],
    ['no visitors', [arm('a', 0, 0, { control: true }), arm('b', 0, 0)], []],
    [
      'a zero-width interval',
      [
        { ...arm('a', 1000, 50, { control: true }), low: 0.05, high: 0.05 },
        { ...arm('b', 1000, 50), low: 0.05, high: 0.05 },
      ],
      [fixtureDays[0]!],
    ],
    [
      'millions of visitors',
      [arm('a', 50_000_000, 2_500_000, { control: true }), arm('b', 50_000_000, 2_510_000), arm('c', 100, 3)],
      fixtureDays,
    ],
    [
      'six pages, no original, odd posteriors',
      ['a', 'b', 'c', 'd', 'e', 'f'].map((n, i) =>
        arm(n, 100 * (i + 1), i, i === 5 ? { posterior: { alpha: NaN, beta: 0 } } : {}),
      ),
      [{ date: 'amanhã', variants: [{ variant: 'a', cumulativeRate: NaN, cumulativeVisitors: NaN }] }],
    ],
    ['no pages', [], []],
    [
      'a day missing a page, days out of order',
      fixture,
      [fixtureDays[3]!, { date: '2025-12-02', variants: [] }, fixtureDays[0]!],
    ],
  ];

  it.each(degenerate)('draws %s without NaN anywhere', (_, arms, days) => {
    for (const [, chart] of charts) {
      for (const width of [343, 1200]) {
        let report: ((width: number) => void) | undefined;
        vi.stubGlobal(
          'ResizeObserver',
          class {
            constructor(callback: (entries: { contentRect: { width: number } }[]) => void) {
              report = (w) => callback([{ contentRect: { width: w } }]);
            }
            observe() {}
            disconnect() {}
          },
        );
        const { container, unmount } = render(chart(arms, days));
        act(() => report!(width));
        expect(badAttributes(container)).toEqual([]);
        expect(text(container)).not.toMatch(/NaN|Infinity|undefined/);
        unmount();
      }
    }
  });
});
