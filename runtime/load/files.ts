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
  if (size > MAX_FILE_BYTES) {
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
  return parseYaml(await readFile(absPath, 'utf8'), file);
}
