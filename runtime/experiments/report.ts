/**
 * The experiment report: a GA4 export (one row per variant: visitors exposed, visitors who
 * converted, and the consent rate when the export has it) → per variant the rate with its 95%
 * interval, the uplift against the route's own page, the chance to beat it, the z-test p-value,
 * the visitors still needed; the sample-ratio check against the weights; and a verdict only when
 * the evidence allows one (no SRM, at least 7 days, at least 150 conversions per variant).
 */
import { parse } from 'csv-parse/sync';
import {
  chanceToBeat,
  rateInterval,
  sampleRatioMismatch,
  sampleSizePerArm,
  SRM_P,
  zTest,
  type Arm,
} from './stats.ts';

/** No verdict before this many days (day-of-week effects) … */
export const MIN_DAYS = 7;
/** … nor below this many conversions in any variant (GrowthBook's threshold). */
export const MIN_CONVERSIONS = 150;
/** A variant wins (or loses) at this chance of beating the route's own page (or 1 − it). */
export const WIN_CHANCE = 0.95;
/** The smallest effect the marketer cares about, relative: 20%. */
export const DEFAULT_MDE = 0.2;

export interface ExportRow {
  variant: string;
  visitors: number;
  conversions: number;
  /** 0–1, when the export has it. */
  consentRate?: number;
}

export class ReportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportError';
  }
}

const COLUMNS = {
  variant: ['variant', 'variante', 'exp_variant_string', 'experience variant', 'variação', 'variacao'],
  visitors: [
    'visitors',
    'visitantes',
    'exposed visitors',
    'visitantes expostos',
    'users',
    'usuários',
    'usuarios',
    'exposed users',
  ],
  conversions: [
    'conversions',
    'conversões',
    'conversoes',
    'converting visitors',
    'converting users',
    'visitantes que converteram',
    'usuários que converteram',
  ],
  consentRate: ['consent rate', 'consent_rate', 'taxa de consentimento', 'consentimento'],
} as const;

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .replace(/^"|"$/g, '');

/** "1.234" or "1,234" (thousands) or "1234" → 1234; "62%" or "0,62" or "0.62" → 0.62 for rates. */
function number(text: string, where: string, rate = false): number {
  const raw = text.trim().replace(/\s/g, '');
  const percent = raw.endsWith('%');
  let body = percent ? raw.slice(0, -1) : raw;
  if (/^\d{1,3}([.,]\d{3})+$/.test(body) && !rate) body = body.replace(/[.,]/g, '');
  else body = body.replace(',', '.');
  const value = Number(body);
  if (body === '' || !Number.isFinite(value) || value < 0) {
    throw new ReportError(`${where}: "${text}" não é um número.`);
  }
  return percent || (rate && value > 1) ? value / 100 : value;
}

/**
 * The rows of a GA4 export in CSV: comment lines (GA4 starts its files with "# …") and blank
 * lines skipped, the header recognised in English or Portuguese, a "Total" row ignored.
 */
export function parseExport(text: string, file = 'exportação'): ExportRow[] {
  let records: string[][];
  try {
    records = parse(text, {
      comment: '#',
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      bom: true,
      delimiter: text.includes(';') && !text.includes(',') ? ';' : [',', ';', '\t'],
    }) as string[][];
  } catch (error) {
    throw new ReportError(`${file}: o CSV não pôde ser lido (${(error as Error).message}).`);
  }
  const [header, ...rows] = records;
  if (!header) throw new ReportError(`${file}: o arquivo está vazio.`);
  const names = header.map(normalise);
  const find = (aliases: readonly string[]) => names.findIndex((n) => aliases.map(normalise).includes(n));
  const at = {
    variant: find(COLUMNS.variant),
    visitors: find(COLUMNS.visitors),
    conversions: find(COLUMNS.conversions),
    consentRate: find(COLUMNS.consentRate),
  };
  const missing = (['variant', 'visitors', 'conversions'] as const).filter((k) => at[k] < 0);
  if (missing.length > 0) {
    const expected = missing.map((k) => `"${COLUMNS[k][1]}" (ou "${COLUMNS[k][0]}")`).join(', ');
    throw new ReportError(
      `${file}:1: faltam as colunas ${expected}. Colunas encontradas: ${header.map((h) => `"${h}"`).join(', ')}.`,
    );
  }
  const out: ExportRow[] = [];
  rows.forEach((cells, i) => {
    const line = i + 2;
    const variant = (cells[at.variant] ?? '').trim();
    if (variant === '' || /^(total|totais|totals)$/i.test(variant)) return;
    const where = `${file}:${line}`;
    const row: ExportRow = {
      variant,
      visitors: number(cells[at.visitors] ?? '', `${where} (visitantes)`),
      conversions: number(cells[at.conversions] ?? '', `${where} (conversões)`),
    };
    if (at.consentRate >= 0 && (cells[at.consentRate] ?? '').trim() !== '') {
      row.consentRate = number(cells[at.consentRate]!, `${where} (consentimento)`, true);
    }
    if (row.conversions > row.visitors) {
      throw new ReportError(
        `${where}: ${variant} tem mais conversões (${row.conversions}) que visitantes (${row.visitors}).`,
      );
    }
    if (out.some((r) => r.variant === variant))
      throw new ReportError(`${where}: a variante ${variant} aparece duas vezes.`);
    out.push(row);
  });
  if (out.length < 2)
    throw new ReportError(
      `${file}: são precisas ao menos duas variantes (a página original e uma variante).`,
    );
  return out;
}

export interface ReportOptions {
  /** The variant that is the route's own page (the baseline). Default: the first row. */
  control?: string;
  /** Traffic weights by variant (any scale). Default: equal. */
  weights?: Record<string, number>;
  /** Days the experiment has run (undefined: unknown, no verdict). */
  days?: number;
  /** Minimum relative effect worth detecting (0.2 = 20%). */
  mde?: number;
}

export interface VariantResult {
  variant: string;
  control: boolean;
  weight: number;
  visitors: number;
  conversions: number;
  rate: number;
  rateLow: number;
  rateHigh: number;
  consentRate: number | null;
  /** Relative to the control's rate (0.4 = +40%); null for the control. */
  uplift: number | null;
  /** P(this variant's rate > the control's); null for the control. */
  chanceToBeatControl: number | null;
  /** Two-sided z-test against the control; null for the control. */
  pValue: number | null;
  /** Visitors per arm needed to detect `mde` at the control's rate, minus those this arm has. */
  visitorsStillNeeded: number;
}

export interface Report {
  control: string;
  days: number | null;
  mde: number;
  variants: VariantResult[];
  srm: { chi2: number; p: number; flagged: boolean };
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

export function buildReport(rows: ExportRow[], options: ReportOptions = {}): Report {
  const mde = options.mde ?? DEFAULT_MDE;
  const controlName = options.control ?? rows[0]!.variant;
  const control = rows.find((r) => r.variant === controlName);
  if (!control) {
    throw new ReportError(
      `A página original "${controlName}" não está na exportação (variantes: ${rows.map((r) => r.variant).join(', ')}).`,
    );
  }
  const weights = rows.map((r) => options.weights?.[r.variant] ?? (options.weights ? NaN : 1));
  rows.forEach((r, i) => {
    if (!Number.isFinite(weights[i])) {
      throw new ReportError(`A variante ${r.variant} da exportação não tem peso no experimento.`);
    }
  });
  const arm = (r: ExportRow): Arm => ({ n: r.visitors, c: r.conversions });
  const needed = sampleSizePerArm(control.visitors > 0 ? control.conversions / control.visitors : 0, mde);
  const variants = rows.map((r, i): VariantResult => {
    const interval = rateInterval(arm(r));
    const isControl = r === control;
    const test = isControl ? undefined : zTest(arm(control), arm(r));
    const controlRate = control.conversions / control.visitors;
    return {
      variant: r.variant,
      control: isControl,
      weight: weights[i]!,
      visitors: r.visitors,
      conversions: r.conversions,
      rate: interval.rate,
      rateLow: interval.low,
      rateHigh: interval.high,
      consentRate: r.consentRate ?? null,
      uplift: isControl || !(controlRate > 0) ? null : interval.rate / controlRate - 1,
      chanceToBeatControl: isControl ? null : chanceToBeat(arm(control), arm(r)),
      pValue: test ? test.p : null,
      visitorsStillNeeded: Number.isFinite(needed) ? Math.max(0, needed - r.visitors) : Infinity,
    };
  });
  const srm = sampleRatioMismatch(
    rows.map((r) => r.visitors),
    weights,
  );

  const noVerdict: string[] = [];
  if (srm.flagged) {
    noVerdict.push(
      `a divisão dos visitantes não bate com os pesos (χ² = ${decimal(srm.chi2, 2)}, p = ${significant(srm.p)} < ${decimal(SRM_P, 3)}): algo perde ou duplica visitantes de uma das páginas (redirecionamento, cache, bloqueio de medição). Os números não são confiáveis até isso ser corrigido.`,
    );
  }
  if (options.days === undefined) {
    noVerdict.push(
      'não sei há quantos dias o experimento roda: informe a data de início (--start AAAA-MM-DD).',
    );
  } else if (options.days < MIN_DAYS) {
    noVerdict.push(
      `o experimento roda há ${options.days} ${options.days === 1 ? 'dia' : 'dias'}; espere ao menos ${MIN_DAYS} (o comportamento muda com o dia da semana).`,
    );
  }
  const few = variants.filter((v) => v.conversions < MIN_CONVERSIONS);
  if (few.length > 0) {
    noVerdict.push(
      `${few.map((v) => `${v.variant} tem ${int(v.conversions)}`).join(', ')} ${few.length === 1 ? 'conversão' : 'conversões'}; são precisas ao menos ${MIN_CONVERSIONS} por página.`.replace(
        / tem 1 conversões/,
        ' tem 1 conversão',
      ),
    );
  }

  let verdict: Report['verdict'] = null;
  const summary: string[] = [];
  const challengers = variants.filter((v) => !v.control);
  if (noVerdict.length > 0) {
    summary.push('Ainda sem veredito:');
    for (const reason of noVerdict) summary.push(`- ${reason}`);
  } else {
    const best = [...challengers].sort((a, b) => b.chanceToBeatControl! - a.chanceToBeatControl!)[0]!;
    if (best.chanceToBeatControl! >= WIN_CHANCE) {
      verdict = { kind: 'winner', variant: best.variant };
      summary.push(
        `Vencedora: ${best.variant}, com ${chance(best.chanceToBeatControl!)} de chance de trazer mais conversas que ${control.variant} (${best.uplift! >= 0 ? '+' : ''}${pct(best.uplift!)}). Para encerrar, ponha winner: ${best.variant} no experimento.`,
      );
    } else if (challengers.every((v) => v.chanceToBeatControl! <= 1 - WIN_CHANCE)) {
      verdict = { kind: 'control-wins' };
      summary.push(
        `A página original (${control.variant}) vence: nenhuma variante tem mais que ${pct(1 - WIN_CHANCE, 0)} de chance de superá-la.`,
      );
    } else {
      verdict = { kind: 'undecided' };
      const more = Math.max(...variants.map((v) => v.visitorsStillNeeded));
      summary.push(
        Number.isFinite(more) && more > 0
          ? `Ainda sem vencedor claro: faltam cerca de ${int(more)} visitantes por página para enxergar uma mudança de ${pct(mde, 0)}.`
          : `Ainda sem vencedor claro: a diferença entre as páginas, se existe, é menor que ${pct(mde, 0)}.`,
      );
    }
  }
  const consent = variants.filter((v) => v.consentRate !== null);
  if (consent.length > 0) {
    summary.push(
      `Os números cobrem só quem aceitou a medição (consentimento: ${consent.map((v) => `${v.variant} ${pct(v.consentRate!, 0)}`).join(', ')}).`,
    );
  }
  return {
    control: control.variant,
    days: options.days ?? null,
    mde,
    variants,
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
    'faltam',
  ];
  const total = report.variants.reduce((s, v) => s + v.weight, 0);
  const rows = report.variants.map((v) => [
    v.control ? `${v.variant} (original)` : v.variant,
    pct(v.weight / total, 0),
    int(v.visitors),
    int(v.conversions),
    `${pct(v.rate, 2)} (${pct(v.rateLow, 2)}–${pct(v.rateHigh, 2)})`,
    v.uplift === null ? '—' : `${v.uplift >= 0 ? '+' : ''}${pct(v.uplift)}`,
    v.chanceToBeatControl === null
      ? '—'
      : chance(v.chanceToBeatControl).replace('mais de ', '>').replace('menos de ', '<'),
    v.pValue === null ? '—' : decimal(v.pValue, 4),
    Number.isFinite(v.visitorsStillNeeded) ? int(v.visitorsStillNeeded) : '—',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const srm = `Divisão dos visitantes (SRM): χ² = ${decimal(report.srm.chi2, 2)}, p = ${significant(report.srm.p)} ${report.srm.flagged ? '✗ não bate com os pesos' : '✓ de acordo com os pesos'}.`;
  const days =
    report.days === null ? 'duração desconhecida' : `${report.days} ${report.days === 1 ? 'dia' : 'dias'}`;
  return [
    `Experimento: original ${report.control}; ${days}; efeito mínimo de interesse ${pct(report.mde, 0)}.`,
    '',
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    srm,
    '',
    ...report.summary,
    '',
  ].join('\n');
}
