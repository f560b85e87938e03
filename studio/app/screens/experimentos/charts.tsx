/**
 * The pictures of an A/B experiment's results, for a marketer who reads them at a glance: each
 * page's rate with its 95% interval (RateChart), where each rate probably lies (PosteriorChart),
 * and the cumulative rate day by day (CumulativeChart).
 *
 * Ticks and round axis ends come from d3-array (d3-scale's own tick algorithm; d3-scale itself
 * would add its interpolators, colours and formats, about 8 KB gzip, for a linear map of four
 * lines), lines, areas and markers from d3-shape. Both compute numbers and path strings and own
 * no DOM: React renders the SVG, so the markup stays ours, with its accessibility (one role="img"
 * with its title and description, a caption that reads the result, the numbers in a table) and
 * its Portuguese text and number format (Intl, pt-BR; d3's formats are not used). What no
 * library knows stays here: where the labels go.
 *
 * Sizes: the SVG's viewBox is as wide as the chart's box in CSS pixels (measured with a
 * ResizeObserver before the first paint), so one unit is one pixel and the text keeps its size
 * (12–13 px) at 375 px as at 1280; before any measurement (server, jsdom) the viewBox is
 * DEFAULT_WIDTH wide and scales with width: 100%.
 *
 * Without colour: the original page is grey, dashed, with a hollow circle; each variant has
 * its own colour, dash pattern and marker shape, and every mark is labelled by name (directly,
 * or in a legend when the chart is too narrow for direct labels). Colours come from
 * design/theme.ts, all at least 3:1 on white (graphics); text is ink or muted (AA).
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { css } from '@emotion/react';
import betaln from '@stdlib/math-base-special-betaln';
import { maxIndex, nice, tickStep, ticks } from 'd3-array';
import {
  area,
  line,
  symbol,
  symbolCircle,
  symbolCross,
  symbolSquare,
  symbolTriangle,
  type SymbolType,
} from 'd3-shape';
import { colors, fonts, mq, radii } from '../../../../design/theme.ts';

export interface ChartArm {
  /** The page's key in the experiment (a day's `variant`). */
  name: string;
  /** What the chart shows for it. */
  label: string;
  /** The route's own page, the one the variants are compared with. */
  control: boolean;
  visitors: number;
  conversions: number;
  /** 0–1, with its 95% interval. */
  rate: number;
  low: number;
  high: number;
  /** The posterior Beta of the rate. */
  posterior: { alpha: number; beta: number };
}

export interface ChartDay {
  /** AAAA-MM-DD. */
  date: string;
  variants: { variant: string; cumulativeRate: number; cumulativeVisitors: number }[];
}

// ---------------------------------------------------------------------------------------------
// Formats (pt-BR)

const percentFormats = new Map<number, Intl.NumberFormat>();
/** 0.052 → "5,2%". */
function pct(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return '–';
  let format = percentFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    percentFormats.set(digits, format);
  }
  return format.format(value);
}

const integerFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
/** 1234 → "1.234". */
const int = (value: number) => (Number.isFinite(value) ? integerFormat.format(value) : '–');

/**
 * Decimals for a rate and its interval: 1 ("5,2%"), 2 or 3 for rates under 1% or 0.1%, and
 * enough for the interval to span at least one step of the last digit (millions of visitors:
 * "5,02% (5,01%–5,03%)").
 */
function digitsFor(...values: number[]): number {
  const data = values.filter((v) => Number.isFinite(v));
  const max = Math.max(0, ...data);
  const spread = max - Math.min(max, ...data);
  const bySize = max >= 0.01 ? 1 : max >= 0.001 ? 2 : 3;
  const bySpread = spread > 0 ? Math.ceil(-Math.log10(spread * 100) - 1e-9) : 0;
  return Math.min(3, Math.max(1, bySize, bySpread));
}

/** "6,1% (5,4%–6,9%)". */
function rateWithInterval(arm: ChartArm): string {
  const digits = digitsFor(arm.rate, arm.low, arm.high);
  return `${pct(arm.rate, digits)} (${pct(arm.low, digits)}–${pct(arm.high, digits)})`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** "2025-12-01" → "01/12". */
const shortDate = (date: string) => date.replace(DATE, '$3/$2');
/** "2025-12-01" → "01/12/2025". */
const longDate = (date: string) => date.replace(DATE, '$3/$2/$1');
/** Days since 1970 of "AAAA-MM-DD", or null. */
function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isFinite(t) ? Math.round(t / 86_400_000) : null;
}

/** A finite number, or `fallback`. */
const finite = (value: number, fallback = 0) => (Number.isFinite(value) ? value : fallback);
/** A rate clamped to 0–1 (NaN → 0). */
const unit = (value: number) => Math.min(1, Math.max(0, finite(value)));
/** Coordinates rounded to 0.1 px: shorter markup, never NaN. */
const r1 = (value: number) => Math.round(finite(value) * 10) / 10;

const isCalledOriginal = (arm: ChartArm) => arm.label.trim().toLowerCase() === 'original';
/** Any page in a sentence: "a variante agendamento-oferta", "a original (agendamento)", "a original". */
const pageName = (arm: ChartArm) =>
  !arm.control
    ? `a variante ${arm.label}`
    : isCalledOriginal(arm)
      ? 'a original'
      : `a original (${arm.label})`;
/** A page's name on the chart and in the tables: "agendamento (original)". */
const displayName = (arm: ChartArm) =>
  arm.control && !isCalledOriginal(arm) ? `${arm.label} (original)` : arm.label;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The reading of a chart in one sentence's worth: the variants from the highest `value` down,
 * then the original; past two variants only the best one is named and the rest summed up
 * ("as outras 4 variantes, entre 4,8% e 6,0%"), so that the caption stays one line's reading.
 */
function reading(
  arms: ChartArm[],
  value: (arm: ChartArm) => number | undefined,
  phrase: (arm: ChartArm, first: boolean) => string,
  format: (value: number) => string,
): string {
  const variants = arms
    .filter((a) => !a.control)
    .sort((a, b) => finite(value(b) ?? -1, -1) - finite(value(a) ?? -1, -1));
  const control = arms.find((a) => a.control);
  const named = variants.length > 2 ? variants.slice(0, 1) : variants;
  const parts = [...named, ...(control ? [control] : [])].map((arm, i) => phrase(arm, i === 0));
  const rest = variants.slice(named.length);
  if (rest.length) {
    const values = rest.map(value).filter((v): v is number => v !== undefined && Number.isFinite(v));
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    parts.push(
      values.length === 0
        ? `as outras ${rest.length} variantes, sem dados`
        : lo === hi
          ? `as outras ${rest.length} variantes, ${format(lo)}`
          : `as outras ${rest.length} variantes, entre ${format(lo)} e ${format(hi)}`,
    );
  }
  const text = parts.join('; ');
  return `${capitalise(text)}.`;
}

// ---------------------------------------------------------------------------------------------
// Styles of the pages: colour, dash pattern, marker

type Shape = 'circle' | 'square' | 'triangle' | 'diamond' | 'triangleDown' | 'cross';

interface ArmStyle {
  color: string;
  /** stroke-dasharray of its lines, or undefined for solid. */
  dash: string | undefined;
  shape: Shape;
  /** The original page's marker is hollow. */
  hollow: boolean;
}

const CONTROL_STYLE: ArmStyle = { color: colors.muted, dash: '6 4', shape: 'circle', hollow: true };
/** ≥ 3:1 on white each (tests/studio/charts.test.tsx checks it), in the order variants get them. */
const VARIANT_STYLES: ArmStyle[] = [
  { color: colors.orange, dash: undefined, shape: 'square', hollow: false },
  { color: colors.waterDark, dash: '2 3', shape: 'triangle', hollow: false },
  { color: colors.navy, dash: '10 3 2 3', shape: 'diamond', hollow: false },
  { color: colors.chatDark, dash: '12 4', shape: 'triangleDown', hollow: false },
  { color: colors.orangeHover, dash: '4 2 1 2', shape: 'cross', hollow: false },
  { color: colors.focus, dash: '1 3', shape: 'circle', hollow: false },
];

function armStyles(arms: ChartArm[]): ArmStyle[] {
  let next = 0;
  return arms.map((arm) => (arm.control ? CONTROL_STYLE : VARIANT_STYLES[next++ % VARIANT_STYLES.length]!));
}

/** d3's symbol of each shape, and its rotation: a diamond is a square on its tip. */
const SYMBOLS: Record<Shape, [SymbolType, number]> = {
  circle: [symbolCircle, 0],
  square: [symbolSquare, 0],
  triangle: [symbolTriangle, 0],
  triangleDown: [symbolTriangle, 180],
  diamond: [symbolSquare, 45],
  cross: [symbolCross, 0],
};

/** A marker centred on (x, y), of the area of a circle of radius r (every shape weighs the same). */
function Marker({ style, x, y, r = 5.5 }: { style: ArmStyle; x: number; y: number; r?: number }) {
  const paint = style.hollow
    ? { fill: colors.white, stroke: style.color, strokeWidth: 2 }
    : { fill: style.color, stroke: colors.white, strokeWidth: 1.5 };
  const [type, angle] = SYMBOLS[style.shape];
  return (
    <path
      d={symbol(type, Math.PI * r * r).digits(1)() ?? undefined}
      transform={`translate(${r1(x)},${r1(y)})${angle ? ` rotate(${angle})` : ''}`}
      {...paint}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Axes

/** Text sizes in px (= viewBox units once measured): never below 12. */
const SMALL = 12;
const TEXT = 13;
/** Until the chart is measured. */
const DEFAULT_WIDTH = 640;
/** Narrower boxes scale the chart down rather than squeeze it. */
const MIN_WIDTH = 280;
/** Direct labels at the end of lines from this width; a legend always. */
const DIRECT_LABELS_FROM = 520;

/** About how wide a text is (Inter ≈ 0.55 em, Poppins 600 ≈ 0.62 em a character). */
const textWidth = (text: string, size = TEXT, bold = false) => text.length * size * (bold ? 0.62 : 0.56);

/** `text` cut with "…" to fit `width`. */
function fit(text: string, width: number, size = TEXT, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  const chars = Math.max(1, Math.floor(width / (size * (bold ? 0.62 : 0.56))) - 1);
  return `${text.slice(0, chars)}…`;
}

/**
 * `text` in at most `maxLines` lines of `width`, broken at spaces (or anywhere in a word too
 * long for a line), the last line cut with "…" when it still does not fit.
 */
function wrapText(text: string, width: number, maxLines: number, size = TEXT, bold = true): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (!line || textWidth(next, size, bold) <= width) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`;
    lines.splice(0, lines.length, ...kept);
  }
  return lines.map((l) => fit(l, width, size, bold));
}

/** [d0, d1] → [r0, r1], linearly; NaN goes where 0 goes, and a domain of one value to the middle. */
const linear =
  ([d0, d1]: [number, number], [r0, r1]: [number, number]) =>
  (value: number) =>
    d1 > d0 ? r0 + ((finite(value) - d0) / (d1 - d0)) * (r1 - r0) : (r0 + r1) / 2;

interface Scale {
  /** Value (0–1) → px; NaN goes where 0 goes. */
  at: (value: number) => number;
  lo: number;
  hi: number;
  ticks: number[];
  /** Decimals of the tick labels in %. */
  digits: number;
}

/**
 * A rate axis over `values` (0–1) drawn from `from` to `to` px, with about `count` round ticks
 * (d3's 1-2-5 steps). It starts at 0 when the lowest value is under half the highest (so that
 * differences are not blown up), ends on a tick (or, `clampToData`, 3% past the data), never
 * leaves 0–1, and never collapses: equal values (or none) get a span around them.
 */
function rateScale(
  values: number[],
  count: number,
  [from, to]: [number, number],
  { clampToData = false } = {},
): Scale {
  const data = values.filter((v) => Number.isFinite(v)).map(unit);
  let lo = data.length ? Math.min(...data) : 0;
  let hi = data.length ? Math.max(...data) : 0;
  if (!clampToData && lo <= hi / 2) lo = 0;
  if (!(hi - lo > 1e-9)) {
    const pad = Math.max(hi * 0.1, 0.005);
    [lo, hi] = [lo - pad, hi + pad];
  } else if (clampToData) {
    const pad = (hi - lo) * 0.03;
    [lo, hi] = [lo - pad, hi + pad];
  }
  [lo, hi] = [Math.max(0, lo), Math.min(1, hi)];
  if (!clampToData) [lo, hi] = nice(lo, hi, count);
  [lo, hi] = [Math.max(0, lo), Math.min(1, hi)];
  const step = tickStep(lo, hi, count);
  return {
    at: linear([lo, hi], [from, to]),
    lo,
    hi,
    ticks: ticks(lo, hi, count),
    digits: Math.max(0, Math.ceil(-Math.log10(step * 100) - 1e-9)),
  };
}

/** Text on a white halo, so that it stays legible over lines. */
const halo = { stroke: colors.white, strokeWidth: 4, strokeLinejoin: 'round', paintOrder: 'stroke' } as const;

function Label({
  x,
  y,
  children,
  anchor = 'start',
  size = TEXT,
  bold = false,
  color = colors.ink,
}: {
  x: number;
  y: number;
  children: ReactNode;
  anchor?: 'start' | 'middle' | 'end';
  size?: number;
  bold?: boolean;
  color?: string;
}) {
  return (
    <text
      x={r1(x)}
      y={r1(y)}
      textAnchor={anchor}
      fontSize={size}
      fontFamily={bold ? fonts.display : fonts.body}
      fontWeight={bold ? 600 : 400}
      fill={color}
      {...halo}
    >
      {children}
    </text>
  );
}

/** Spreads labels wanted at `ys` at least `gap` apart, inside [top, bottom], keeping their order. */
function spread(ys: number[], gap: number, top: number, bottom: number): number[] {
  const order = ys.map((y, i) => ({ y: finite(y, top), i })).sort((a, b) => a.y - b.y);
  const placed = order.map((o) => o.y);
  for (let k = 1; k < placed.length; k++) placed[k] = Math.max(placed[k]!, placed[k - 1]! + gap);
  const overflow = (placed[placed.length - 1] ?? bottom) - bottom;
  if (overflow > 0) {
    for (let k = placed.length - 1; k >= 0; k--) {
      placed[k] = Math.min(placed[k]!, k === placed.length - 1 ? bottom : placed[k + 1]! - gap);
    }
  }
  for (let k = 0; k < placed.length; k++) placed[k] = Math.max(placed[k]!, top);
  const result = new Array<number>(ys.length);
  order.forEach((o, k) => (result[o.i] = placed[k]!));
  return result;
}

// ---------------------------------------------------------------------------------------------
// The frame: figure, caption, measured SVG, legend, numbers

/** The chart box's width in px, measured before paint and on every resize. */
function useChartWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = (measured: number) => {
      if (measured > 0) setWidth(Math.max(MIN_WIDTH, Math.round(measured)));
    };
    update(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => update(entries[0]?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const figureCss = css`
  margin: 0;
  padding: 12px;
  background: ${colors.white};
  border: 1px solid ${colors.line};
  border-radius: ${radii.md};
  color: ${colors.ink};
  font-family: ${fonts.body};
  font-size: 14px;
  line-height: 1.45;
  min-width: 0;
  ${mq.sm} {
    padding: 16px 20px;
  }
  figcaption {
    font-size: 15px;
    margin: 0 0 10px;
    color: ${colors.ink};
  }
  & > div > svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
  }
  details {
    margin-top: 8px;
  }
  summary {
    width: fit-content;
    padding: 4px 0;
    cursor: pointer;
    font: 600 14px/1.4 ${fonts.display};
    color: ${colors.waterDark};
  }
`;

const tableWrapCss = css`
  overflow-x: auto;
  margin-top: 6px;
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  table {
    border-collapse: collapse;
    font-size: 14px;
    font-variant-numeric: tabular-nums;
    min-width: 100%;
  }
  caption {
    text-align: left;
    color: ${colors.muted};
    font-size: 13px;
    padding-bottom: 4px;
  }
  th,
  td {
    padding: 6px 10px;
    border-bottom: 1px solid ${colors.line};
    text-align: right;
    white-space: nowrap;
    vertical-align: top;
  }
  th:first-of-type,
  td:first-of-type {
    text-align: left;
    padding-left: 0;
  }
  thead th {
    font: 600 13px/1.3 ${fonts.display};
    color: ${colors.navy};
    vertical-align: bottom;
  }
  tbody th {
    font-weight: 400;
    white-space: normal;
  }
  small {
    display: block;
    color: ${colors.muted};
    font-size: 13px;
  }
`;

const legendCss = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 0 0 8px;
  padding: 0;
  list-style: none;
  font-size: 13px;
  color: ${colors.ink};
  li {
    display: flex;
    align-items: center;
    gap: 6px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  svg {
    flex: none;
    width: 36px;
    height: 16px;
  }
`;

/** The pages' names with their line and marker, for charts too narrow for direct labels. */
function Legend({ arms, styles }: { arms: ChartArm[]; styles: ArmStyle[] }) {
  return (
    <ul css={legendCss} aria-hidden="true">
      {arms.map((arm, i) => (
        <li key={arm.name}>
          <svg viewBox="0 0 36 16">
            <line
              x1={1}
              y1={8}
              x2={35}
              y2={8}
              stroke={styles[i]!.color}
              strokeWidth={2}
              strokeDasharray={styles[i]!.dash}
            />
            <Marker style={styles[i]!} x={18} y={8} r={4.5} />
          </svg>
          <span>{displayName(arm)}</span>
        </li>
      ))}
    </ul>
  );
}

function ChartFigure({
  caption,
  title,
  desc,
  boxRef,
  width,
  height,
  legend,
  tableCaption,
  table,
  children,
}: {
  caption: string;
  title: string;
  desc: string;
  boxRef: RefObject<HTMLDivElement | null>;
  width: number;
  height: number;
  legend?: ReactNode;
  tableCaption: string;
  table: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure css={figureCss}>
      <figcaption>{caption}</figcaption>
      {legend}
      <div ref={boxRef}>
        <svg
          viewBox={`0 0 ${width} ${r1(height)}`}
          role="img"
          aria-labelledby={`${id}-titulo ${id}-descricao`}
          data-chart-width={width}
        >
          <title id={`${id}-titulo`}>{title}</title>
          <desc id={`${id}-descricao`}>{desc}</desc>
          {children}
        </svg>
      </div>
      <details>
        <summary>Ver os números</summary>
        <div css={tableWrapCss} role="region" aria-label={tableCaption} tabIndex={0}>
          <table>
            <caption>{tableCaption}</caption>
            {table}
          </table>
        </div>
      </details>
    </figure>
  );
}

/**
 * "/agendamento (original)": the page as the marketer knows it, never its key in the numbers
 * (a GA4 string such as "FGS-teste-agendamento-oferta" means nothing on this screen).
 */
function PageCell({ arm }: { arm: ChartArm }) {
  return <th scope="row">{displayName(arm)}</th>;
}

// ---------------------------------------------------------------------------------------------
// RateChart

/** Each page's rate with its 95% interval (dot and whisker), the original's rate as a reference line. */
export function RateChart({ arms }: { arms: ChartArm[] }) {
  const [boxRef, width] = useChartWidth();
  const styles = armStyles(arms);
  const control = arms.find((a) => a.control);
  const numbersOf = (arm: ChartArm) => (arm.visitors > 0 ? rateWithInterval(arm) : 'sem visitantes');

  // Wide: names and numbers in a column left of the plot, one line per page. Narrow: each
  // page's name (left) and numbers (right) on a line above its whisker.
  const edge = 8;
  const nameWidth = Math.max(0, ...arms.map((a) => textWidth(displayName(a), TEXT, true)));
  const numbersWidth = Math.max(0, ...arms.map((a) => textWidth(numbersOf(a), TEXT)));
  const column = nameWidth + 16 + numbersWidth + 24;
  const wide = width >= 600 && column <= width * 0.5;
  const x0 = wide ? edge + column : edge + 6;
  const x1 = width - 14;
  const top = control ? 24 : 8;
  // Narrow, a name too long for its line goes on two (the numbers stay on the first).
  const nameLines = arms.map((arm) =>
    wide ? [displayName(arm)] : wrapText(displayName(arm), x1 - edge - textWidth(numbersOf(arm)) - 12, 2),
  );
  const rowHeights = nameLines.map((lines) => (wide ? 36 : 46 + 16 * (lines.length - 1)));
  const rowTops = rowHeights.map((_, i) => top + rowHeights.slice(0, i).reduce((sum, h) => sum + h, 0));
  const axisY = top + (rowHeights.reduce((sum, h) => sum + h, 0) || 46) + 2;
  const height = axisY + 24;
  const scale = rateScale(
    arms.flatMap((a) => [a.rate, a.low, a.high]),
    Math.max(3, Math.floor((x1 - x0) / 100)),
    [x0, x1],
  );
  const x = scale.at;

  const controlDigits = control ? digitsFor(control.rate, control.low, control.high) : 1;
  const caption = arms.length
    ? reading(
        arms,
        (arm) => (arm.visitors > 0 ? arm.rate : undefined),
        (arm, first) =>
          arm.visitors > 0
            ? `${pageName(arm)}${first ? ' converte' : ','} ${rateWithInterval(arm)}`
            : `${pageName(arm)} ainda não tem visitantes`,
        (value) => pct(value, Math.max(...arms.map((a) => digitsFor(a.rate, a.low, a.high)))),
      )
    : 'Ainda não há páginas neste experimento.';

  const title = 'Taxa de conversão de cada página, com o intervalo de 95%';
  const desc = `${arms
    .map(
      (arm) =>
        `${capitalise(pageName(arm))}: ${arm.visitors > 0 ? `${rateWithInterval(arm)}.` : 'sem visitantes.'}`,
    )
    .join(
      ' ',
    )} Cada ponto é a taxa de conversão da página; a barra em volta dele vai de um extremo ao outro do intervalo de 95%, onde a taxa verdadeira provavelmente está.${control ? ` A linha tracejada vertical marca a taxa da original, ${pct(control.rate, controlDigits)}.` : ''}`;

  return (
    <ChartFigure
      caption={caption}
      title={title}
      desc={desc}
      boxRef={boxRef}
      width={width}
      height={height}
      tableCaption="Taxa de conversão por página"
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Página</th>
              <th scope="col">Visitantes</th>
              <th scope="col">Conversões</th>
              <th scope="col">Taxa</th>
              <th scope="col">Intervalo de 95%</th>
            </tr>
          </thead>
          <tbody>
            {arms.map((arm) => {
              const digits = digitsFor(arm.rate, arm.low, arm.high);
              return (
                <tr key={arm.name}>
                  <PageCell arm={arm} />
                  <td>{int(arm.visitors)}</td>
                  <td>{int(arm.conversions)}</td>
                  <td>{pct(arm.rate, digits)}</td>
                  <td>
                    {pct(arm.low, digits)}–{pct(arm.high, digits)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </>
      }
    >
      {/* grid and axis */}
      {scale.ticks.map((t) => (
        <g key={t}>
          <line x1={r1(x(t))} x2={r1(x(t))} y1={top - 4} y2={axisY} stroke={colors.line} strokeWidth={1} />
          <Label x={x(t)} y={axisY + 17} anchor="middle" size={SMALL} color={colors.muted}>
            {pct(t, scale.digits)}
          </Label>
        </g>
      ))}
      <line x1={x0} x2={x1} y1={axisY} y2={axisY} stroke={colors.muted} strokeWidth={1} />

      {/* the original's rate */}
      {control && (
        <g data-reference="original">
          <line
            x1={r1(x(control.rate))}
            x2={r1(x(control.rate))}
            y1={top - 6}
            y2={axisY}
            stroke={colors.muted}
            strokeWidth={1.5}
            strokeDasharray="5 4"
          />
          {(() => {
            const text = `original: ${pct(control.rate, controlDigits)}`;
            const w = textWidth(text, SMALL);
            const cx = Math.min(Math.max(x(control.rate), x0 + w / 2 - 6), x1 - w / 2 + 6);
            return (
              <Label x={cx} y={top - 10} anchor="middle" size={SMALL} color={colors.muted}>
                {text}
              </Label>
            );
          })()}
        </g>
      )}

      {/* one row per page: its name and numbers, its dot and whisker */}
      {arms.map((arm, i) => {
        const style = styles[i]!;
        const rowTop = rowTops[i]!;
        const y = wide ? rowTop + rowHeights[i]! / 2 : rowTop + rowHeights[i]! - 15;
        const textY = wide ? y + 4.5 : rowTop + 14;
        const numbers = numbersOf(arm);
        const lowX = x(Math.min(unit(arm.low), unit(arm.rate)));
        const highX = x(Math.max(unit(arm.high), unit(arm.rate)));
        return (
          <g key={arm.name} data-arm={arm.name}>
            <Label x={edge} y={textY} bold color={colors.navy}>
              {nameLines[i]!.map((line, k) => (
                <tspan key={k} x={edge} dy={k === 0 ? 0 : 16}>
                  {line}
                </tspan>
              ))}
            </Label>
            <Label x={wide ? x0 - 24 : x1} y={textY} anchor="end">
              {numbers}
            </Label>
            <line
              x1={r1(lowX)}
              x2={r1(highX)}
              y1={y}
              y2={y}
              stroke={style.color}
              strokeWidth={2.5}
              strokeLinecap="round"
            />
            {[lowX, highX].map((cap, k) => (
              <line
                key={k}
                x1={r1(cap)}
                x2={r1(cap)}
                y1={y - 6}
                y2={y + 6}
                stroke={style.color}
                strokeWidth={2}
                strokeLinecap="round"
              />
            ))}
            <Marker style={style} x={x(unit(arm.rate))} y={y} r={6} />
          </g>
        );
      })}
    </ChartFigure>
  );
}

// ---------------------------------------------------------------------------------------------
// PosteriorChart

/** Points per curve. */
const SAMPLES = 120;

interface Curve {
  mean: number;
  sd: number;
  /** x (0–1) and ln density. */
  xs: number[];
  logDensity: number[];
}

/** ln of the Beta(a, b) density at x, finite for any x in (0, 1). */
function betaLogPdf(x: number, a: number, b: number, lnB: number): number {
  const xs = Math.min(Math.max(x, 1e-12), 1 - 1e-12);
  return (a === 1 ? 0 : (a - 1) * Math.log(xs)) + (b === 1 ? 0 : (b - 1) * Math.log1p(-xs)) - lnB;
}

/** The Beta's parameters, sane (a uniform prior when they are not positive numbers). */
function betaParams(arm: ChartArm): { a: number; b: number } {
  const ok = (v: number) => Number.isFinite(v) && v > 0;
  return {
    a: ok(arm.posterior.alpha) ? arm.posterior.alpha : 1,
    b: ok(arm.posterior.beta) ? arm.posterior.beta : 1,
  };
}

function betaMoments(a: number, b: number): { mean: number; sd: number } {
  const s = a + b;
  return { mean: a / s, sd: Math.sqrt((a * b) / (s * s * (s + 1))) };
}

/**
 * The curve sampled at SAMPLES points over the mean ± 5 sd (inside 0–1), in log space: even at
 * millions of visitors nothing overflows, and a narrow curve is never missed between the points
 * of a wide shared grid.
 */
function sampleCurve(arm: ChartArm, lo: number, hi: number): Curve {
  const { a, b } = betaParams(arm);
  const { mean, sd } = betaMoments(a, b);
  const lnB = betaln(a, b);
  const from = Math.max(lo, mean - 5 * sd, 0);
  const to = Math.min(hi, mean + 5 * sd, 1);
  const xs: number[] = [];
  const logDensity: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const x = to > from ? from + ((to - from) * i) / (SAMPLES - 1) : from;
    xs.push(x);
    logDensity.push(betaLogPdf(x, a, b, lnB));
  }
  return { mean, sd, xs, logDensity };
}

/** The 2.5% and 97.5% points of a sampled curve (trapezoids over its points). */
function credibleInterval(curve: Curve): [number, number] {
  const peak = Math.max(...curve.logDensity);
  const d = curve.logDensity.map((l) => Math.exp(l - peak));
  const cumulative = [0];
  for (let i = 1; i < d.length; i++) {
    cumulative.push(cumulative[i - 1]! + ((d[i]! + d[i - 1]!) / 2) * (curve.xs[i]! - curve.xs[i - 1]!));
  }
  const total = cumulative[cumulative.length - 1]!;
  if (!(total > 0)) return [curve.mean, curve.mean];
  const at = (q: number) => {
    const target = q * total;
    const i = cumulative.findIndex((c) => c >= target);
    if (i <= 0) return curve.xs[0]!;
    const c0 = cumulative[i - 1]!;
    const c1 = cumulative[i]!;
    const t = c1 > c0 ? (target - c0) / (c1 - c0) : 0;
    return curve.xs[i - 1]! + t * (curve.xs[i]! - curve.xs[i - 1]!);
  };
  return [at(0.025), at(0.975)];
}

/** The posterior Beta density of each page's rate, on a shared axis; the tallest curve fills the height. */
export function PosteriorChart({ arms }: { arms: ChartArm[] }) {
  const [boxRef, width] = useChartWidth();
  const styles = armStyles(arms);
  const direct = width >= DIRECT_LABELS_FROM;

  const moments = arms.map((arm) => {
    const { a, b } = betaParams(arm);
    return betaMoments(a, b);
  });
  const x0 = 14;
  const x1 = width - 14;
  const scale = rateScale(
    moments.flatMap(({ mean, sd }) => [mean - 4 * sd, mean + 4 * sd]),
    Math.max(3, Math.floor((width - 28) / 90)),
    [x0, x1],
    { clampToData: true },
  );
  const x = scale.at;
  const top = direct ? 34 : 12;
  const plotHeight = Math.round(Math.min(240, Math.max(150, width * 0.32)));
  const baseY = top + plotHeight;
  const height = baseY + 24;

  const curves = arms.map((arm) => sampleCurve(arm, scale.lo, scale.hi));
  const peak = Math.max(...curves.flatMap((c) => c.logDensity).filter(Number.isFinite), -Infinity);
  const y = (logDensity: number) =>
    baseY - (Number.isFinite(peak) ? Math.exp(logDensity - peak) : 0) * plotHeight;
  const intervals = curves.map(credibleInterval);

  const peaks = curves.map((curve) => {
    const best = maxIndex(curve.logDensity);
    return { x: x(curve.xs[best] ?? curve.mean), y: y(curve.logDensity[best] ?? -Infinity) };
  });
  // One curve's points: k of its samples.
  const curveArea = area<[Curve, number]>()
    .x(([curve, k]) => x(curve.xs[k]!))
    .y0(baseY)
    .y1(([curve, k]) => y(curve.logDensity[k]!))
    .digits(1);
  const curveLine = curveArea.lineY1().digits(1);
  // Direct labels above the peaks, moved up past each other; none at all (the legend stays) when
  // one of them finds no room, since a label left out would be taken for another curve's.
  const placed: { text: string; x: number; y: number; w: number }[] = [];
  if (direct) {
    for (const [i, arm] of arms.entries()) {
      const text = displayName(arm);
      const w = textWidth(text, TEXT, true);
      const cx = Math.min(Math.max(peaks[i]!.x, x0 + w / 2), x1 - w / 2);
      const clashes = (yy: number) =>
        placed.some((p) => Math.abs(p.x - cx) < (p.w + w) / 2 + 6 && Math.abs(p.y - yy) < 16);
      let ly = peaks[i]!.y - 12;
      while (clashes(ly) && ly >= 14) ly -= 16;
      if (ly < 14 || clashes(ly)) {
        placed.length = 0;
        break;
      }
      placed.push({ text, x: cx, y: ly, w });
    }
  }

  const digits = Math.max(1, ...arms.map((_, i) => digitsFor(moments[i]!.mean, ...intervals[i]!)));
  const caption = arms.length
    ? `Onde a taxa de cada página provavelmente está: ${reading(
        arms,
        (arm) => moments[arms.indexOf(arm)]!.mean,
        (arm) => `${pageName(arm)}, perto de ${pct(moments[arms.indexOf(arm)]!.mean, digits)}`,
        (value) => pct(value, digits),
      )
        .replace(/^./, (c) => c.toLowerCase())
        .replace(/\.$/, '')}. Quanto mais estreita a curva, maior a certeza.`
    : 'Ainda não há páginas neste experimento.';
  const title = 'Distribuição provável da taxa de conversão de cada página';
  const desc = `${arms
    .map(
      (arm, i) =>
        `${capitalise(pageName(arm))}: taxa provável de ${pct(moments[i]!.mean, digits)}, com 95% de probabilidade entre ${pct(intervals[i]![0], digits)} e ${pct(intervals[i]![1], digits)}.`,
    )
    .join(
      ' ',
    )} Cada curva mostra onde a taxa verdadeira da página provavelmente está: quanto mais alta a curva num ponto, mais provável essa taxa. Curvas que se sobrepõem indicam que a diferença ainda pode ser acaso.`;

  return (
    <ChartFigure
      caption={caption}
      title={title}
      desc={desc}
      boxRef={boxRef}
      width={width}
      height={height}
      legend={<Legend arms={arms} styles={styles} />}
      tableCaption="Distribuição provável da taxa por página"
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Página</th>
              <th scope="col">Taxa provável (média)</th>
              <th scope="col">95% de probabilidade entre</th>
              <th scope="col">Distribuição</th>
            </tr>
          </thead>
          <tbody>
            {arms.map((arm, i) => {
              const { a, b } = betaParams(arm);
              return (
                <tr key={arm.name}>
                  <PageCell arm={arm} />
                  <td>{pct(moments[i]!.mean, digits)}</td>
                  <td>
                    {pct(intervals[i]![0], digits)}–{pct(intervals[i]![1], digits)}
                  </td>
                  <td>
                    Beta({int(a)}; {int(b)})
                  </td>
                </tr>
              );
            })}
          </tbody>
        </>
      }
    >
      {scale.ticks.map((t) => (
        <g key={t}>
          <line x1={r1(x(t))} x2={r1(x(t))} y1={top} y2={baseY} stroke={colors.line} strokeWidth={1} />
          <Label x={x(t)} y={baseY + 17} anchor="middle" size={SMALL} color={colors.muted}>
            {pct(t, scale.digits)}
          </Label>
        </g>
      ))}
      {curves.map((curve, i) => {
        const style = styles[i]!;
        const points = curve.xs.map((_, k): [Curve, number] => [curve, k]);
        return (
          <g key={arms[i]!.name} data-arm={arms[i]!.name}>
            <path d={curveArea(points) ?? undefined} fill={style.color} fillOpacity={0.1} stroke="none" />
            <path
              d={curveLine(points) ?? undefined}
              fill="none"
              stroke={style.color}
              strokeWidth={2.25}
              strokeDasharray={style.dash}
              strokeLinejoin="round"
            />
          </g>
        );
      })}
      <line x1={x0} x2={x1} y1={baseY} y2={baseY} stroke={colors.muted} strokeWidth={1} />
      {peaks.map((p, i) => (
        <Marker key={arms[i]!.name} style={styles[i]!} x={p.x} y={p.y} />
      ))}
      {placed.map((label) => (
        <Label key={label.text} x={label.x} y={label.y} anchor="middle" bold color={colors.navy}>
          {label.text}
        </Label>
      ))}
    </ChartFigure>
  );
}

// ---------------------------------------------------------------------------------------------
// CumulativeChart

/** The cumulative rate of each page, day by day. */
export function CumulativeChart({ arms, days }: { arms: ChartArm[]; days: ChartDay[] }) {
  const [boxRef, width] = useChartWidth();
  const styles = armStyles(arms);
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const valueOf = (day: ChartDay, arm: ChartArm) => {
    const entry = day.variants.find((v) => v.variant === arm.name);
    return entry && Number.isFinite(entry.cumulativeRate) ? entry : undefined;
  };

  // x: by calendar day when every date reads, else by position.
  const numbers = sorted.map((d) => dayNumber(d.date));
  const byDate = numbers.every((n) => n !== null);
  const position = sorted.map((_, i) => (byDate ? numbers[i]! : i));

  const labelTexts = arms.map(displayName);
  const longest = Math.max(0, ...labelTexts.map((t) => textWidth(t, TEXT, true)));
  const direct = width >= DIRECT_LABELS_FROM && sorted.length > 0;
  const labelRoom = direct ? Math.min(longest, width * 0.28) + 20 : 0;

  const values = sorted.flatMap((d) => arms.map((a) => valueOf(d, a)?.cumulativeRate ?? NaN));
  const plotHeight = Math.round(Math.min(260, Math.max(170, width * 0.34)));
  const top = 12;
  const baseY = top + plotHeight;
  const height = baseY + 28;
  const scale = rateScale(values, Math.max(3, Math.floor(plotHeight / 45)), [baseY, top]);
  const y = (v: number) => scale.at(unit(v));
  const tickTexts = scale.ticks.map((t) => pct(t, scale.digits));
  const x0 = 8 + Math.max(...tickTexts.map((t) => textWidth(t, SMALL)), 20) + 8;
  const x1 = width - 12 - labelRoom;
  // A single day sits in the middle.
  const x = linear([position[0] ?? 0, position[position.length - 1] ?? 0], [x0, x1]);

  // Dates under the axis: every day, or every 2nd, 3rd or 7th (then 14th, 21st…) from the first,
  // about one per 64 px, and the last day always.
  const maxDates = Math.max(2, Math.floor((x1 - x0) / 64) + 1);
  const needed = (sorted.length - 1) / (maxDates - 1);
  const step = [1, 2, 3, 7].find((s) => s >= needed) ?? Math.ceil(needed / 7) * 7;
  const dateTicks: number[] = [];
  for (let i = 0; i < sorted.length; i += step) dateTicks.push(i);
  const lastIndex = sorted.length - 1;
  if (lastIndex > 0 && dateTicks[dateTicks.length - 1] !== lastIndex) {
    if (lastIndex - dateTicks[dateTicks.length - 1]! <= step / 2) dateTicks.pop();
    dateTicks.push(lastIndex);
  }
  const markersEverywhere = sorted.length <= Math.max(1, (x1 - x0) / 16);

  // Each page's point on each day, or null on a day without it (the line breaks there).
  type Point = { x: number; y: number; i: number } | null;
  const lines = arms.map((arm) =>
    sorted.map((day, i): Point => {
      const v = valueOf(day, arm);
      return v ? { x: x(position[i]!), y: y(v.cumulativeRate), i } : null;
    }),
  );
  const path = line<Point>()
    .defined((p) => p !== null)
    .x((p) => p!.x)
    .y((p) => p!.y)
    .digits(1);
  /** A point with no neighbour on either side: a marker shows it, no line can. */
  const alone = (points: Point[], i: number) => points[i] && !points[i - 1] && !points[i + 1];
  const ends = lines.map((points) => points.findLast((p) => p !== null) ?? undefined);
  const labelYs = spread(
    ends.map((e) => (e ? e.y + 4 : NaN)),
    16,
    top + 4,
    baseY,
  );

  // The reading: the last day's rates, and for each variant how many days it led the original.
  const control = arms.find((a) => a.control);
  const lastDay = sorted[sorted.length - 1];
  // Decimals: as the intervals of the final counts need them.
  const digits = Math.max(1, ...arms.map((a) => digitsFor(a.rate, a.low, a.high)));
  const led = (arm: ChartArm) => {
    let ahead = 0;
    let both = 0;
    for (const day of sorted) {
      const a = valueOf(day, arm);
      const c = control && valueOf(day, control);
      if (a && c) {
        both++;
        if (a.cumulativeRate > c.cumulativeRate) ahead++;
      }
    }
    return { ahead, both };
  };
  let caption: string;
  if (!lastDay || arms.length === 0) {
    caption = 'Ainda não há dados por dia.';
  } else {
    const period =
      sorted.length === 1
        ? `Taxa acumulada em ${shortDate(lastDay.date)}: `
        : `Taxa acumulada de ${shortDate(sorted[0]!.date)} a ${shortDate(lastDay.date)}, no último dia: `;
    caption = `${period}${reading(
      arms,
      (arm) => valueOf(lastDay, arm)?.cumulativeRate,
      (arm) => {
        const v = valueOf(lastDay, arm);
        if (!v) return `${pageName(arm)}, sem dados`;
        const { ahead, both } = led(arm);
        const lead =
          !arm.control && control && both > 1 ? ` (à frente da original em ${ahead} de ${both} dias)` : '';
        return `${pageName(arm)}, ${pct(v.cumulativeRate, digits)}${lead}`;
      },
      (value) => pct(value, digits),
    ).replace(/^./, (c) => c.toLowerCase())}`;
  }
  const title = 'Taxa de conversão acumulada de cada página, dia a dia';
  const desc = `${caption} Cada linha é uma página; cada ponto, a taxa de conversão somando todos os dias até aquele. No começo as linhas oscilam com poucos visitantes e se acalmam com o tempo.`;

  return (
    <ChartFigure
      caption={caption}
      title={title}
      desc={desc}
      boxRef={boxRef}
      width={width}
      height={height}
      legend={<Legend arms={arms} styles={styles} />}
      tableCaption="Taxa de conversão acumulada por dia (visitantes acumulados)"
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Data</th>
              {arms.map((arm) => (
                <th scope="col" key={arm.name}>
                  {displayName(arm)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((day) => (
              <tr key={day.date}>
                <th scope="row">{longDate(day.date)}</th>
                {arms.map((arm) => {
                  const v = valueOf(day, arm);
                  return (
                    <td key={arm.name}>
                      {v ? `${pct(v.cumulativeRate, digits)} (${int(v.cumulativeVisitors)})` : '–'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      {scale.ticks.map((t, i) => (
        <g key={t}>
          <line x1={r1(x0)} x2={r1(x1)} y1={r1(y(t))} y2={r1(y(t))} stroke={colors.line} strokeWidth={1} />
          <Label x={x0 - 8} y={y(t) + 4} anchor="end" size={SMALL} color={colors.muted}>
            {tickTexts[i]}
          </Label>
        </g>
      ))}
      <line x1={r1(x0)} x2={r1(x1)} y1={baseY} y2={baseY} stroke={colors.muted} strokeWidth={1} />
      {dateTicks.map((i) => {
        const tx = x(position[i]!);
        const text = shortDate(sorted[i]!.date);
        const w = textWidth(text, SMALL);
        return (
          <g key={sorted[i]!.date}>
            <line x1={r1(tx)} x2={r1(tx)} y1={baseY} y2={baseY + 4} stroke={colors.muted} strokeWidth={1} />
            <Label
              x={Math.min(Math.max(tx, x0 - 8 + w / 2), width - 4 - w / 2)}
              y={baseY + 19}
              anchor="middle"
              size={SMALL}
              color={colors.muted}
            >
              {text}
            </Label>
          </g>
        );
      })}
      {sorted.length === 0 && (
        <Label x={(x0 + x1) / 2} y={top + plotHeight / 2} anchor="middle" color={colors.muted}>
          Ainda não há dados por dia.
        </Label>
      )}
      {lines.map((points, i) => {
        const style = styles[i]!;
        return (
          <g key={arms[i]!.name} data-arm={arms[i]!.name}>
            {points.some((p, k) => p && points[k + 1]) && (
              <path
                d={path(points) ?? undefined}
                fill="none"
                stroke={style.color}
                strokeWidth={2.25}
                strokeDasharray={style.dash}
                strokeLinejoin="round"
              />
            )}
            {points.map((p, k) =>
              p && (markersEverywhere || p === ends[i] || alone(points, k)) ? (
                <Marker key={p.i} style={style} x={p.x} y={p.y} r={p === ends[i] ? 5.5 : 4} />
              ) : null,
            )}
          </g>
        );
      })}
      {direct &&
        arms.map((arm, i) => {
          const end = ends[i];
          if (!end) return null;
          return (
            <Label key={arm.name} x={end.x + 10} y={labelYs[i]!} bold color={colors.navy}>
              {fit(labelTexts[i]!, labelRoom - 12, TEXT, true)}
            </Label>
          );
        })}
    </ChartFigure>
  );
}
