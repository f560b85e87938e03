/**
 * The page texts the preview was last sent, by name (a hash of the text): a keystroke then sends
 * only its change against the text before it (`base`, `from`, `to`, `insert`), not the whole
 * page again — 200 KB per keystroke on a 200-block page, uploaded from an author's phone in hosted
 * mode. A text is found only by its hash, so nobody builds on a text they do not already have;
 * the few kept are bounded in number and size. A base no longer kept is refused with 409 and
 * `sourceUnknown` (the app then sends the whole text).
 */
import { createHash } from 'node:crypto';
import { HttpError } from './http.ts';

/** Texts kept (the last few of each open editor), and their total length in characters at most. */
const MAX_TEXTS = 64;
const MAX_CHARS = 16 * 1024 * 1024;

const texts = new Map<string, string>();
let chars = 0;

/** Keeps `source` (as the newest) and gives its name. */
export function keepSource(source: string): string {
  const name = createHash('sha256').update(source).digest('base64url').slice(0, 22);
  const known = texts.get(name);
  if (known !== undefined) {
    texts.delete(name);
    texts.set(name, known);
    return name;
  }
  texts.set(name, source);
  chars += source.length;
  for (const [oldest, text] of texts) {
    if (texts.size <= MAX_TEXTS && chars <= MAX_CHARS) break;
    if (oldest === name) break;
    texts.delete(oldest);
    chars -= text.length;
  }
  return name;
}

export interface SourceChange {
  base?: string;
  from?: number;
  to?: number;
  insert?: string;
}

/** The text `change` makes of the kept text it names, or a located refusal. */
export function changedSource({ base, from, to, insert }: SourceChange): string {
  if (base === undefined || from === undefined || to === undefined || insert === undefined)
    throw new HttpError(400, 'Falta o campo "source" (texto) nos dados enviados.');
  const before = texts.get(base);
  if (before === undefined)
    throw new HttpError(
      409,
      'O texto anterior desta prévia não está mais no servidor: envie o texto inteiro.',
      {
        sourceUnknown: true,
      },
    );
  if (from > to || to > before.length)
    throw new HttpError(
      400,
      `A mudança (${from}–${to}) sai do texto anterior (${before.length} caracteres).`,
    );
  return before.slice(0, from) + insert + before.slice(to);
}
