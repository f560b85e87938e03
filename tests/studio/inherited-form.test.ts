/**
 * Issue 27.5: a variant's `change:` form shows what the base page gives, and "Usar o valor da
 * página base" removes one override. The base's values come from the loader's merge of the base
 * (GET /api/inherited, its own extends chain applied, which the preview's block sources cannot
 * give); removing an override takes only that override's lines (and a map it empties, which
 * would otherwise read as null and delete the base's value), so the loader then gives exactly the
 * base's value there. And the editor tells the author's own other tab from another person.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { renderDraft } from '../../runtime/dev/index.ts';
import { listYamlFiles, loadProject, type LoadedPage } from '../../runtime/load/index.ts';
import { removeOverride, setDeep } from '../../studio/app/screens/editor/form/block-form.tsx';
import { applyChange, type TextChange, type YamlPath } from '../../studio/yaml-edits.ts';
import { othersHere } from '../../studio/app/shared/presence.ts';
import type { Answer, ApiContext, ApiRequest } from '../../studio/server/api.ts';
import type { InheritedAnswer } from '../../studio/api.ts';
import { getInherited } from '../../studio/server/inherited.ts';
import { createPresence } from '../../studio/server/presence.ts';
import type { Runtime } from '../../studio/server/runtime.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');

type Data = Record<string, unknown>;
const isMap = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every override of a change entry: each key whose value is not a map, with its path. */
function leaves(value: unknown, at: YamlPath): YamlPath[] {
  if (!isMap(value) || Object.keys(value).length === 0) return [at];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
}

/** The variant's data without the override at `path`: emptied maps go, an emptied entry stays `{}`. */
function withoutOverride(data: Data, path: YamlPath): Data {
  const copy = structuredClone(data);
  let at = path;
  for (;;) {
    const parent = at.slice(0, -1).reduce<Data>((v, k) => v[k] as Data, copy);
    delete parent[at[at.length - 1]!];
    if (Object.keys(parent).length > 0 || at.length - 1 <= 2) return copy;
    at = at.slice(0, -1);
  }
}

/** Lines wholly outside the change are the same bytes. */
function expectOnlyLines(text: string, change: TextChange | undefined): string {
  expect(change).toBeDefined();
  const next = applyChange(text, change!);
  const before = text.slice(0, text.lastIndexOf('\n', change!.from - 1) + 1);
  const afterAt = text.indexOf('\n', change!.to);
  const after = afterAt < 0 ? '' : text.slice(afterAt);
  expect(next.startsWith(before)).toBe(true);
  expect(next.endsWith(after)).toBe(true);
  return next;
}

async function loadWith(file: string, source: string, dir = pagesDir): Promise<LoadedPage> {
  const project = await loadProject({
    root: path.dirname(dir),
    pagesDir: dir,
    blocks: blockList,
    only: [path.join(dir, path.basename(file))],
    sources: new Map([[`pages/${path.basename(file)}`, source]]),
  });
  return project.pages[0]!;
}

const variants = (
  await Promise.all(
    (await listYamlFiles(pagesDir))
      .filter((f) => !f.startsWith('_'))
      .map(async (f) => ({ file: f, text: await readFile(path.join(pagesDir, f), 'utf8') })),
  )
).filter(({ text }) => isMap(parse(text)) && isMap((parse(text) as Data).change));

describe('"Usar o valor da página base" (removeOverride)', () => {
  it('has variants with change entries to try it on', () => {
    expect(variants.map((v) => v.file)).toContain('recarrega-site.yaml');
  });

  it.each(variants)(
    'on every override of pages/$file: only its lines go, and the loader then gives the base value',
    async ({ file, text }) => {
      const data = parse(text) as Data;
      const paths = Object.entries(data.change as Data).flatMap(([key, entry]) =>
        Object.keys(entry as Data).length === 0 ? [] : leaves(entry, ['change', key]),
      );
      expect(paths.length).toBeGreaterThan(3);
      for (const at of paths) {
        const next = expectOnlyLines(text, removeOverride(text, at, 2));
        const expected = withoutOverride(data, at);
        expect(parse(next), at.join('.')).toEqual(expected);
        // The whole page, loaded, is the page of the expected data: nothing else of the base lost.
        const edited = await loadWith(file, next);
        const reference = await loadWith(file, stringify(expected));
        expect(edited.model, at.join('.')).toEqual(reference.model);
      }
    },
  );

  const recarrega = variants.find((v) => v.file === 'recarrega-site.yaml')!;

  it('takes the emptied maps too, never leaving a null that would delete the base value', () => {
    // hero changes only cta.track: cta goes with it, and hero stays as an empty change.
    const next = applyChange(
      recarrega.text,
      removeOverride(recarrega.text, ['change', 'hero', 'cta', 'track'], 2)!,
    );
    expect(next).toBe(
      recarrega.text.replace('  hero:\n    cta:\n      track: CTASectionC\n', '  hero: {}\n'),
    );
    // duvidas changes two things: only the one asked for goes.
    const other = applyChange(
      recarrega.text,
      removeOverride(recarrega.text, ['change', 'duvidas', 'structuredData'], 2)!,
    );
    expect(other).toBe(recarrega.text.replace('    structuredData: true\n', ''));
  });

  it('keeps a comment written inside an entry it empties', () => {
    const text =
      'extends: agendamento\nchange:\n  hero:\n    # Só o título.\n    title: Outro\n  cta:\n    title: X\n';
    const next = applyChange(text, removeOverride(text, ['change', 'hero', 'title'], 2)!);
    expect(next).toBe(
      'extends: agendamento\nchange:\n  hero: {}\n    # Só o título.\n  cta:\n    title: X\n',
    );
    expect(parse(next)).toEqual({ extends: 'agendamento', change: { hero: {}, cta: { title: 'X' } } });
  });

  it('writes a field again under an emptied entry, and a nested field with its missing map, as lines', () => {
    const emptied = recarrega.text.replace('  hero:\n    cta:\n      track: CTASectionC\n', '  hero: {}\n');
    const titled = expectOnlyLines(emptied, setDeep(emptied, ['change', 'hero', 'title'], 'Novo título'));
    expect(titled).toBe(
      recarrega.text.replace(
        '  hero:\n    cta:\n      track: CTASectionC\n',
        '  hero:\n    title: Novo título\n',
      ),
    );
    const nested = expectOnlyLines(
      recarrega.text,
      setDeep(recarrega.text, ['change', 'hero', 'secondaryCta', 'label'], 'Saiba mais'),
    );
    expect(nested).toBe(
      recarrega.text.replace(
        '      track: CTASectionC\n  experiencia:',
        '      track: CTASectionC\n    secondaryCta:\n      label: Saiba mais\n  experiencia:',
      ),
    );
    // A key that exists is set in place, as setValue does.
    const set = expectOnlyLines(
      recarrega.text,
      setDeep(recarrega.text, ['change', 'hero', 'cta', 'track'], 'Outro'),
    );
    expect(set).toBe(
      recarrega.text.replace('track: CTASectionC\n  experiencia', 'track: Outro\n  experiencia'),
    );
  });
});

describe('GET /api/inherited: the base page as the loader merges it', () => {
  let tmp: string;
  let dir: string;
  let ctx: ApiContext;
  const ask = async (name: string | null): Promise<Answer> => {
    const query = new URLSearchParams(name === null ? '' : `extends=${encodeURIComponent(name)}`);
    return getInherited(ctx, { query } as ApiRequest);
  };

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-herdado-'));
    dir = path.join(tmp, 'pages');
    await cp(pagesDir, dir, { recursive: true });
    // A variant of a variant: the middle one changes the hero's title.
    await writeFile(
      path.join(dir, 'meio.yaml'),
      'extends: sodastream-t\nchange:\n  hero:\n    title: Título do meio\n',
    );
    await writeFile(path.join(dir, 'ponta.yaml'), 'extends: meio\nchange:\n  hero:\n    eyebrow: Da ponta\n');
    const runtime = {
      root: tmp,
      pagesDir: dir,
      load: () => import('../../runtime/load/index.ts'),
      blocks: () => import('../../blocks/index.ts'),
    } as unknown as Runtime;
    ctx = { runtime, pagesDir: dir } as ApiContext;
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  it("gives the base's blocks after the base's own extends chain", async () => {
    const answer = await ask('meio');
    expect(answer.status).toBe(200);
    const { base, blocks } = answer.body as InheritedAnswer;
    expect(base).toBe('pages/meio.yaml');
    const hero = blocks.find((b) => b.type === 'hero')!;
    expect(hero.props.title).toBe('Título do meio');
    // Everything else of the hero is the root page's.
    expect(hero.props.eyebrow).toBe('Recarga de CO2 em São Paulo e Grande SP');
    expect(hero.props.cta).toMatchObject({ label: 'Agendar recarga', track: 'HeroSectionT' });
    // The same blocks, in the same order, as the loader's model of that page.
    const loaded = await loadProject({
      root: tmp,
      pagesDir: dir,
      blocks: blockList,
      only: [path.join(dir, 'meio.yaml')],
    });
    expect(blocks.map((b) => b.props)).toEqual(loaded.pages[0]!.model.blocks);
    expect(blocks.filter((b) => b.id).map((b) => b.id)).toEqual(
      loaded.pages[0]!.model.blocks.flatMap((b) => (b.id ? [b.id] : [])),
    );
  });

  it("is what the preview's block sources cannot say: they name the root page's node", async () => {
    const source = await readFile(path.join(dir, 'ponta.yaml'), 'utf8');
    const render = await renderDraft(tmp, dir, 'pages/ponta.yaml', source);
    expect(render.ok).toBe(true);
    const hero = render.ok ? render.blocks.find((b) => b.type === 'hero')! : undefined;
    // The hero's source is sodastream-t.yaml, whose title is not the one the base (meio) gives.
    expect(hero).toMatchObject({ file: 'pages/sodastream-t.yaml' });
  });

  it('names the base as extends: does, and refuses what is no page', async () => {
    expect(((await ask('pages/meio.yaml')).body as InheritedAnswer).base).toBe('pages/meio.yaml');
    await expect(ask(null)).rejects.toMatchObject({ status: 400 });
    await expect(ask('nao-existe')).rejects.toMatchObject({ status: 404 });
    await expect(ask('../etc/passwd')).rejects.toMatchObject({ status: 404 });
    await expect(ask('_site')).rejects.toMatchObject({ status: 404 });
  });

  it('says when the base has problems instead of giving half a page', async () => {
    await writeFile(path.join(dir, 'quebrada.yaml'), 'extends: meio\nchange:\n  heroo:\n    title: X\n');
    await expect(ask('quebrada')).rejects.toMatchObject({ status: 422 });
  });
});

describe('presence: your own other tab is you', () => {
  const me = {
    name: 'Carla Marketing',
    email: 'carla@fillgas.com.br',
    role: 'administrador' as const,
    mode: 'local' as const,
  };
  const entry = (tab: string, name: string, email: string, file = 'pages/recarga.yaml') => ({
    tab,
    file,
    name,
    email,
    since: '2025-01-01T00:00:00.000Z',
  });

  it('the server keeps each tab, two of one person included', () => {
    const presence = createPresence(() => 1000);
    presence.beat('aba-um-000', me, 'pages/recarga.yaml');
    presence.beat('aba-dois-00', me, 'pages/recarga.yaml');
    const { editing } = presence.list();
    expect(editing.map((e) => [e.tab, e.email])).toEqual([
      ['aba-um-000', me.email],
      ['aba-dois-00', me.email],
    ]);
  });

  it('says "você, em outra aba" for the same person, and names other people', () => {
    const file = 'pages/recarga.yaml';
    const mine = entry('esta', me.name, me.email);
    const second = entry('outra', me.name, 'Carla@Fillgas.com.br');
    const ana = entry('da-ana', 'Ana', 'ana@fillgas.com.br');
    expect(othersHere([mine], file, me, 'esta')).toEqual({ sentence: '', people: false });
    expect(othersHere([mine, second], file, me, 'esta')).toEqual({
      sentence: 'Esta página também está aberta: você, em outra aba.',
      people: false,
    });
    expect(othersHere([mine, second, entry('mais', me.name, me.email)], file, me, 'esta').sentence).toBe(
      'Esta página também está aberta: você, em outras 2 abas.',
    );
    expect(othersHere([mine, ana, second], file, me, 'esta')).toEqual({
      sentence: 'Ana também está com esta página aberta; você também, em outra aba.',
      people: true,
    });
    expect(
      othersHere(
        [ana, entry('ana-2', 'Ana', 'ana@fillgas.com.br'), entry('b', 'Bruno', 'b@x.br')],
        file,
        me,
        'esta',
      ).sentence,
    ).toBe('Ana e Bruno também estão com esta página aberta.');
    // Another page's tabs do not count.
    expect(othersHere([entry('x', 'Ana', 'ana@x.br', 'pages/index.yaml')], file, me, 'esta').sentence).toBe(
      '',
    );
    // Until GET /api/eu answers, nobody is named (one's own tab never shows as someone else).
    expect(othersHere([second], file, undefined, 'esta').sentence).toBe('');
    // When it cannot say, everyone is named.
    expect(othersHere([second], file, null, 'esta').sentence).toBe(
      'Carla Marketing também está com esta página aberta.',
    );
  });
});
