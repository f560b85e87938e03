/** The pages folder on disk: which YAML files it holds, each read with the size limit. */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_FILE_BYTES, parseYaml, type ParseResult } from './parse.ts';

/** Every .yaml/.yml file under `dir`, relative to it, sorted. */
export async function listYamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

export async function readYamlFile(absPath: string, file: string): Promise<ParseResult> {
  const { size } = await stat(absPath);
  if (size > MAX_FILE_BYTES) return tooLarge(file, size);
  return parseYaml(await readFile(absPath, 'utf8'), file);
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
