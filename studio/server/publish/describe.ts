/**
 * The default commit message of a change ("Muda o título de /promo-verao") and the dates the
 * messages show.
 */
import { createHash } from 'node:crypto';
import { parse } from 'yaml';

/** "2026-11-23T20:14:40+00:00" → "23/11/2026 20:14" */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The default commit message, from what changed: "Muda o título de /promo-verao", "Adiciona o
 * bloco Perguntas frequentes a /recarga", "Cria /promo", "Exclui /promo".
 */
export function describeChange(
  before: string | null,
  after: string | null,
  route: string,
  blockTitle: (type: string) => string | undefined,
): string {
  if (before === null) return `Cria ${route}`;
  if (after === null) return `Exclui ${route}`;
  // Publicar's list asks again at every answer while the texts stay the same: both pages' YAML
  // parsed once per pair of texts (decision 0044, session 33).
  const kept = described.get(blockTitle) ?? new Map<string, string>();
  described.set(blockTitle, kept);
  const key = createHash('sha1')
    .update(route)
    .update('\0')
    .update(before)
    .update('\0')
    .update(after)
    .digest('hex');
  const known = kept.get(key);
  if (known !== undefined) {
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const message = describeTexts(before, after, route, blockTitle);
  kept.set(key, message);
  if (kept.size > 64) kept.delete(kept.keys().next().value!);
  return message;
}

/** Messages already made, per block vocabulary, by route and both texts (the most recent 64). */
const described = new WeakMap<(type: string) => string | undefined, Map<string, string>>();

function describeTexts(
  before: string,
  after: string,
  route: string,
  blockTitle: (type: string) => string | undefined,
): string {
  let a: Record<string, unknown>;
  let b: Record<string, unknown>;
  try {
    a = (parse(before) ?? {}) as Record<string, unknown>;
    b = (parse(after) ?? {}) as Record<string, unknown>;
  } catch {
    return `Muda ${route}`;
  }
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !same(a[k], b[k]));
  if (keys.length === 0) return `Muda a formatação de ${route}`;
  const phrases: string[] = [];
  const titleOf = (block: unknown) => {
    const type = (block as { type?: unknown } | null)?.type;
    return typeof type === 'string' ? (blockTitle(type) ?? type) : 'bloco';
  };
  for (const key of keys) {
    if (key === 'title') phrases.push('o título');
    else if (key === 'description') phrases.push('a descrição');
    else if (key === 'blocks' || key === 'change') {
      const before = Array.isArray(a[key]) ? (a[key] as unknown[]) : [];
      const after = Array.isArray(b[key]) ? (b[key] as unknown[]) : [];
      if (after.length > before.length) {
        const added = after.filter((x) => !before.some((y) => same(x, y)));
        return `Adiciona o bloco ${added.map(titleOf)[0] ?? ''} a ${route}`.replace('  ', ' ');
      }
      if (after.length < before.length) {
        const removed = before.filter((x) => !after.some((y) => same(x, y)));
        return `Remove o bloco ${removed.map(titleOf)[0] ?? ''} de ${route}`.replace('  ', ' ');
      }
      const changed = after.filter((x, i) => !same(x, before[i])).map(titleOf);
      const unique = [...new Set(changed)];
      if (unique.length === 1) phrases.push(`o bloco ${unique[0]}`);
      else phrases.push(`${unique.length} blocos`);
    } else phrases.push(`"${key}"`);
  }
  const list = phrases.length === 1 ? phrases[0]! : `${phrases.slice(0, -1).join(', ')} e ${phrases.at(-1)!}`;
  return `Muda ${list} de ${route}`;
}
