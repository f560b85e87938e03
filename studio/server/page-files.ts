/**
 * The page files the API names ("pages/agendamento.yaml"), checked before anything is read or
 * written: only route files the loader accepts, resolved inside the pages folder with no way out
 * (no "..", no encoded tricks, no symbolic links), written atomically, one write per file at a time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { HttpError } from './http.ts';
import type { LoadStage } from './runtime.ts';

/** What the API calls the folder: file names are "pages/<path inside the pages folder>". */
export const PAGES_PREFIX = 'pages/';

/** The loader's route rules (runtime/load/routes.ts), limits included: the API refuses what `npm run check` refuses. */
export type NameRules = Pick<typeof LoadStage, 'isRouteFile' | 'badRouteFileName' | 'routeLimitProblem'>;

export const apiFileName = (rel: string): string => `${PAGES_PREFIX}${rel}`;

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** `child` is `parent` or inside it (both absolute, already through realpath). */
export function isInside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent + path.sep);
}

/**
 * A page file name from the API, as the path inside the pages folder ("agendamento.yaml"), or
 * a 400. Refused: anything but a plain relative POSIX path under pages/ (NUL, backslashes,
 * absolute paths, "." or ".." segments, doubled slashes), and any name the loader would not
 * take as a route (".yml", "_site.yaml", a "_" folder, capitals, accents, spaces, a name or an
 * address past the limits of runtime/load/routes.ts), before the file system ever sees it.
 */
export function checkPageFileName(value: unknown, rules: NameRules): string {
  if (typeof value !== 'string' || value === '') {
    throw new HttpError(400, 'Informe o arquivo da página, por exemplo: pages/agendamento.yaml.');
  }
  const shown = JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);
  const plain =
    !value.includes('\0') &&
    !value.includes('\\') &&
    !path.posix.isAbsolute(value) &&
    !path.win32.isAbsolute(value) &&
    path.posix.normalize(value) === value &&
    value.startsWith(PAGES_PREFIX) &&
    !value.split('/').includes('..');
  if (!plain) {
    throw new HttpError(
      400,
      `${shown} não é um arquivo de página: informe um arquivo de dentro da pasta pages/, por exemplo pages/agendamento.yaml.`,
    );
  }
  const rel = value.slice(PAGES_PREFIX.length);
  const limit = rules.isRouteFile(rel) ? rules.routeLimitProblem(rel) : undefined;
  if (limit !== undefined) {
    throw new HttpError(400, `${shown} não é um arquivo de página: ${lowerFirst(limit)}`);
  }
  if (!rules.isRouteFile(rel) || rules.badRouteFileName(rel) !== undefined) {
    throw new HttpError(
      400,
      `${shown} não é um arquivo de página: o nome precisa terminar em .yaml e ter só letras minúsculas sem acento, números e hífens (arquivos e pastas começados por "_" não são páginas).`,
    );
  }
  return rel;
}

/** "O nome…" → "o nome…", to follow a colon. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const outside = (file: string) =>
  new HttpError(
    403,
    `${file} fica fora da pasta pages/ (por um atalho): o Estúdio não abre nem grava arquivos fora dela.`,
  );

const missing = (file: string) =>
  new HttpError(404, `A página ${file} não existe: ela pode ter sido excluída ou renomeada.`);

/** The absolute path of `rel`, whose folder exists and really is inside the pages folder. */
async function locate(pagesDir: string, rel: string): Promise<string> {
  const abs = path.join(pagesDir, ...rel.split('/'));
  let folder: string;
  try {
    folder = await realpath(path.dirname(abs));
  } catch (error) {
    if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) throw missing(apiFileName(rel));
    throw error;
  }
  if (!isInside(pagesDir, folder)) throw outside(apiFileName(rel));
  return abs;
}

/**
 * An existing page file: inside the pages folder and a regular file. A symbolic link is refused
 * even when it points inside, so no name can ever lead a read or a write somewhere else.
 */
export async function existingPageFile(
  pagesDir: string,
  rel: string,
): Promise<{ abs: string; stats: Stats }> {
  const file = apiFileName(rel);
  const abs = await locate(pagesDir, rel);
  let stats: Stats;
  try {
    stats = await lstat(abs);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) throw missing(file);
    throw error;
  }
  if (stats.isSymbolicLink()) {
    throw new HttpError(
      403,
      `${file} é um atalho (link simbólico): o Estúdio só abre e grava arquivos comuns da pasta pages/.`,
    );
  }
  if (!stats.isFile()) throw new HttpError(403, `${file} não é um arquivo comum.`);
  return { abs, stats };
}

/** The bytes of a page file, at most `limit` (O_NOFOLLOW: a link swapped in after the check is not followed). */
export async function readPageBytes(abs: string, file: string, limit: number): Promise<Buffer> {
  const handle = await open(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const { size } = await handle.stat();
    if (size > limit) {
      throw new HttpError(
        413,
        `${file} tem ${Math.ceil(size / 1024)} KB, acima do limite de ${limit / 1024} KB de uma página: reduza o arquivo fora do Estúdio.`,
      );
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * `bytes` in a new temporary file beside `abs` (same file system; its name starts with "." and
 * ends in .tmp, so the loader never reads it and nothing lists or serves it), flushed to disk.
 * Returns its path; the caller renames or links it into place and removes it on failure.
 */
export async function writeTempBeside(abs: string, bytes: Buffer, mode: number): Promise<string> {
  const temp = path.join(path.dirname(abs), `.${path.basename(abs)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return temp;
}

/** The name writeTempBeside gives: ".<name>.<12 hex>.tmp". */
export const TEMP_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes the temporary files a write killed midway left in `dir` (and its subfolders): only names
 * writeTempBeside gives, only regular files (never through a link), and only those older than
 * `minAgeMs`, so a write in progress in another process is never touched. Returns what it removed,
 * relative to `dir`. The Estúdio runs it on the pages and images folders when it starts.
 */
export async function removeTempLeftovers(
  dir: string,
  { minAgeMs = 60_000, now = Date.now() }: { minAgeMs?: number; now?: number } = {},
): Promise<string[]> {
  const removed: string[] = [];
  const visit = async (folder: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return;
      throw error;
    }
    for (const entry of entries) {
      const abs = path.join(folder, entry.name);
      if (entry.isDirectory() && depth < 16) await visit(abs, depth + 1);
      else if (entry.isFile() && TEMP_NAME.test(entry.name)) {
        const stats = await lstat(abs).catch(() => undefined);
        if (!stats?.isFile() || now - stats.mtimeMs < minAgeMs) continue;
        await rm(abs, { force: true });
        removed.push(path.relative(dir, abs));
      }
    }
  };
  await visit(dir, 0);
  return removed;
}

/** Replaces a file's content without ever leaving it half written: a temporary file renamed over it. */
export async function writeAtomic(abs: string, bytes: Buffer, mode: number): Promise<void> {
  const temp = await writeTempBeside(abs, bytes, mode);
  try {
    await rename(temp, abs);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * writeAtomic, then the folder flushed too: after a crash or a power cut the file is either the
 * old one or the new one, and the rename itself is on disk (the Estúdio's own state: sessions,
 * the publish journal).
 */
export async function writeDurable(abs: string, bytes: Buffer, mode: number): Promise<void> {
  await writeAtomic(abs, bytes, mode);
  await syncFolder(path.dirname(abs));
}

/** fsync of a folder: its entries (a rename, a removal) are on disk. */
export async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes to a file exclusively: a new page whose folders may not exist yet. The nearest existing
 * folder must really be inside the pages folder (no link out), and nothing is ever overwritten.
 */
export async function checkFolderInside(pagesDir: string, rel: string): Promise<void> {
  let folder = path.dirname(path.join(pagesDir, ...rel.split('/')));
  for (;;) {
    let real: string | undefined;
    try {
      real = await realpath(folder);
    } catch (error) {
      if (!isErrno(error, 'ENOENT') || folder === pagesDir) throw error;
    }
    if (real !== undefined) {
      if (!isInside(pagesDir, real)) throw outside(apiFileName(rel));
      return;
    }
    folder = path.dirname(folder);
  }
}

const queues = new Map<string, Promise<void>>();

/**
 * Runs `task` after every earlier task for the same file has finished: two saves from the same
 * version then compare against what the first one wrote, so exactly one of them wins.
 */
export async function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/** At most 60 characters of what the author typed, in a message. */
const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/**
 * The file a route names, by the rules of `npm run new-page` (runtime/author): "/Promo/" is
 * refused, "promo-inverno" and "/campanhas/inverno/" become "promo-inverno.yaml" and
 * "campanhas/inverno.yaml".
 */
export function routeToFile(
  input: unknown,
  rules: NameRules,
): { rel: string } | { error: string; hint: string } {
  const hint =
    'Use só letras minúsculas sem acento, números e hífens, por exemplo promo-inverno ou campanhas/inverno.';
  if (typeof input !== 'string')
    return { error: 'Informe o endereço da página nova, por exemplo: promo-inverno.', hint };
  const clean = input
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(/^pages\//, '')
    .replace(/\.ya?ml$/, '');
  if (clean === '') return { error: 'Informe o endereço da página nova, por exemplo: promo-inverno.', hint };
  const rel = `${clean}.yaml`;
  if (!rules.isRouteFile(rel)) {
    return { error: `"${clip(input)}" começa com "_": arquivos assim não viram endereço no site.`, hint };
  }
  const limit = rules.routeLimitProblem(rel);
  if (limit !== undefined) {
    return {
      error: limit,
      hint: 'Use um endereço mais curto, por exemplo promo-inverno ou campanhas/inverno.',
    };
  }
  const bad = rules.badRouteFileName(rel);
  if (bad !== undefined) return { error: `"${clip(bad)}" não serve para endereço de página.`, hint };
  return { rel };
}
