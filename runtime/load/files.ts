/** The pages folder on disk: which YAML files it holds, each read with the size limit. */
import { constants } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PageProblem } from './errors.ts';
import { MAX_FILE_BYTES, parseYaml, type ParseResult } from './parse.ts';

/**
 * What a folder of the site holds, read once and without following any symbolic link: its
 * .yaml/.yml files, and every symbolic link in it (to a file or a folder, inside or outside the
 * project, dangling or not), both relative to it and sorted. The build refuses the links.
 */
export async function readSiteFolder(dir: string): Promise<{ files: string[]; links: string[] }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const relative = (e: (typeof entries)[number]) =>
    path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
  return {
    files: entries
      .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
      .map(relative)
      .sort(),
    links: entries
      .filter((e) => e.isSymbolicLink())
      .map(relative)
      .sort(),
  };
}

/** Every .yaml/.yml file under `dir`, relative to it, sorted (symbolic links are not files). */
export async function listYamlFiles(dir: string): Promise<string[]> {
  return (await readSiteFolder(dir)).files;
}

/** Every symbolic link under `dir` (see readSiteFolder); none when `dir` does not exist. */
export async function symbolicLinks(dir: string): Promise<string[]> {
  try {
    return (await readSiteFolder(dir)).links;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * A symbolic link in the pages or public folder (`file` relative to the project root). Refused
 * wherever it points: the build would otherwise publish whatever is at the other end, a file
 * outside the project included (decision 0017: no link is followed).
 */
export function symbolicLinkProblem(file: string): PageProblem {
  return {
    code: 'symbolic-link',
    message:
      'É um atalho (link simbólico), e o site não segue atalhos: o build levaria para o site o que estiver do outro lado, até um arquivo de fora do projeto.',
    hint: 'Troque o atalho por uma cópia do próprio arquivo, ou apague-o (git rm).',
    loc: { file, line: 1, column: 1 },
  };
}

/** Never follows a link at the file itself (ELOOP instead); 0 where the platform has no such flag. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

export async function readYamlFile(absPath: string, file: string): Promise<ParseResult> {
  let handle;
  try {
    handle = await open(absPath, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      return { ok: false, problems: [symbolicLinkProblem(file)] };
    }
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size > MAX_FILE_BYTES) return tooLarge(file, size);
    return parseYaml(await handle.readFile('utf8'), file);
  } finally {
    await handle.close();
  }
}

function tooLarge(file: string, size: number): ParseResult {
  return {
    ok: false,
    problems: [
      {
        code: 'file-too-large',
        message: `Arquivo grande demais: ${Math.ceil(size / 1024)} KB (o limite é ${MAX_FILE_BYTES / 1024} KB).`,
        hint: 'Uma página não precisa de tanto texto. Divida o conteúdo em outras páginas ou remova o que foi colado por engano.',
        loc: { file, line: 1, column: 1 },
      },
    ],
  };
}

/**
 * Text that replaces a file's content on disk for one load, by root-relative path
 * ("pages/agendamento.yaml"): the Estúdio renders the page being edited, before it is saved.
 */
export type SourceOverrides = ReadonlyMap<string, string>;

/** readYamlFile, or the override's text for `file` when there is one (same size limit). */
export async function readPageFile(
  absPath: string,
  file: string,
  sources?: SourceOverrides,
): Promise<ParseResult> {
  const text = sources?.get(file);
  if (text === undefined) return readYamlFile(absPath, file);
  if (Buffer.byteLength(text) > MAX_FILE_BYTES) return tooLarge(file, Buffer.byteLength(text));
  return parseYaml(text, file);
}
