/**
 * The smallest change, end to end (docs/decisions/0037-list-items-in-variants.md): seeded random
 * edits of string props at any depth of random blocks of the real pages (list items of lists
 * inside list items included), sometimes after taking an item out, each written by
 * smallestChange (runtime/author/smallest-change.ts) into a variant's `change:` as the decision
 * spells it (`2:` keys, ids), loaded by the real loader: the page is exactly the base page with
 * those edits, and every base file stays byte-identical. "Levar a vencedora para a página"
 * (runtime/author/promote.ts) replays each variant into its base, or refuses it by name: the
 * promoted base is the same page.
 */
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document, isScalar, visit } from 'yaml';
import { blockList } from '../../blocks/index.ts';
import { promoteVariant, PromoteError, smallestChange, type ChangePath } from '../../runtime/author/index.ts';
import { listYamlFiles, loadProject, createAjv, PageErrors } from '../../runtime/load/index.ts';
import { buildPageSchema } from '../../schema/page.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const RUNS = 200;
type Data = Record<string, unknown>;
type Key = string | number;

let root: string;
let pagesDir: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'extends-items-property-'));
  pagesDir = path.join(root, 'pages');
  await cp(path.join(repo, 'pages'), pagesDir, { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Texts a marketer types, YAML-hostile ones included. */
const TEXTS = [
  'Recarga com 10% de desconto',
  'Preço: R$ 140',
  '# não é comentário',
  'Aspas \'simples\' e "duplas"',
  'Ação, atenção e pão',
  '- começa com traço',
  'Primeira linha\nSegunda linha',
  '123',
  'yes',
  'null',
  '  espaços em volta  ',
  'Fale com {email}',
  'Texto com: dois pontos e [colchetes]',
];

function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every string leaf of a block, and every list, by path inside the block. */
function walk(value: unknown, at: Key[], strings: Key[][], lists: Key[][]): void {
  if (typeof value === 'string' && !(at.length === 1 && (at[0] === 'type' || at[0] === 'id')))
    strings.push(at);
  if (Array.isArray(value)) {
    lists.push(at);
    value.forEach((item, i) => walk(item, [...at, i], strings, lists));
  } else if (isRecord(value)) for (const [k, v] of Object.entries(value)) walk(v, [...at, k], strings, lists);
}

function getIn(data: unknown, at: readonly Key[]): unknown {
  return at.reduce<unknown>((v, k) => (v as Record<Key, unknown> | undefined)?.[k], data);
}

/** Sets a value the way the YAML path says: a missing map is created (string keys). */
function setIn(data: Data, at: ChangePath, value: unknown): void {
  let here: Record<Key, unknown> = data;
  at.slice(0, -1).forEach((k) => {
    here[k] ??= {};
    here = here[k] as Record<Key, unknown>;
  });
  here[at[at.length - 1]!] = value;
}

/** The variant's text, item positions written as plain number keys (`2:`), as a marketer would. */
function variantText(data: Data): string {
  const doc = new Document(data);
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && typeof pair.key.value === 'string' && /^[1-9][0-9]*$/.test(pair.key.value))
        pair.key.value = Number(pair.key.value);
    },
  });
  return doc.toString({ lineWidth: 0 });
}

describe('random smallest changes of list items, through the real loader', () => {
  it(`${RUNS} variants of the real pages give exactly the base page with the edits`, async () => {
    const files = (await listYamlFiles(pagesDir)).filter((f) => !path.basename(f).startsWith('_'));
    const originals = new Map(files.map((f) => [f, readFileSync(path.join(repo, 'pages', f), 'utf8')]));
    const bases: { name: string; model: Data & { blocks: Data[] } }[] = [];
    for (const file of files) {
      const project = await loadProject({ root, pagesDir, blocks: blockList, only: [`pages/${file}`] });
      const page = project.pages[0]!;
      bases.push({
        name: file.replace(/\.yaml$/, ''),
        model: page.model as unknown as Data & { blocks: Data[] },
      });
    }
    const valid = createAjv().compile(buildPageSchema(blockList));
    const random = seeded(20_261_128);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

    const promoteRoot = path.join(root, 'promote');
    const promoteDir = promoteRoot;
    await cp(pagesDir, path.join(promoteRoot, 'pages'), { recursive: true });
    const refusals: string[] = [];
    let promotedCount = 0;
    let checked = 0;
    let removals = 0;
    let nested = 0;
    for (let run = 0; run < RUNS; run++) {
      const { name, model } = pick(bases);
      // Blocks `change:` can name: by id, or by type when the page has one block of that type.
      const named = model.blocks.flatMap((b, i) => {
        if (typeof b.id === 'string') return [{ i, name: b.id }];
        const same = model.blocks.filter((o) => o.type === b.type);
        return same.length === 1 ? [{ i, name: String(b.type) }] : [];
      });
      const expected = structuredClone(model);
      const variant: Data = { extends: name };
      const changeOf = (block: string) => getIn(variant, ['change', block]);

      if (random() < 0.35) {
        // Take one item out of a random list (the decision's `2: null`), then edit what is shown.
        const target = pick(named);
        const lists: Key[][] = [];
        walk(expected.blocks[target.i], [], [], lists);
        const list = lists.length > 0 ? pick(lists) : undefined;
        const items = list && (getIn(expected.blocks[target.i], list) as unknown[]);
        if (list && items && items.length > 1) {
          const k = Math.floor(random() * items.length);
          const base = model.blocks[target.i];
          const out = smallestChange({
            block: target.name,
            base,
            change: changeOf(target.name),
            at: [...list, k],
            value: null,
          });
          setIn(variant, out.path, null);
          items.splice(k, 1);
          removals++;
        }
      }

      const edits = 1 + Math.floor(random() * 4);
      for (let e = 0; e < edits; e++) {
        const target = pick(named);
        const strings: Key[][] = [];
        walk(expected.blocks[target.i], [], strings, []);
        if (strings.length === 0) continue;
        const at = pick(strings);
        const value = pick(TEXTS);
        const out = smallestChange({
          block: target.name,
          base: model.blocks[target.i],
          change: changeOf(target.name),
          at,
          value,
        });
        // Only edits that keep the page valid (a marketer's edit the page schema refuses is the
        // validator's business, tested elsewhere).
        const candidate = structuredClone(expected);
        setIn(candidate.blocks[target.i] as Data, at, value);
        if (!valid(structuredClone(candidate))) continue;
        setIn(expected.blocks[target.i] as Data, at, value);
        setIn(variant, out.path, value);
        if (at.filter((k) => typeof k === 'number').length > 1) nested++;
      }
      if (!variant.change) continue;

      // The removal may leave the page invalid (too few items): then it is not a case either.
      if (!valid(structuredClone(expected))) continue;
      const text = variantText(variant);
      await writeFile(path.join(pagesDir, 'variante-prop.yaml'), text);
      const project = await loadProject({
        root,
        pagesDir,
        blocks: blockList,
        only: ['pages/variante-prop.yaml'],
      }).catch((error: unknown) => {
        const detail = error instanceof PageErrors ? error.message : String(error);
        throw new Error(`${detail}\n--- pages/variante-prop.yaml\n${text}`);
      });
      expect(project.pages[0]!.model, text).toEqual(expected);
      checked++;

      // "Levar a vencedora para a página" replays the same change as text edits of the base, or
      // refuses it by name: the promoted base page is the same page.
      const baseFile = `pages/${name}.yaml`;
      const baseSource = originals.get(`${name}.yaml`)!;
      let promoted: string;
      try {
        promoted = promoteVariant({ baseSource, variantSource: text, baseFile, variantFile: 'pages/v.yaml' });
      } catch (error) {
        if (!(error instanceof PromoteError)) throw error;
        refusals.push(error.message);
        continue;
      }
      await writeFile(path.join(promoteDir, baseFile), promoted);
      const again = await loadProject({
        root: promoteRoot,
        pagesDir: path.join(promoteRoot, 'pages'),
        blocks: blockList,
        only: [baseFile],
      });
      await writeFile(path.join(promoteDir, baseFile), baseSource);
      expect(again.pages[0]!.model, `${text}\n--- promoted\n${promoted}`).toEqual(expected);
      promotedCount++;
    }
    // The seeded runs did test something, including removals and lists inside list items.
    expect(checked).toBeGreaterThan(RUNS * 0.7);
    expect(removals).toBeGreaterThan(20);
    expect(nested).toBeGreaterThan(10);
    // Refused only where decision 0037 says so: items of a list the base does not write, and
    // positions when the base is itself a variant.
    for (const message of refusals) expect(message).toMatch(/vem do padrão do bloco|também é uma variante/);
    expect(promotedCount).toBeGreaterThan(checked * 0.7);

    for (const [file, text] of originals)
      expect(await readFile(path.join(pagesDir, file), 'utf8')).toBe(text);
  }, 120_000);
});
