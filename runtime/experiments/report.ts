/**
 * The experiment report: a GA4 export (per variant, or per variant and day: visitors exposed,
 * visitors who converted, and the consent rate when the export has it) → per variant the rate
 * with its 95% interval, the uplift against the route's own page, the always-valid p-value of the
 * sequential test (sequential.ts), the chance to beat the original and the plain z-test as
 * information, the visitors still needed; the sample-ratio check against the weights; the days
 * one by one when the export has dates; and a verdict only when the evidence allows one (no SRM,
 * at least 7 days, and the sequential test decided on the side its always-valid interval lies:
 * decisions 0022 and 0035).
 */
import { chanceToBeat, rateInterval, sampleRatioMismatch, zTest, type Arm } from './stats.ts';
import { ALPHA, DEFAULT_MDE, MIN_DAYS, visitorsPerPage } from './plan.ts';
import {
  exactSequentialTest,
  type DifferenceInterval,
  type SequentialLook,
  type UpliftInterval,
} from './sequential.ts';
import { sequentialSrm } from './srm.ts';

export { ALPHA, DEFAULT_MDE, MIN_DAYS };
/**
 * A chance of beating the original this high (or this low) is worth a sentence on the screen; it
 * no longer decides anything (the sequential test does: decision 0022).
 */
export const WIN_CHANCE = 0.95;
export interface ExportRow {
  variant: string;
  visitors: number;
  conversions: number;
  /** 0–1, when the export has it. */
  consentRate?: number;
  /** The day (AAAA-MM-DD) when the export has one row per variant and day. */
  date?: string;
}

/** "2026-12-01" → "01/12/2026", as the report shows days. */
export const brDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export class ReportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportError';
  }
}

export interface ReportOptions {
  /** The variant that is the route's own page (the baseline). Default: the first row's. */
  control?: string;
  /** Traffic weights by variant (any scale). Default: equal. */
  weights?: Record<string, number>;
  /**
   * Days the experiment has run. Default: the days the export's dates span, when it has dates;
   * otherwise unknown, and no verdict.
   */
  days?: number;
  /** Minimum relative effect worth detecting (0.2 = 20%); also the sequential test's τ. */
  mde?: number;
  /** How the sentences name each variant (its page's address, "/agendamento-oferta"); default: its name. */
  labels?: Record<string, string>;
}

export interface VariantResult {
  variant: string;
  /** How the marketer knows it: its page's address when the experiment is declared, else `variant`. */
  label: string;
  control: boolean;
  weight: number;
  /** Totals over the export (summed over its days when it has dates). */
  visitors: number;
  conversions: number;
  rate: number;
  /** Wilson 95% interval of the rate. */
  rateLow: number;
  rateHigh: number;
  consentRate: number | null;
  /** Relative to the control's rate (0.4 = +40%); null for the control. */
  uplift: number | null;
  /** P(this variant's rate > the control's), exact; information only. Null for the control. */
  chanceToBeatControl: number | null;
  /** Two-sided z-test against the control, fixed-horizon (invalid when looked at daily); null for the control. */
  pValue: number | null;
  /**
   * The always-valid p-value against the control (the exact test of sequential.ts,
   * exactSequentialTest): the minimum over the export's days of 1/BF with the counts up to each
   * day, or 1/BF at the totals without dates. Null for the control.
   */
  sequentialP: number | null;
  /**
   * Always-valid interval for this variant's rate minus the control's, at the verdict's level
   * (1 − α / number of challengers), intersected over the looks; the verdict names a page only on
   * the side this interval lies on. Null for the control.
   */
  sequentialInterval: DifferenceInterval | null;
  /** The same always-valid interval, relative: rate / control's rate − 1 (high may be Infinity). */
  sequentialUplift: UpliftInterval | null;
  /** The rate's posterior with a uniform prior, Beta(alpha, beta) = Beta(1 + c, 1 + n − c). */
  posterior: { alpha: number; beta: number };
  /**
   * The visitors this page still needs for the sequential test to find `mde` at the control's rate
   * 80% of the time (plan.ts, with the Bonferroni split and the real shares); Infinity while the
   * control has no conversion.
   */
  visitorsStillNeeded: number;
}

export interface DailyVariant {
  variant: string;
  visitors: number;
  conversions: number;
  cumulativeVisitors: number;
  cumulativeConversions: number;
  /** cumulativeConversions / cumulativeVisitors (0 before the first visitor). */
  cumulativeRate: number;
}

export interface Report {
  control: string;
  days: number | null;
  mde: number;
  /** The verdict's false-winner rate (shared among the challengers). */
  alpha: number;
  /** The rule, in one Portuguese sentence for the screen. */
  method: string;
  /**
   * The page furthest from its sample: its visitors against the visitors it needs for the
   * sequential test to find `mde` at the control's rate 80% of the time (plan.ts: Bonferroni split,
   * real shares; Infinity, null in JSON, while the control has no conversion); fraction capped at 1.
   */
  progress: { variant: string; visitors: number; needed: number; fraction: number };
  variants: VariantResult[];
  /** Day by day, oldest first, when the export has dates (every variant on every day); else null. */
  daily: { date: string; variants: DailyVariant[] }[] | null;
  /**
   * The sample-ratio check, same order as `variants`: `p` is the anytime-valid p-value of the
   * sequential test (srm.ts), valid however often the report is looked at; `flagged` when p ≤
   * `level`, and then no verdict. `chi2` is the fixed-horizon χ² of the totals, information only.
   */
  srm: {
    flagged: boolean;
    p: number;
    level: number;
    chi2: number;
    observed: number[];
    expectedShares: number[];
  };
  /** Reasons there is no verdict yet (empty when there is one). */
  noVerdict: string[];
  verdict: { kind: 'winner'; variant: string } | { kind: 'control-wins' } | { kind: 'undecided' } | null;
  /** Portuguese sentences: the verdict or why there is none, and what the numbers cover. */
  summary: string[];
}

const pct = (x: number, digits = 1) =>
  `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
const int = (x: number) => Math.round(x).toLocaleString('pt-BR');
/** A chance, never shown as a certainty: "97,0%", "mais de 99,9%", "menos de 0,1%". */
const chance = (x: number) => (x > 0.999 ? 'mais de 99,9%' : x < 0.001 ? 'menos de 0,1%' : pct(x));
const decimal = (x: number, digits: number) => x.toFixed(digits).replace('.', ',');
const significant = (x: number) => x.toPrecision(3).replace('.', ',');
/** A p-value in the table: "0,0597", "<0,0001". */
const pCell = (p: number) => (p < 0.0001 ? '<0,0001' : decimal(p, 4));
const signed = (x: number) => `${x >= 0 ? '+' : ''}${pct(x)}`;

/** Whole days from `first` to `last` (AAAA-MM-DD), both counted. */
const daySpan = (first: string, last: string) =>
  Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;

interface Totals {
  variant: string;
  visitors: number;
  conversions: number;
  consentRate: number | null;
}

/** Per variant, in the order of first appearance: the sums, and the consent rate weighted by visitors. */
function totalsOf(rows: readonly ExportRow[]): Totals[] {
  const byVariant = new Map<string, ExportRow[]>();
  for (const row of rows) {
    const list = byVariant.get(row.variant);
    if (list) list.push(row);
    else byVariant.set(row.variant, [row]);
  }
  return [...byVariant].map(([variant, list]) => {
    const visitors = list.reduce((s, r) => s + r.visitors, 0);
    const consent = list.filter((r) => r.consentRate !== undefined);
    const consentVisitors = consent.reduce((s, r) => s + r.visitors, 0);
    return {
      variant,
      visitors,
      conversions: list.reduce((s, r) => s + r.conversions, 0),
      consentRate:
        consent.length === 0
          ? null
          : consent.length === 1 || !(consentVisitors > 0)
            ? consent[0]!.consentRate!
            : consent.reduce((s, r) => s + r.consentRate! * r.visitors, 0) / consentVisitors,
    };
  });
}

/** Day by day, every variant on every day (0 when absent), with the cumulative counts. */
function dailyOf(rows: readonly ExportRow[], variants: readonly string[]): NonNullable<Report['daily']> {
  const dates = [...new Set(rows.map((r) => r.date!))].sort();
  const cell = new Map(rows.map((r) => [`${r.variant}\u0000${r.date}`, r]));
  const cumulative = new Map(variants.map((v) => [v, { visitors: 0, conversions: 0 }]));
  return dates.map((date) => ({
    date,
    variants: variants.map((variant) => {
      const row = cell.get(`${variant}\u0000${date}`);
      const sum = cumulative.get(variant)!;
      sum.visitors += row?.visitors ?? 0;
      sum.conversions += row?.conversions ?? 0;
      return {
        variant,
        visitors: row?.visitors ?? 0,
        conversions: row?.conversions ?? 0,
        cumulativeVisitors: sum.visitors,
        cumulativeConversions: sum.conversions,
        cumulativeRate: sum.visitors > 0 ? sum.conversions / sum.visitors : 0,
      };
    }),
  }));
}

export function buildReport(rows: ExportRow[], options: ReportOptions = {}): Report {
  const mde = options.mde ?? DEFAULT_MDE;
  if (rows.length === 0) throw new ReportError('A exportação não tem nenhuma variante.');
  const dated = rows.filter((r) => r.date !== undefined).length;
  if (dated > 0 && dated < rows.length) {
    throw new ReportError('A exportação mistura linhas com data e sem data: use uma ou outra.');
  }
  const totals = totalsOf(rows);
  const controlName = options.control ?? rows[0]!.variant;
  const control = totals.find((r) => r.variant === controlName);
  if (!control) {
    throw new ReportError(
      `A página original "${controlName}" não está na exportação (variantes: ${totals.map((r) => r.variant).join(', ')}).`,
    );
  }
  const weights = totals.map((r) => options.weights?.[r.variant] ?? (options.weights ? NaN : 1));
  totals.forEach((r, i) => {
    if (!Number.isFinite(weights[i])) {
      throw new ReportError(`A variante ${r.variant} da exportação não tem peso no experimento.`);
    }
  });
  const daily =
    dated > 0
      ? dailyOf(
          rows,
          totals.map((t) => t.variant),
        )
      : null;
  const days =
    options.days ?? (daily && daily.length > 0 ? daySpan(daily[0]!.date, daily.at(-1)!.date) : undefined);

  const challengerCount = totals.length - 1;
  const threshold = ALPHA / Math.max(1, challengerCount);
  const arm = (r: { visitors: number; conversions: number }): Arm => ({ n: r.visitors, c: r.conversions });
  /** The looks the sequential test sees: the cumulative counts at the end of each day, or the totals. */
  const looks = (variant: string): SequentialLook[] =>
    daily
      ? daily.map((day) => {
          const of = (name: string) => {
            const v = day.variants.find((d) => d.variant === name)!;
            return { n: v.cumulativeVisitors, c: v.cumulativeConversions };
          };
          return { control: of(control.variant), variant: of(variant) };
        })
      : [{ control: arm(control), variant: arm(totals.find((t) => t.variant === variant)!) }];

  const controlRate = control.visitors > 0 ? control.conversions / control.visitors : 0;
  // The control first, as plan.ts takes the shares.
  const order = [totals.indexOf(control), ...totals.map((_, i) => i).filter((i) => totals[i] !== control)];
  const neededInOrder = visitorsPerPage(
    controlRate,
    order.map((i) => weights[i]!),
    mde,
  );
  const needed = totals.map((_, i) => neededInOrder[order.indexOf(i)]!);
  const variants = totals.map((r, i): VariantResult => {
    const interval = rateInterval(arm(r));
    const isControl = r === control;
    const test = isControl ? undefined : zTest(arm(control), arm(r));
    const sequential = isControl
      ? undefined
      : exactSequentialTest(looks(r.variant), {
          mde,
          alpha: threshold,
          weights: { control: weights[totals.indexOf(control)]!, variant: weights[i]! },
        });
    return {
      variant: r.variant,
      label: options.labels?.[r.variant] ?? r.variant,
      control: isControl,
      weight: weights[i]!,
      visitors: r.visitors,
      conversions: r.conversions,
      rate: interval.rate,
      rateLow: interval.low,
      rateHigh: interval.high,
      consentRate: r.consentRate,
      uplift: isControl || !(controlRate > 0) ? null : interval.rate / controlRate - 1,
      chanceToBeatControl: isControl ? null : chanceToBeat(arm(control), arm(r)),
      pValue: test ? test.p : null,
      sequentialP: sequential ? sequential.p : null,
      sequentialInterval: sequential ? sequential.interval : null,
      sequentialUplift: sequential ? sequential.uplift : null,
      posterior: { alpha: 1 + r.conversions, beta: 1 + r.visitors - r.conversions },
      visitorsStillNeeded: Number.isFinite(needed[i]!) ? Math.max(0, needed[i]! - r.visitors) : Infinity,
    };
  });
  const observed = totals.map((r) => r.visitors);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  const sequentialSplit = sequentialSrm(
    daily ? daily.map((day) => day.variants.map((v) => v.cumulativeVisitors)) : [observed],
    weights,
  );
  const srm: Report['srm'] = {
    flagged: sequentialSplit.flagged,
    p: sequentialSplit.p,
    level: sequentialSplit.level,
    chi2: sampleRatioMismatch(observed, weights).chi2,
    observed,
    expectedShares: weights.map((w) => (weightSum > 0 ? w / weightSum : 0)),
  };
  const fractions = variants.map((v, i) =>
    Number.isFinite(needed[i]!) && needed[i]! > 0 ? Math.min(1, v.visitors / needed[i]!) : 0,
  );
  const furthest = fractions.indexOf(Math.min(...fractions));
  const progress = {
    variant: variants[furthest]!.variant,
    visitors: variants[furthest]!.visitors,
    needed: needed[furthest]!,
    fraction: fractions[furthest]!,
  };

  const controlLabel = options.labels?.[control.variant] ?? control.variant;
  const noVerdict: string[] = [];
  if (srm.flagged) {
    noVerdict.push(
      'a divisão dos visitantes entre as páginas não bate com as partes combinadas: algo perde ou duplica visitantes de uma das páginas (um redirecionamento, o cache, um bloqueio da medição). Os números não são confiáveis até isso ser corrigido.',
    );
  }
  if (days === undefined) {
    noVerdict.push(
      'não sei há quantos dias o experimento roda: informe a data de início (start no experimento, ou --start AAAA-MM-DD na linha de comando) ou use uma exportação por dia.',
    );
  } else if (days < MIN_DAYS) {
    noVerdict.push(
      `o experimento roda há ${days} ${days === 1 ? 'dia' : 'dias'}; espere ao menos ${MIN_DAYS} (o comportamento muda com o dia da semana).`,
    );
  }

  let verdict: Report['verdict'] = null;
  const summary: string[] = [];
  const challengers = variants.filter((v) => !v.control);
  // A page is named only on the side its always-valid interval lies on, and only when today's
  // rates say the same: a verdict can never contradict the report's own numbers (decision 0035).
  const better = (v: VariantResult) =>
    v.sequentialInterval !== null && v.sequentialInterval.low > 0 && v.rate > controlRate;
  const worse = (v: VariantResult) =>
    v.sequentialInterval !== null && v.sequentialInterval.high < 0 && v.rate < controlRate;
  const level = String(Number(threshold.toPrecision(3))).replace('.', ',');
  if (noVerdict.length > 0) {
    summary.push('Ainda sem veredito:');
    for (const reason of noVerdict) summary.push(`- ${reason}`);
  } else {
    const winners = challengers.filter(better).sort((a, b) => b.rate - a.rate);
    const best = winners[0];
    if (best) {
      verdict = { kind: 'winner', variant: best.variant };
      const odds =
        best.chanceToBeatControl === null
          ? ''
          : `; chance de superar a original: ${chance(best.chanceToBeatControl)}`;
      summary.push(
        `Vencedora: ${best.label}, com ${signed(best.uplift!)} de conversas em relação a ${controlLabel}. A diferença vale mesmo olhando os resultados todo dia (p sequencial ${best.sequentialP! < 0.0001 ? '< 0,0001' : `${decimal(best.sequentialP!, 4)} ≤ ${level}`})${odds}.`,
      );
      if (winners.length > 1) {
        summary.push(
          `Também superam a original: ${winners
            .slice(1)
            .map((v) => `${v.label} (${signed(v.uplift!)})`)
            .join(', ')}; ${best.label} tem a maior taxa.`,
        );
      }
      summary.push(
        `Para encerrar, use “Encerrar com a vencedora” no Estúdio (ou ponha em winner, no experimento em pages/_site.yaml, o nome da página ${best.label}).`,
      );
    } else if (challengers.length > 0 && challengers.every(worse)) {
      verdict = { kind: 'control-wins' };
      summary.push(
        `A página original (${controlLabel}) vence: ${challengers.length === 1 ? 'a variante traz' : 'todas as variantes trazem'} menos conversas, e a diferença vale mesmo olhando os resultados todo dia (p sequencial ≤ ${level}).`,
      );
    } else {
      verdict = { kind: 'undecided' };
      const more = variants.reduce((sum, v) => sum + v.visitorsStillNeeded, 0);
      summary.push(
        Number.isFinite(more) && more > 0
          ? `Ainda sem vencedor claro: faltam cerca de ${int(more)} visitantes no experimento (todas as páginas juntas) para enxergar uma mudança de ${pct(mde, 0)}.`
          : Number.isFinite(more)
            ? `Ainda sem vencedor claro: a diferença entre as páginas, se existe, deve ser menor que ${pct(mde, 0)}.`
            : `Ainda sem vencedor claro: ${controlLabel} ainda não teve conversões, não dá para estimar quantos visitantes faltam.`,
      );
      const leaning = challengers.filter(
        (v) =>
          v.chanceToBeatControl !== null &&
          (v.chanceToBeatControl >= WIN_CHANCE || v.chanceToBeatControl <= 1 - WIN_CHANCE),
      );
      if (leaning.length > 0) {
        summary.push(
          `${leaning.map((v) => `${v.label} tem ${chance(v.chanceToBeatControl!)} de chance de superar a original`).join('; ')}, mas quem olha os resultados todo dia precisa de mais evidência que isso (p sequencial acima de ${level}).`,
        );
      }
    }
  }
  const consent = variants.filter((v) => v.consentRate !== null);
  if (consent.length > 0) {
    summary.push(
      `Os números cobrem só quem aceitou a medição (consentimento: ${consent.map((v) => `${v.label} ${pct(v.consentRate!, 0)}`).join(', ')}).`,
    );
  }
  const method =
    challengerCount > 1
      ? `Teste sequencial exato: pode ser consultado todo dia; uma variante vence quando seu p sequencial contra a original é ≤ ${level} (${decimal(ALPHA, 2)} dividido entre as ${challengerCount} variantes) e seu intervalo fica todo acima de zero.`
      : `Teste sequencial exato: pode ser consultado todo dia; a variante vence quando seu p sequencial contra a original é ≤ ${level} e seu intervalo fica todo acima de zero.`;
  return {
    control: control.variant,
    days: days ?? null,
    mde,
    alpha: ALPHA,
    method,
    progress,
    variants,
    daily,
    srm,
    noVerdict,
    verdict,
    summary,
  };
}

/** The report as text for a terminal, in Portuguese. */
export function formatReport(report: Report): string {
  const head = [
    'variante',
    'peso',
    'visitantes',
    'conversões',
    'taxa (IC 95%)',
    'vs. original',
    'chance de superar',
    'p (teste z)',
    'p sequencial',
    'faltam',
  ];
  const total = report.variants.reduce((s, v) => s + v.weight, 0);
  const rows = report.variants.map((v) => [
    v.control ? `${v.label} (original)` : v.label,
    pct(v.weight / total, 0),
    int(v.visitors),
    int(v.conversions),
    `${pct(v.rate, 2)} (${pct(v.rateLow, 2)}–${pct(v.rateHigh, 2)})`,
    v.uplift === null ? '—' : signed(v.uplift),
    v.chanceToBeatControl === null
      ? '—'
      : chance(v.chanceToBeatControl).replace('mais de ', '>').replace('menos de ', '<'),
    v.pValue === null ? '—' : pCell(v.pValue),
    v.sequentialP === null ? '—' : pCell(v.sequentialP),
    Number.isFinite(v.visitorsStillNeeded) ? int(v.visitorsStillNeeded) : '—',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const srm = `Divisão dos visitantes (SRM, teste sequencial): p = ${significant(report.srm.p)} (alerta se ≤ ${decimal(report.srm.level, 2)}) ${report.srm.flagged ? '✗ não bate com os pesos' : '✓ de acordo com os pesos'}; χ² dos totais = ${decimal(report.srm.chi2, 2)}.`;
  const days =
    report.days === null ? 'duração desconhecida' : `${report.days} ${report.days === 1 ? 'dia' : 'dias'}`;
  const { progress } = report;
  const progressLine = Number.isFinite(progress.needed)
    ? `Progresso: ${int(progress.visitors)} de ${int(progress.needed)} visitantes em ${report.variants.find((v) => v.variant === progress.variant)?.label ?? progress.variant} (${pct(progress.fraction, 0)}) para enxergar uma mudança de ${pct(report.mde, 0)}.`
    : 'Progresso: a página original ainda não teve conversões, não dá para estimar quantos visitantes faltam.';
  const daily = report.daily;
  const dailyLine =
    daily && daily.length > 0
      ? `Exportação diária: ${daily.length} ${daily.length === 1 ? 'dia' : 'dias'}, de ${brDay(daily[0]!.date)} a ${brDay(daily.at(-1)!.date)}; o p sequencial acompanha os dias um a um.`
      : undefined;
  return [
    `Experimento: original ${report.control}; ${days}; efeito mínimo de interesse ${pct(report.mde, 0)}.`,
    ...(dailyLine ? [dailyLine] : []),
    '',
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    srm,
    progressLine,
    report.method,
    '',
    ...report.summary,
    '',
  ].join('\n');
}
