/**
 * pages/_site.yaml in the Estúdio (issue 26): read and saved like a page (atomic, refused when it
 * changed since it was opened), checked by the loader with the unsaved text, and read for what
 * the screens show: the experiments with their state in words, and the values still marked
 * `TROCAR` (placeholders the site shows visitors).
 */
import { isMap, isScalar, parse, parseDocument, type Node } from 'yaml';
import type { ExperimentSummary, Placeholder } from '../api.ts';
import { audienceChangePhrases } from '../audiences.ts';
import { EXPERIMENT_TIME_ZONE, EXPERIMENT_TIME_ZONE_LABEL, siteDay } from '../../runtime/edge/index.ts';

export { EXPERIMENT_TIME_ZONE, EXPERIMENT_TIME_ZONE_LABEL, siteDay };

/** The settings file as the API and the publisher name it. */
export const SITE_API_FILE = 'pages/_site.yaml';
export const SITE_REL = '_site.yaml';

/** What each placeholder means for a visitor, in words. */
const PLACEHOLDER_WORDS: Record<string, string> = {
  phone: 'o site ainda abre o WhatsApp de um número provisório',
  phoneDisplay: 'o site ainda mostra um telefone provisório',
  email: 'o site ainda mostra um e-mail provisório',
  origin: 'o site ainda usa um endereço provisório nos links para o Google',
  legalName: 'o site ainda mostra uma razão social provisória',
  taxId: 'o site ainda mostra um CNPJ provisório',
};

/** The top-level keys whose line carries a `TROCAR` comment, in the file's order. */
export function placeholdersOf(source: string): Placeholder[] {
  let doc;
  try {
    doc = parseDocument(source, { uniqueKeys: false });
  } catch {
    return [];
  }
  if (!isMap(doc.contents)) return [];
  const out: Placeholder[] = [];
  for (const pair of doc.contents.items) {
    const key = pair.key as Node | null;
    if (!isScalar(key) || !key.range) continue;
    const start = source.lastIndexOf('\n', key.range[0] - 1) + 1;
    const end = source.indexOf('\n', key.range[0]);
    const line = source.slice(start, end < 0 ? source.length : end);
    if (/#.*\bTROCAR\b/.test(line)) {
      const name = String(key.value);
      out.push({
        key: name,
        words: PLACEHOLDER_WORDS[name] ?? `o site ainda mostra um valor provisório em ${name}`,
      });
    }
  }
  return out;
}

interface ExperimentEntry {
  id?: unknown;
  route?: unknown;
  variants?: unknown;
  start?: unknown;
  end?: unknown;
  winner?: unknown;
}

function experimentsOf(source: string | null): ExperimentEntry[] {
  if (source === null) return [];
  try {
    const data = parse(source) as { experiments?: unknown } | null;
    return Array.isArray(data?.experiments)
      ? (data.experiments.filter((e) => typeof e === 'object' && e !== null) as ExperimentEntry[])
      : [];
  } catch {
    return [];
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** "2026-12-01" → "01/12/2026" */
export const dayInWords = (day: string): string => day.split('-').reverse().join('/');

const dayNumber = (day: string) => Date.parse(`${day}T12:00:00Z`) / 86_400_000;

export interface PageInfo {
  /** The name an experiment uses ("agendamento", "promo/verao"). */
  page: string;
  file: string;
  route: string;
  title: string | null;
}

/**
 * The experiments of the saved text, each with its state taken from the published text (a saved
 * entry not yet published is a `rascunho`), then those only the published text still has.
 * `since(id)` is the day an experiment without a start reached the site.
 */
export function experimentSummaries(
  saved: string,
  published: string | null,
  pages: readonly PageInfo[],
  today: string,
  since: (id: string) => string | null,
): ExperimentSummary[] {
  const savedList = experimentsOf(saved);
  const publishedList = experimentsOf(published);
  const findPage = (name: string) =>
    pages.find((p) => p.page === name || p.page === name.replace(/^\/+|\/+$/g, ''));
  const summary = (entry: ExperimentEntry, index: number, live: ExperimentEntry | undefined) => {
    const id = text(entry.id) ?? `experimento ${index + 1}`;
    const route = text(entry.route) ?? '';
    const variants = Array.isArray(entry.variants)
      ? (entry.variants as { page?: unknown; weight?: unknown }[])
      : [];
    const pageList = variants.map((v) => {
      const name = text(v?.page) ?? '';
      const found = findPage(name);
      return {
        page: name,
        file: found?.file ?? null,
        route: found?.route ?? null,
        title: found?.title ?? null,
        weight: typeof v?.weight === 'number' ? v.weight : 0,
        baseline: found !== undefined && found.route === route,
      };
    });
    const source = live ?? entry;
    const start = text(source.start);
    const end = text(source.end);
    const winner = text(source.winner);
    let state: ExperimentSummary['state'];
    let stateText: string;
    let started: string | null = null;
    if (!live) {
      state = 'rascunho';
      stateText = 'rascunho: ainda não publicado';
    } else if (winner !== null) {
      state = 'encerrado';
      const page = findPage(winner);
      stateText = `encerrado: vencedora ${page?.route ?? winner}`;
    } else if (end !== null && today > end) {
      state = 'encerrado';
      stateText = `encerrado em ${dayInWords(end)}, sem vencedora`;
    } else if (start !== null && today < start) {
      state = 'agendado';
      stateText = `agendado: começa em ${dayInWords(start)}`;
    } else {
      state = 'no-ar';
      started = start ?? since(id);
      stateText = started ? `no ar desde ${dayInWords(started)}` : 'no ar';
    }
    if (state === 'encerrado') started = start ?? since(id);
    const last = end !== null && end < today ? end : today;
    const days =
      live && started !== null && state !== 'agendado'
        ? Math.max(0, Math.round(dayNumber(last) - dayNumber(started)) + 1)
        : null;
    return {
      id,
      index,
      route,
      state,
      stateText,
      unpublished: !live || JSON.stringify(live) !== JSON.stringify(entry),
      pages: pageList,
      start: text(entry.start),
      end: text(entry.end),
      winner: text(entry.winner),
      since: started,
      days,
    } satisfies ExperimentSummary;
  };
  const out = savedList.map((entry, i) =>
    summary(
      entry,
      i,
      publishedList.find((p) => p.id === entry.id),
    ),
  );
  for (const entry of publishedList) {
    if (savedList.some((s) => s.id === entry.id)) continue;
    const removed = summary(entry, -1, entry);
    out.push({
      ...removed,
      index: -1,
      unpublished: true,
      stateText: `${removed.stateText} (removido, não publicado)`,
    });
  }
  return out;
}

/** "a", "a e b", "a, b e c" */
export const inWords = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;

const SETTING_NAMES: Record<string, string> = {
  brand: 'a marca',
  origin: 'o endereço do site',
  phone: 'o WhatsApp',
  phoneDisplay: 'o telefone',
  email: 'o e-mail',
  messages: 'as mensagens do WhatsApp',
  legalName: 'a razão social',
  taxId: 'o CNPJ',
  city: 'a cidade',
  analyticsId: 'o ID do Google Analytics',
  host: 'o host',
};

/**
 * The default commit message of a change to _site.yaml, in words: "Começa o experimento
 * agendamento-oferta em /agendamento", "Encerra o experimento x com a vencedora y", "Muda o
 * telefone e o e-mail do site".
 */
export function describeSiteChange(before: string | null, after: string | null): string {
  if (after === null) return 'Exclui as configurações do site';
  if (before === null) return 'Cria as configurações do site';
  let a: Record<string, unknown>;
  let b: Record<string, unknown>;
  try {
    a = (parse(before) ?? {}) as Record<string, unknown>;
    b = (parse(after) ?? {}) as Record<string, unknown>;
  } catch {
    return 'Muda as configurações do site';
  }
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  const phrases: string[] = [];
  const oldList = experimentsOf(before);
  const newList = experimentsOf(after);
  for (const e of newList) {
    const old = oldList.find((o) => o.id === e.id);
    const id = text(e.id) ?? '';
    if (!old) phrases.push(`começa o experimento ${id} em ${text(e.route) ?? ''}`.trim());
    else if (!same(old, e)) {
      if (e.winner !== undefined && old.winner === undefined)
        phrases.push(`encerra o experimento ${id} com a vencedora ${text(e.winner) ?? ''}`);
      else phrases.push(`muda o experimento ${id}`);
    }
  }
  for (const o of oldList) {
    if (!newList.some((e) => e.id === o.id)) phrases.push(`remove o experimento ${text(o.id) ?? ''}`);
  }
  phrases.push(...audienceChangePhrases(before, after));
  const settings = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => k !== 'experiments' && k !== 'audiences' && !same(a[k], b[k]),
  );
  if (settings.length > 0) {
    phrases.push(`muda ${inWords(settings.map((k) => SETTING_NAMES[k] ?? `"${k}"`))} do site`);
  }
  if (phrases.length === 0) return 'Muda a formatação das configurações do site';
  const sentence = inWords(phrases);
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
