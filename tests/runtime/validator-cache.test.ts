/**
 * The page and site validators kept on disk as ajv's standalone code (runtime/load/validator-cache.ts):
 * the kept code says what a fresh ajv compile says, for every page of the site and every broken
 * fixture; a file is read back instead of compiled; a cut-short, broken or stale file is never used.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { buildPageSchema } from '../../schema/page.ts';
import { SiteSchema } from '../../schema/site.ts';
import { parseYaml, type ParsedFile } from '../../runtime/load/parse.ts';
import { createAjv, createValidator, type Validator } from '../../runtime/load/validate.ts';
import {
  keptValidateFunction,
  keptValidator,
  schemaFingerprint,
} from '../../runtime/load/validator-cache.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pageSchema = () => buildPageSchema(blockList);
const siteSchema = () => JSON.parse(JSON.stringify(SiteSchema)) as Record<string, unknown>;
/** The site's own _site.yaml, valid. */
const siteData = () => {
  const result = parseYaml(readFileSync(path.join(root, 'pages/_site.yaml'), 'utf8'), 'pages/_site.yaml');
  if (!result.ok) throw new Error('pages/_site.yaml não lido');
  return structuredClone(result.parsed.data) as Record<string, unknown>;
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'validator-cache-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every YAML file of pages/ and of the test fixtures that parses, site files apart. */
async function yamlFiles(): Promise<{ site: ParsedFile[]; pages: ParsedFile[] }> {
  const site: ParsedFile[] = [];
  const pages: ParsedFile[] = [];
  for (const base of ['pages', 'tests/fixtures']) {
    const entries = await readdir(path.join(root, base), { recursive: true });
    for (const entry of entries.filter((e) => e.endsWith('.yaml')).sort()) {
      const file = `${base}/${entry}`;
      const result = parseYaml(readFileSync(path.join(root, file), 'utf8'), file);
      if (!result.ok) continue;
      (path.basename(file) === '_site.yaml' ? site : pages).push(result.parsed);
    }
  }
  return { site, pages };
}

/** The problems and the data with defaults filled in, on a copy of the parsed file. */
function run(validator: Validator, parsed: ParsedFile) {
  const copy = {
    ...parsed,
    data: structuredClone(parsed.data),
    doc: parsed.doc,
    lineCounter: parsed.lineCounter,
  };
  return { problems: validator(copy), data: copy.data };
}

describe('kept validators', () => {
  it('the kept code, just compiled or read back, says what ajv says, for every page and fixture', async () => {
    const { site, pages } = await yamlFiles();
    expect(pages.length).toBeGreaterThan(60);
    expect(site.length).toBeGreaterThan(3);
    const cases: [Record<string, unknown>, ParsedFile[]][] = [
      [pageSchema(), pages],
      [siteSchema(), site],
    ];
    let withProblems = 0;
    for (const [schema, files] of cases) {
      const fresh = createValidator(schema, createAjv());
      const compiled = keptValidator(schema, dir);
      const readBack = keptValidator(schema, dir);
      for (const parsed of files) {
        const expected = run(fresh, parsed);
        if (expected.problems.length > 0) withProblems++;
        expect(run(compiled, parsed), parsed.file).toEqual(expected);
        expect(run(readBack, parsed), parsed.file).toEqual(expected);
      }
    }
    // The broken fixtures (unknown blocks and props, wrong types, unsafe links…) are compared too.
    expect(withProblems).toBeGreaterThan(20);
  });

  it('compiles a schema once and reads the kept file afterwards', async () => {
    const own = await mkdtemp(path.join(dir, 'once-'));
    const schema = siteSchema();
    keptValidateFunction(schema, own);
    const file = path.join(own, `${schemaFingerprint(schema)}.cjs`);
    expect(await readdir(own)).toEqual([path.basename(file)]);
    // A kept file with other (complete) code is what the next process gets: it is read, not compiled.
    const kept = await readFile(file, 'utf8');
    const endMark = kept.slice(kept.lastIndexOf('\n// fillgas-validator '));
    await writeFile(file, `module.exports = function () { return 'read from disk'; };${endMark}`);
    expect((keptValidateFunction(schema, own) as unknown as () => string)()).toBe('read from disk');
  });

  it('a cut-short, broken or empty file is ignored and written again', async () => {
    const schema = siteSchema();
    const valid = siteData();
    for (const damage of [
      (code: string) => code.slice(0, code.length / 2),
      (code: string) => `this is not javascript(${code.slice(code.indexOf('\n// fillgas-validator '))}`,
      (code: string) => `module.exports = 42;${code.slice(code.indexOf('\n// fillgas-validator '))}`,
      () => '',
    ]) {
      const own = await mkdtemp(path.join(dir, 'damaged-'));
      const file = path.join(own, `${schemaFingerprint(schema)}.cjs`);
      keptValidateFunction(schema, own);
      const good = await readFile(file, 'utf8');
      await writeFile(file, damage(good));
      const validate = keptValidateFunction(schema, own);
      expect(validate(valid)).toBe(true);
      expect(validate({ ...valid, brand: 42 })).toBe(false);
      expect(await readFile(file, 'utf8')).toBe(good);
      expect((await readdir(own)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }
  });

  it('another schema is another file: a kept validator is never used for a schema it was not made from', () => {
    const schema = siteSchema();
    const changed = structuredClone(schema);
    (changed.properties as Record<string, unknown>).brand = { type: 'number' };
    expect(schemaFingerprint(changed)).not.toBe(schemaFingerprint(schema));
    const own = path.join(dir, 'stale');
    expect(keptValidateFunction(schema, own)(siteData())).toBe(true);
    expect(keptValidateFunction(changed, own)(siteData())).toBe(false);
  });

  it('validates when the cache folder cannot be written', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    const validate = keptValidateFunction(siteSchema(), path.join(blocker, 'cache'));
    expect(validate(siteData())).toBe(true);
    expect(validate({ ...siteData(), brand: 42 })).toBe(false);
  });
});
