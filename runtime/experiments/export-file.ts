/**
 * A GA4 export (CSV) read into rows: the header recognised in English or Portuguese, comment and
 * blank lines skipped, numbers in either convention, a date column read as calendar days, and the
 * rows that are not a variant (totals, "(not set)", "(other)") left out and named in a note.
 *
 * Dates come in every form GA4 and the tools its numbers pass through write: GA4's own download
 * and its Data API give the `date` dimension as AAAAMMDD ("20261201"); a file saved again from
 * Google Sheets or Excel has it in the spreadsheet's locale (12/1/2026 in the US, 01/12/2026 in
 * Brazil, 2026-12-01), and a copy from Looker Studio or a report's screen in words ("Dec 1, 2026",
 * "1 de dez. de 2026"). Day and month order is decided from the whole column (issue 36.4).
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

/** What a file's rows and its reading say: the rows, and what was left out or decided, in words. */
export interface ExportReading {
  rows: ExportRow[];
  /** Portuguese sentences for the report ("ga4.csv:2: a linha de total "Grand total" foi ignorada…"). */
  notes: string[];
}

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .replace(/^"|"$/g, '');

/** The label of a totals row, as GA4 writes it in English and Portuguese (and spreadsheets add). */
const TOTALS = /^(total|totals|totais|grand total|total geral|soma|sum)$/i;
/** The value GA4 gives a dimension it has no value for. */
const NOT_SET = /^\((not set|não definido|nao definido|não configurado|nao configurado)\)$/i;
/** The row GA4 folds a dimension's rare values into when a report has too many. */
const OTHER = /^\((other|outros|outro)\)$/i;

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

const MONTHS: Record<string, number> = {};
(
  [
    ['jan', 'january', 'janeiro'],
    ['feb', 'february', 'fev', 'fevereiro'],
    ['mar', 'march', 'março', 'marco'],
    ['apr', 'april', 'abr', 'abril'],
    ['may', 'mai', 'maio'],
    ['jun', 'june', 'junho'],
    ['jul', 'july', 'julho'],
    ['aug', 'august', 'ago', 'agosto'],
    ['sep', 'sept', 'september', 'set', 'setembro'],
    ['oct', 'october', 'out', 'outubro'],
    ['nov', 'november', 'novembro'],
    ['dec', 'december', 'dez', 'dezembro'],
  ] as const
).forEach((names, i) => names.forEach((name) => (MONTHS[name] = i + 1)));

/** Words a date in words may carry besides its day, month and year: weekdays and "de". */
const FILLER = new Set(
  [
    'de',
    'do',
    'the',
    'of',
    'mon',
    'monday',
    'tue',
    'tues',
    'tuesday',
    'wed',
    'wednesday',
    'thu',
    'thur',
    'thurs',
    'thursday',
    'fri',
    'friday',
    'sat',
    'saturday',
    'sun',
    'sunday',
    'seg',
    'segunda',
    'ter',
    'terça',
    'terca',
    'qua',
    'quarta',
    'qui',
    'quinta',
    'sex',
    'sexta',
    'sáb',
    'sab',
    'sábado',
    'sabado',
    'dom',
    'domingo',
    'feira',
  ].map((w) => w.normalize('NFC')),
);

type Ymd = [year: number, month: number, day: number];

/** A date's reading: one day, or a day-and-month pair whose order the column decides. */
type DateValue =
  | { kind: 'day'; ymd: Ymd }
  | { kind: 'numeric'; first: number; second: number; year: number }
  | { kind: 'invalid' };

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** One cell of the date column, read on its own: a day when its form tells, a pair when it does not. */
function readDate(text: string): DateValue {
  const raw = text.trim();
  // GA4's AAAAMMDD, ISO's AAAA-MM-DD, and AAAA/MM/DD (year first is never day first).
  const ymd = /^(\d{4})(\d{2})(\d{2})$/.exec(raw) ?? /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(raw);
  if (ymd) return { kind: 'day', ymd: [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])] };
  // 12/1/2026, 01/12/2026, 1.12.2026, 01-12-26: day/month or month/day.
  const pair = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(raw);
  if (pair)
    return { kind: 'numeric', first: Number(pair[1]), second: Number(pair[2]), year: fullYear(pair[3]!) };
  // In words: "Dec 1, 2026", "December 1, 2026", "1 Dec 2026", "1 de dez. de 2026", "Tue, Dec 1, 2026".
  const words = raw
    .normalize('NFC')
    .toLowerCase()
    .split(/[\s,./-]+|(?<=\d)(?=[a-zç])|(?<=[a-zç])(?=\d)/)
    .filter((w) => w !== '' && !FILLER.has(w) && !/^(st|nd|rd|th|º|°)$/.test(w));
  let month: number | undefined;
  const numbers: string[] = [];
  for (const word of words) {
    const ordinal = /^(\d{1,2})(st|nd|rd|th|º|°)$/.exec(word);
    if (/^\d+$/.test(word) || ordinal) numbers.push(ordinal ? ordinal[1]! : word);
    else if (MONTHS[word] !== undefined && month === undefined) month = MONTHS[word];
    else return { kind: 'invalid' };
  }
  if (month === undefined || numbers.length !== 2) return { kind: 'invalid' };
  const yearAt = numbers.findIndex((n) => n.length === 4);
  if (yearAt < 0 || numbers[1 - yearAt]!.length > 2) return { kind: 'invalid' };
  return { kind: 'day', ymd: [Number(numbers[yearAt]), month, Number(numbers[1 - yearAt])] };
}

/** "2026-12-01" for a real calendar day, or undefined (13th month, 31 November). */
function isoDay([year, month, day]: Ymd): string | undefined {
  const at = new Date(Date.UTC(year, month - 1, day));
  if (
    !Number.isFinite(at.getTime()) ||
    at.getUTCFullYear() !== year ||
    at.getUTCMonth() !== month - 1 ||
    at.getUTCDate() !== day
  )
    return undefined;
  return at.toISOString().slice(0, 10);
}

const MONTH_NAMES =
  'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(' ');
/** "2026-12-01" → "1º de dezembro de 2026". */
const inWords = (iso: string) => {
  const day = Number(iso.slice(8, 10));
  return `${day === 1 ? '1º' : day} de ${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]} de ${iso.slice(0, 4)}`;
};
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
/** The forms a refusal suggests (every form above is read; these are the ones to export with). */
const DATE_FORMS = 'use AAAA-MM-DD, AAAAMMDD como o GA4, ou DD/MM/AAAA';
/** A daily export's days follow one another; a misread order jumps a month at a time. */
const MAX_GAP_DAYS = 7;

/** The date range GA4 writes in a file's opening comments ("# Start date: 20261201"). */
function commentRange(text: string): { start: string; end: string } | undefined {
  const find = (names: string) => {
    const m = new RegExp(`^#\\s*(?:${names})\\s*:\\s*(\\d{8})\\s*$`, 'im').exec(text);
    return m
      ? isoDay([Number(m[1]!.slice(0, 4)), Number(m[1]!.slice(4, 6)), Number(m[1]!.slice(6, 8))])
      : undefined;
  };
  const start = find('start date|data de início|data de inicio|data inicial');
  const end = find('end date|data de término|data de termino|data final');
  return start && end && start <= end ? { start, end } : undefined;
}

/**
 * The calendar day of every cell of the date column (`cells`: text and line), the day/month order
 * of the ambiguous ones decided from the whole column: a first part above 12 proves day/month, a
 * second above 12 proves month/day, else the reading whose days follow one another (or fall in
 * the range GA4 wrote in the file's comments) wins; a column neither tells is refused.
 */
function readDateColumn(
  cells: { text: string; line: number }[],
  file: string,
  range: { start: string; end: string } | undefined,
): { days: string[]; note?: string } {
  const values = cells.map((c) => readDate(c.text));
  values.forEach((value, i) => {
    const cell = cells[i]!;
    const where = `${file}:${cell.line} (data)`;
    if (value.kind === 'invalid' || (value.kind === 'day' && isoDay(value.ymd) === undefined))
      throw new ReportError(`${where}: "${cell.text}" não é uma data (${DATE_FORMS}).`);
  });
  const numeric = values.flatMap((v, i) => (v.kind === 'numeric' ? [{ ...v, cell: cells[i]! }] : []));
  type Order = 'dm' | 'md';
  const name = { dm: 'dia/mês/ano', md: 'mês/dia/ano' } as const;
  const asDay = (v: { first: number; second: number; year: number }, order: Order) =>
    isoDay(order === 'dm' ? [v.year, v.second, v.first] : [v.year, v.first, v.second]);
  let order: Order | undefined;
  let why = '';
  if (numeric.length > 0) {
    const dayFirst = numeric.find((v) => v.first > 12);
    const monthFirst = numeric.find((v) => v.second > 12);
    if (dayFirst && monthFirst) {
      throw new ReportError(
        `${file}:${monthFirst.cell.line} (data): "${monthFirst.cell.text}" só pode ser mês/dia/ano, mas a linha ${dayFirst.cell.line} tem "${dayFirst.cell.text}", que só pode ser dia/mês/ano: a coluna mistura as duas ordens. Exporte de novo com as datas como o GA4 as escreve (AAAAMMDD).`,
      );
    }
    if (dayFirst || monthFirst) {
      order = dayFirst ? 'dm' : 'md';
      const proof = (dayFirst ?? monthFirst)!;
      why = `"${proof.cell.text}" (linha ${proof.cell.line}) só pode ser ${name[order]}`;
    } else {
      // Neither part is above 12 anywhere: both readings are calendar days.
      const spread = (order: Order) => {
        const days = [...new Set(numeric.map((v) => asDay(v, order)!))].sort();
        const gaps = days.slice(1).map((d, i) => dayNumber(d) - dayNumber(days[i]!));
        return { days, maxGap: Math.max(0, ...gaps) };
      };
      const dm = spread('dm');
      const md = spread('md');
      const inRange = (days: string[]) =>
        range !== undefined && days.every((d) => d >= range.start && d <= range.end);
      if (numeric.every((v) => v.first === v.second)) {
        order = 'dm'; // Every day is its own month's (01/01, 02/02…): both orders read the same.
      } else if (inRange(dm.days) !== inRange(md.days)) {
        order = inRange(dm.days) ? 'dm' : 'md';
        why = `só assim as datas caem no período que o arquivo declara (${brDay(range!.start)} a ${brDay(range!.end)})`;
      } else if (dm.maxGap <= MAX_GAP_DAYS !== md.maxGap <= MAX_GAP_DAYS) {
        order = dm.maxGap <= MAX_GAP_DAYS ? 'dm' : 'md';
        why = 'só assim os dias se seguem; na outra ordem saltariam de mês em mês';
      } else {
        const first = numeric[0]!;
        const [a, b] = [asDay(first, 'dm')!, asDay(first, 'md')!];
        throw new ReportError(
          `${file}:${first.cell.line} (data): não dá para saber se "${first.cell.text}" é ${inWords(a)} (dia/mês) ou ${inWords(b)} (mês/dia, como nos EUA): nenhuma data da coluna tem um número acima de 12 que mostre a ordem, e as duas leituras dão dias plausíveis. Exporte de novo com as datas como o GA4 as escreve (AAAAMMDD) ou como AAAA-MM-DD.`,
        );
      }
    }
  }
  const days = values.map((value) => {
    if (value.kind === 'day') return isoDay(value.ymd)!;
    if (value.kind !== 'numeric') throw new Error('unreachable');
    return asDay(value, order!) ?? '';
  });
  days.forEach((day, i) => {
    if (day === '') {
      const cell = cells[i]!;
      throw new ReportError(
        `${file}:${cell.line} (data): "${cell.text}" não é um dia do calendário lido como ${name[order!]}, a ordem das outras datas da coluna.`,
      );
    }
  });
  const note =
    order !== undefined && why !== ''
      ? `${file}: as datas foram lidas como ${name[order]}${order === 'md' ? ' (como nos EUA)' : ''}: ${why}.`
      : undefined;
  return { days, note };
}

/** "linha 7", "linhas 7 e 9", "linhas 7, 9 e 12". */
const linesText = (lines: number[]) =>
  lines.length === 1 ? `linha ${lines[0]}` : `linhas ${lines.slice(0, -1).join(', ')} e ${lines.at(-1)}`;

/**
 * The rows of a GA4 export in CSV and what its reading left out: comment lines (GA4 starts its
 * files with "# …") and blank lines skipped, the header recognised in English or Portuguese,
 * totals, "(not set)" and "(other)" rows skipped and named in `notes`. With a date column ("Data",
 * "Date", "dia"), one row per variant and day.
 */
export function readExport(text: string, file = 'exportação'): ExportReading {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      comment: '#',
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      bom: true,
      info: true,
      delimiter: text.includes(';') && !text.includes(',') ? ';' : [',', ';', '\t'],
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw new ReportError(`${file}: o CSV não pôde ser lido (${(error as Error).message}).`);
  }
  const [first, ...rest] = records;
  if (!first) throw new ReportError(`${file}: o arquivo está vazio.`);
  const header = first.record;
  const headerLine = first.info.lines;
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
      `${file}:${headerLine}: faltam as colunas ${expected}. Colunas encontradas: ${header.map((h) => `"${h}"`).join(', ')}.`,
    );
  }

  const notes: string[] = [];
  const cell = (cells: string[], index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
  /** Rows that are not a variant, by what they are: their lines, labels, visitors and conversions. */
  const skipped = { notSet: [] as number[], other: [] as number[], noVariant: [] as number[] };
  const counts = { notSet: { visitors: 0, conversions: 0 }, other: { visitors: 0, conversions: 0 } };
  /** Adds a skipped row's numbers to what its note says (a number that does not read counts 0). */
  const count = (cells: string[], into: { visitors: number; conversions: number }) => {
    const read = (index: number) => {
      try {
        return number(cell(cells, index), file);
      } catch {
        return 0;
      }
    };
    into.visitors += read(at.visitors);
    into.conversions += read(at.conversions);
  };
  const kept: { cells: string[]; line: number; variant: string }[] = [];
  for (const { record: cells, info } of rest) {
    const line = info.lines;
    const variant = cell(cells, at.variant);
    if (cells.every((c) => c.trim() === '')) continue;
    // A totals row names itself in the variant column, or in the first dimension (the date) with the variant empty.
    const label = [variant, cell(cells, at.date), cell(cells, 0)].find((c) => TOTALS.test(c));
    if (label !== undefined) {
      notes.push(
        `${file}:${line}: a linha de total "${label}" foi ignorada (o relatório soma as páginas por conta própria).`,
      );
      continue;
    }
    if (NOT_SET.test(variant)) {
      skipped.notSet.push(line);
      count(cells, counts.notSet);
      continue;
    }
    if (OTHER.test(variant)) {
      skipped.other.push(line);
      count(cells, counts.other);
      continue;
    }
    if (variant === '') {
      skipped.noVariant.push(line);
      continue;
    }
    kept.push({ cells, line, variant });
  }
  const amount = ({ visitors, conversions }: { visitors: number; conversions: number }) =>
    `${visitors.toLocaleString('pt-BR')} ${visitors === 1 ? 'visitante' : 'visitantes'}, ${conversions.toLocaleString('pt-BR')} ${conversions === 1 ? 'conversão' : 'conversões'}`;
  if (skipped.notSet.length > 0)
    notes.push(
      `${file}: ${skipped.notSet.length === 1 ? 'a linha "(not set)" foi ignorada' : `${skipped.notSet.length} linhas "(not set)" foram ignoradas`} (${linesText(skipped.notSet)}; ${amount(counts.notSet)}): o GA4 não registrou a variante dessas visitas, então elas não contam para nenhuma página.`,
    );
  if (skipped.other.length > 0)
    notes.push(
      `${file}: ${skipped.other.length === 1 ? 'a linha "(other)" foi ignorada' : `${skipped.other.length} linhas "(other)" foram ignoradas`} (${linesText(skipped.other)}; ${amount(counts.other)}): o GA4 juntou ali valores que não cabiam no relatório; se forem muitos, exporte um período menor ou só o evento do experimento.`,
    );
  if (skipped.noVariant.length > 0)
    notes.push(
      `${file}: ${linesText(skipped.noVariant)} sem variante, ignorada${skipped.noVariant.length === 1 ? '' : 's'}.`,
    );

  let days: string[] | undefined;
  if (at.date >= 0) {
    const column = readDateColumn(
      kept.map((k) => ({ text: cell(k.cells, at.date), line: k.line })),
      file,
      commentRange(text),
    );
    days = column.days;
    if (column.note) notes.push(column.note);
  }

  const out: ExportRow[] = [];
  const seen = new Set<string>();
  kept.forEach(({ cells, line, variant }, i) => {
    const where = `${file}:${line}`;
    const row: ExportRow = {
      variant,
      visitors: number(cell(cells, at.visitors), `${where} (visitantes)`),
      conversions: number(cell(cells, at.conversions), `${where} (conversões)`),
    };
    if (at.consentRate >= 0 && cell(cells, at.consentRate) !== '') {
      row.consentRate = number(cell(cells, at.consentRate), `${where} (consentimento)`, true);
    }
    if (days !== undefined) row.date = days[i]!;
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
  return { rows: out, notes };
}

/** The rows of a GA4 export in CSV (readExport without its notes). */
export function parseExport(text: string, file = 'exportação'): ExportRow[] {
  return readExport(text, file).rows;
}
