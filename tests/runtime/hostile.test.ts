/**
 * Hostile and broken input (issue 7): a corpus of bad projects in tests/fixtures/hostile/<case>/pages.
 * Each must be refused as a located, Portuguese problem (a PageErrors, which the CLI prints
 * without a stack trace), quickly, by check and by build, and a refused build leaves no output
 * folder behind. The CLI itself runs on a sample of the corpus (each run starts a process: the
 * in-process checks below cover every case through the same loadProject/buildSite code).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PageErrors } from '../../runtime/load/errors.ts';
import { formatProblems } from '../../runtime/load/format-error.ts';
import { MAX_FILE_BYTES } from '../../runtime/load/parse.ts';
import { loadProject } from '../../runtime/load/project.ts';
import { buildSite } from '../../runtime/build/prerender.ts';
import { blockList } from '../../blocks/index.ts';
import { projectArgs } from '../helpers/tsx.ts';

const root = path.resolve(import.meta.dirname, '../..');
const corpus = path.join(root, 'tests/fixtures/hostile');
const tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-hostile-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Expected first problem of each case: code and file:line:column. */
const expected: Record<string, { code: string; at: string; text?: RegExp }> = {
  '01-syntax-unclosed-quote': { code: 'yaml-syntax', at: 'pages/x.yaml:5:15', text: /Aspas/ },
  '02-syntax-bad-indent': { code: 'yaml-syntax', at: 'pages/x.yaml:5:1', text: /recuo/ },
  '03-tab-indentation': { code: 'yaml-syntax', at: 'pages/x.yaml:4:1', text: /Tabulação/ },
  '04-duplicate-key': { code: 'yaml-syntax', at: 'pages/x.yaml:3:1', text: /Chave repetida/ },
  '05-wrong-type-title': { code: 'wrong-type', at: 'pages/x.yaml:1:8', text: /deveria ser texto/ },
  '06-blocks-not-a-list': { code: 'wrong-type', at: 'pages/x.yaml:4:3', text: /deveria ser lista/ },
  '07-unknown-block': { code: 'unknown-block', at: 'pages/x.yaml:5:11', text: /carrossel/ },
  '08-unknown-prop': { code: 'unknown-prop', at: 'pages/x.yaml:5:5', text: /"cor"/ },
  '09-missing-required-prop': { code: 'missing-prop', at: 'pages/x.yaml:4:5', text: /obrigatória/ },
  '10-missing-title': { code: 'missing-prop', at: 'pages/x.yaml:1:1', text: /"title"/ },
  '11-empty-file': { code: 'empty-file', at: 'pages/x.yaml:1:1' },
  '12-comments-only': { code: 'empty-file', at: 'pages/x.yaml:1:1' },
  '13-huge-file': { code: 'file-too-large', at: 'pages/x.yaml:1:1', text: /grande demais/ },
  '14-alias-bomb': { code: 'alias-bomb', at: 'pages/x.yaml:2:8', text: /aliases/ },
  // The parser runs out of stack: the column depends on the stack size, so only the line is fixed.
  '15-deep-nesting': { code: 'too-deep', at: 'pages/x.yaml:3:108', text: /aninhados demais/ },
  '16-unsafe-javascript-url': { code: 'unsafe-url', at: 'pages/x.yaml:5:11', text: /javascript:/ },
  '17-unsafe-data-url': { code: 'unsafe-url', at: 'pages/x.yaml:5:11', text: /data:/ },
  '18-unsafe-obfuscated-url': { code: 'unsafe-url', at: 'pages/x.yaml:5:11', text: /javascript:/ },
  '19-unsafe-protocol-relative': { code: 'invalid-url', at: 'pages/x.yaml:5:11' },
  '20-unsafe-vbscript': { code: 'unsafe-url', at: 'pages/x.yaml:5:11', text: /vbscript:/ },
  '21-duplicate-route': { code: 'duplicate-route', at: 'pages/oferta/index.yaml:1:1', text: /\/oferta/ },
  '22-duplicate-anchor': { code: 'duplicate-anchor', at: 'pages/x.yaml:7:9', text: /"topo"/ },
  '23-site-invalid-phone': { code: 'invalid-value', at: 'pages/_site.yaml:7:8', text: /phone/ },
  '24-site-invalid-email': { code: 'invalid-value', at: 'pages/_site.yaml:9:8', text: /email/ },
  '25-site-http-origin': { code: 'invalid-value', at: 'pages/_site.yaml:6:9', text: /origin/ },
  '26-site-unknown-key': {
    code: 'unknown-prop',
    at: 'pages/_site.yaml:20:1',
    text: /"telefone" nas configurações do site/,
  },
  '27-site-bad-analytics-id': { code: 'invalid-value', at: 'pages/_site.yaml:20:14', text: /analyticsId/ },
  '28-missing-site': { code: 'missing-site', at: 'pages/_site.yaml:1:1' },
  '29-top-level-list': { code: 'not-a-mapping', at: 'pages/x.yaml:1:1', text: /lista/ },
  '30-top-level-scalar': { code: 'not-a-mapping', at: 'pages/x.yaml:1:1' },
  '31-multi-document': { code: 'yaml-syntax', at: 'pages/x.yaml:5:1' },
  '32-binary-file': { code: 'missing-prop', at: 'pages/x.yaml:1:1' },
  '33-hostile-tag': { code: 'invalid-url', at: 'pages/x.yaml:5:29' },
  '34-proto-key': { code: 'unknown-prop', at: 'pages/x.yaml:5:5', text: /__proto__/ },
  '35-bad-file-name': { code: 'bad-file-name', at: 'pages/Minha Página.yaml:1:1' },
  '36-bad-hide-for': { code: 'invalid-value', at: 'pages/x.yaml:5:14', text: /hideFor/ },
  '37-bad-chat-message': { code: 'invalid-value', at: 'pages/x.yaml:7:19', text: /whatsapp/ },
  '38-legal-bad-token': { code: 'invalid-value', at: 'pages/x.yaml:10:13', text: /telefone2/ },
  '39-title-too-long': { code: 'invalid-value', at: 'pages/x.yaml:1:8', text: /máximo é 70/ },
  '40-extends-missing-base': { code: 'extends-missing', at: 'pages/x.yaml:1:10', text: /nao-existe/ },
  '41-extends-cycle': { code: 'extends-cycle', at: 'pages/b.yaml:1:10', text: /Ciclo/ },
  '42-extends-unknown-block': { code: 'unknown-block-id', at: 'pages/x.yaml:3:3', text: /heroi/ },
  '43-extends-self': { code: 'extends-cycle', at: 'pages/x.yaml:1:10', text: /si mesma/ },
  '44-extends-site': { code: 'extends-not-a-page', at: 'pages/x.yaml:1:10', text: /_site/ },
};

// `_texto-hostil` is a valid site full of hostile text (tests/runtime/hostile-render.test.ts).
const cases = readdirSync(corpus)
  .filter((name) => !name.startsWith('_'))
  .sort();

/** A writable copy of a case (the huge file is written here rather than committed). */
async function prepare(name: string): Promise<string> {
  const dir = path.join(tmp, name);
  if (existsSync(dir)) return dir;
  await cp(path.join(corpus, name), dir, { recursive: true });
  const marker = path.join(dir, 'pages/x.yaml.gerado');
  if (existsSync(marker)) {
    await rm(marker);
    await writeFile(
      path.join(dir, 'pages/x.yaml'),
      `title: x\ndescription: "${'a'.repeat(MAX_FILE_BYTES)}"\nblocks: []\n`,
    );
  }
  return dir;
}

describe('the hostile corpus', () => {
  it('has at least 30 cases and an expectation for each', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(cases).toEqual(Object.keys(expected).sort());
  });

  for (const name of cases) {
    it(`${name}: check and build refuse it with a located problem and leave no output`, async () => {
      const dir = await prepare(name);
      const pagesDir = path.join(dir, 'pages');
      const started = performance.now();
      const error = await loadProject({ root: dir, pagesDir, blocks: blockList }).catch((e: unknown) => e);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(error).toBeInstanceOf(PageErrors);
      const [first] = (error as PageErrors).problems;
      const want = expected[name]!;
      expect(first!.code).toBe(want.code);
      expect(`${first!.loc.file}:${first!.loc.line}:${first!.loc.column}`).toMatch(
        new RegExp(`^${want.at.replace(/[.]/g, '\\.')}${want.at.endsWith(':') ? '\\d+' : ''}$`),
      );
      if (want.text) expect(first!.message).toMatch(want.text);
      const printed = formatProblems((error as PageErrors).problems);
      expect(printed).toContain(want.at);
      expect(printed).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);

      const outDir = path.join(dir, 'out');
      const built = await buildSite({ root: dir, pagesDir, outDir }).catch((e: unknown) => e);
      expect(built).toBeInstanceOf(PageErrors);
      expect(existsSync(outDir)).toBe(false);
      expect((await readdir(dir)).filter((f) => f.startsWith('out'))).toEqual([]);
    }, 15_000);
  }
});

const run = promisify(execFile);

describe('the CLI on hostile input', () => {
  // One per kind of refusal: the parser, the size limit before parsing, the site file, extends.
  const sample = ['01-syntax-unclosed-quote', '13-huge-file', '23-site-invalid-phone', '41-extends-cycle'];
  for (const name of sample) {
    it(`${name}: check and build --out exit 1 with the located message, no stack trace, no output`, async () => {
      const dir = await prepare(name);
      for (const args of [['check'], ['build', '--out', 'out']]) {
        const result = await run(process.execPath, await projectArgs('runtime/cli.ts', ...args), {
          cwd: dir,
          timeout: 30_000,
          env: { ...process.env, NODE_ENV: 'production', FORCE_COLOR: '0' },
        }).then(
          () => ({ code: 0, stderr: '' }),
          (e: { code: number; stderr: string; killed?: boolean }) => ({
            code: e.code,
            stderr: e.stderr,
            killed: e.killed,
          }),
        );
        expect(result).toMatchObject({ code: 1 });
        expect(result.stderr).toContain(expected[name]!.at);
        expect(result.stderr).toContain('nenhuma página foi publicada');
        expect(result.stderr).not.toMatch(/^\s+at /m);
        expect(existsSync(path.join(dir, 'out'))).toBe(false);
      }
    }, 70_000);
  }
});
