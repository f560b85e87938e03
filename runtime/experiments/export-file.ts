/**
 * A GA4 export (CSV) read into rows: the header recognised in English or Portuguese, comment and
 * blank lines skipped, numbers in either convention, and a date column read as calendar days.
 */
import { parse } from 'csv-parse/sync';
import { brDay, ReportError, type ExportRow } from './report.ts';

const COLUMNS = {
  variant: [
    'variant',
    'variante',
    'exp_variant_string',
    'experience variant',
    'variação',
    'variacao',
    'variante do experimento',
  ],
  visitors: [
    'visitors',
    'visitantes',
    'exposed visitors',
    'visitantes expostos',
    'users',
    'usuários',
    'usuarios',
    'exposed users',
    // A GA4 exploration with the event name as its columns (docs/autoria.md §8).
    'experience_impression',
  ],
  conversions: [
    'conversions',
    'conversões',
    'conversoes',
    'converting visitors',
    'converting users',
    'visitantes que converteram',
    'usuários que converteram',
    'whatsapp_click',
  ],
  consentRate: ['consent rate', 'consent_rate', 'taxa de consentimento', 'consentimento'],
  date: ['date', 'data', 'dia'],
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

/** GA4's 20261201, 2026-12-01 or 01/12/2026 (day first, as in Brazil) → "2026-12-01". */
function calendarDay(text: string, where: string): string {
  const raw = text.trim();
  const iso = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(raw);
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : br
      ? [Number(br[3]), Number(br[2]), Number(br[1])]
      : [NaN, NaN, NaN];
  const at = new Date(Date.UTC(year, month - 1, day));
  if (
    !Number.isFinite(at.getTime()) ||
    at.getUTCFullYear() !== year ||
    at.getUTCMonth() !== month - 1 ||
    at.getUTCDate() !== day
  ) {
    throw new ReportError(
      `${where}: "${text}" não é uma data (use AAAA-MM-DD, AAAAMMDD como o GA4, ou DD/MM/AAAA).`,
    );
  }
  return at.toISOString().slice(0, 10);
}

/**
 * The rows of a GA4 export in CSV: comment lines (GA4 starts its files with "# …") and blank
 * lines skipped, the header recognised in English or Portuguese, a "Total" row ignored. With a
 * date column ("Data", "Date", "dia"), one row per variant and day.
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
    date: find(COLUMNS.date),
  };
  const missing = (['variant', 'visitors', 'conversions'] as const).filter((k) => at[k] < 0);
  if (missing.length > 0) {
    const expected = missing.map((k) => `"${COLUMNS[k][1]}" (ou "${COLUMNS[k][0]}")`).join(', ');
    throw new ReportError(
      `${file}:1: faltam as colunas ${expected}. Colunas encontradas: ${header.map((h) => `"${h}"`).join(', ')}.`,
    );
  }
  const out: ExportRow[] = [];
  const seen = new Set<string>();
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
    if (at.date >= 0) row.date = calendarDay(cells[at.date] ?? '', `${where} (data)`);
    if (row.conversions > row.visitors) {
      throw new ReportError(
        `${where}: ${variant} tem mais conversões (${row.conversions}) que visitantes (${row.visitors}).`,
      );
    }
    const key = `${variant}\u0000${row.date ?? ''}`;
    if (seen.has(key)) {
      throw new ReportError(
        row.date === undefined
          ? `${where}: a variante ${variant} aparece duas vezes.`
          : `${where}: a variante ${variant} aparece duas vezes no dia ${brDay(row.date)}.`,
      );
    }
    seen.add(key);
    out.push(row);
  });
  if (new Set(out.map((r) => r.variant)).size < 2)
    throw new ReportError(
      `${file}: são precisas ao menos duas variantes (a página original e uma variante).`,
    );
  return out;
}
