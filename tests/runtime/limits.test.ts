import { mkdtemp, rm, writeFile, cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageErrors } from '../../runtime/load/errors.ts';
import { loadProject } from '../../runtime/load/project.ts';
import { MAX_FILE_BYTES, parseYaml } from '../../runtime/load/parse.ts';
import { blockList } from '../../blocks/index.ts';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-limits-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('hostile input', () => {
  it('refuses a file over the size limit before parsing it', async () => {
    const pagesDir = path.join(tmp, 'pages');
    await cp(path.resolve(import.meta.dirname, '../../pages/_site.yaml'), path.join(pagesDir, '_site.yaml'));
    await writeFile(
      path.join(pagesDir, 'enorme.yaml'),
      `title: x\ndescription: "${'a'.repeat(MAX_FILE_BYTES)}"\n`,
    );
    const error = await loadProject({ root: tmp, pagesDir, blocks: blockList }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageErrors);
    const [problem] = (error as PageErrors).problems;
    expect(problem).toMatchObject({
      code: 'file-too-large',
      loc: { file: 'pages/enorme.yaml', line: 1, column: 1 },
    });
    expect(problem!.message).toBe('Arquivo grande demais: 257 KB (o limite é 256 KB).');
  });

  it('stops a billion-laughs document quickly', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const started = performance.now();
    const result = parseYaml(levels.join('\n'), 'pages/bomba.yaml');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]!.code).toBe('alias-bomb');
  });
});
