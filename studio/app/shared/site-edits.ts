/**
 * The Experimentos and Configurações screens edit pages/_site.yaml node by node, like the block
 * form edits a page: each change is a text edit of the nodes it touches (studio/yaml-edits.ts), so
 * comments and every other byte stay as written (Públicos' audience-edits.ts uses the same
 * steps for `audiences:`). Also: the shares that always sum to 100.
 */
import { isMap, isSeq, parse, parseDocument, stringify, type Node } from 'yaml';
import {
  addItem,
  applyChange,
  removeItem,
  removeKey,
  setValue,
  type TextChange,
  type YamlPath,
} from '../../yaml-edits.ts';

export interface ExperimentDraft {
  id: string;
  route: string;
  variants: { page: string; weight: number }[];
  start?: string;
  end?: string;
  winner?: string;
}

/** The experiments as written (unknown shapes read leniently: a draft may have mistakes). */
export function readExperiments(text: string): ExperimentDraft[] {
  let data: { experiments?: unknown } | null;
  try {
    data = parse(text) as { experiments?: unknown } | null;
  } catch {
    return [];
  }
  if (!Array.isArray(data?.experiments)) return [];
  return data.experiments.map((raw: unknown) => {
    const e = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
    const variants = Array.isArray(e.variants)
      ? (e.variants as unknown[]).map((v) => {
          const item = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
          return { page: str(item.page) ?? '', weight: typeof item.weight === 'number' ? item.weight : 0 };
        })
      : [];
    const out: ExperimentDraft = { id: str(e.id) ?? '', route: str(e.route) ?? '', variants };
    for (const key of ['start', 'end', 'winner'] as const) {
      const value = str(e[key]);
      if (value !== undefined) out[key] = value;
    }
    return out;
  });
}

/** Applies a change when there is one. */
export const apply = (text: string, change: TextChange | undefined): string =>
  change ? applyChange(text, change) : text;

/**
 * `item` as its own lines at the end of the block list at the top-level `key`, indented as the
 * list's first item is; undefined when `key` is missing or holds no block list with items.
 */
export function appendListItem(text: string, key: string, item: unknown): string | undefined {
  const list = parseDocument(text).get(key, true) as Node | undefined;
  if (!isSeq(list) || list.flow || list.items.length === 0) return undefined;
  const first = list.items[0] as Node;
  const dash = text.lastIndexOf('-', first.range![0]);
  const indent = dash - (text.lastIndexOf('\n', dash) + 1);
  const body = stringify([item], { lineWidth: 0 })
    .trimEnd()
    .split('\n')
    .map((line) => ' '.repeat(indent) + line)
    .join('\n');
  const last = list.items[list.items.length - 1] as Node;
  let end = text.indexOf('\n', Math.max(last.range![1] - 1, last.range![0]));
  if (end < 0) end = text.length;
  return `${text.slice(0, end)}\n${body}${text.slice(end)}`;
}

/** Whether the text has the top-level `key` at all (even empty, even `[]`). */
export const hasTopLevelKey = (text: string, key: string): boolean =>
  parseDocument(text).get(key, true) !== undefined;

/** New top-level keys (`data`), after `comment` when given, on lines of their own at the end of the text. */
export function appendTopLevel(text: string, data: Record<string, unknown>, comment = ''): string {
  const block = stringify(data, { lineWidth: 0 });
  return `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${comment}${block}`;
}

/** A new experiment at the end of `experiments:` (the key is added at the end of the file if missing). */
export function addExperiment(text: string, entry: ExperimentDraft): string {
  const clean = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined && v !== ''));
  const appended = appendListItem(text, 'experiments', clean);
  if (appended !== undefined) return appended;
  if (hasTopLevelKey(text, 'experiments')) {
    // `experiments: []` or an empty key: the list is written whole in its place.
    const without = apply(text, removeKey(text, ['experiments']));
    return addExperiment(without, entry);
  }
  return appendTopLevel(text, { experiments: [clean] });
}

/** Removes experiment `index` (the `experiments:` key goes with the last one). */
export function removeExperiment(text: string, index: number): string {
  const count = readExperiments(text).length;
  return apply(
    text,
    count <= 1 ? removeKey(text, ['experiments']) : removeItem(text, ['experiments'], index),
  );
}

/** Sets (or, with undefined or '', removes) a field of experiment `index`: route, start, end, winner. */
export function setExperimentField(
  text: string,
  index: number,
  key: 'id' | 'route' | 'start' | 'end' | 'winner',
  value: string | undefined,
): string {
  const path: YamlPath = ['experiments', index, key];
  if (value === undefined || value === '') return apply(text, removeKey(text, path));
  return apply(text, setValue(text, path, value));
}

/** Sets every page's share, one node at a time (only the weights that change are touched). */
export function setWeights(text: string, index: number, weights: number[]): string {
  let next = text;
  const current = readExperiments(text)[index]?.variants ?? [];
  weights.forEach((w, j) => {
    if (current[j]?.weight !== w)
      next = apply(next, setValue(next, ['experiments', index, 'variants', j, 'weight'], w));
  });
  return next;
}

/** Adds a page to compare, then sets the shares. */
export function addVariant(text: string, index: number, page: string, weights: number[]): string {
  const next = apply(
    text,
    addItem(text, ['experiments', index, 'variants'], { page, weight: weights[weights.length - 1] }),
  );
  return setWeights(next, index, weights);
}

/** Removes page `j` from the comparison, then sets the shares of those left. */
export function removeVariant(text: string, index: number, j: number, weights: number[]): string {
  return setWeights(apply(text, removeItem(text, ['experiments', index, 'variants'], j)), index, weights);
}

/**
 * Shares that always sum to 100 after page `changed` is set to `value`: the others keep their
 * proportions among themselves (each at least 1), rounded by largest remainder.
 */
export function rebalance(weights: readonly number[], changed: number, value: number): number[] {
  const n = weights.length;
  if (n === 0) return [];
  if (n === 1) return [100];
  const fixed = Math.min(100 - (n - 1), Math.max(1, Math.round(value)));
  const rest = 100 - fixed;
  const others = weights.map((w, i) => (i === changed ? 0 : Math.max(0, w)));
  const total = others.reduce((s, w) => s + w, 0);
  const shares = others.map((w, i) => (i === changed ? 0 : total > 0 ? (w / total) * rest : rest / (n - 1)));
  const out = shares.map((s, i) => (i === changed ? fixed : Math.max(1, Math.floor(s))));
  let left = 100 - out.reduce((s, w) => s + w, 0);
  const order = shares
    .map((s, i) => ({ i, frac: s - Math.floor(s) }))
    .filter((x) => x.i !== changed)
    .sort((a, b) => b.frac - a.frac);
  for (let k = 0; left !== 0 && order.length > 0; k++) {
    const { i } = order[k % order.length]!;
    if (left > 0) {
      out[i]! += 1;
      left--;
    } else if (out[i]! > 1) {
      out[i]! -= 1;
      left++;
    }
    if (k > 1000) break;
  }
  return out;
}

/** Equal shares summing to 100 (the first pages get the remainder). */
export function equalShares(n: number): number[] {
  const base = Math.floor(100 / n);
  return Array.from({ length: n }, (_, i) => base + (i < 100 - base * n ? 1 : 0));
}

/**
 * Sets a top-level setting (or a message, path ['messages', 'recarga']). A value still marked
 * `TROCAR` loses the mark on its line: the real value is in, so the site no longer flags it.
 */
export function setSetting(text: string, path: YamlPath, value: string | undefined): string {
  if (value === undefined || value === '') return apply(text, removeKey(text, path));
  let next = apply(text, setValue(text, path, value));
  const doc = parseDocument(next);
  const node = doc.getIn(path, true) as Node | undefined;
  if (node?.range) {
    const lineEnd = next.indexOf('\n', node.range[0]);
    const end = lineEnd < 0 ? next.length : lineEnd;
    const line = next.slice(node.range[1], end);
    const mark = /\s+#.*\bTROCAR\b.*$/.exec(line);
    if (mark) next = next.slice(0, node.range[1] + mark.index) + next.slice(end);
  }
  return next;
}

/** The value of a setting as written (undefined when missing or not text). */
export function readSetting(text: string, path: YamlPath): string | undefined {
  try {
    const doc = parseDocument(text);
    const value = doc.getIn(path) as unknown;
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the text has a map at its top (a settings file at all). */
export function isSettingsText(text: string): boolean {
  try {
    return isMap(parseDocument(text).contents);
  } catch {
    return false;
  }
}
