import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../runtime/load/project.ts';
import { createPage, NewPageError } from '../../runtime/author/new-page.ts';
import { buildSite } from '../../runtime/build/prerender.ts';
import { blockList } from '../../blocks/index.ts';
import { projectArgs } from '../helpers/tsx.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-new-page-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** A copy of the real pages folder, so the real pages are the bases. */
async function project(name: string) {
  const root = path.join(tmp, name);
  await cp(path.join(repo, 'pages'), path.join(root, 'pages'), { recursive: true });
  return { root, pagesDir: path.join(root, 'pages') };
}

describe('npm run new-page', () => {
  it('writes a starter page and a variant that validate and build at once', async () => {
    const { root, pagesDir } = await project('build');
    const starter = await createPage({ root, pagesDir, route: '/campanhas/inverno' });
    const variant = await createPage({ root, pagesDir, route: 'promo-inverno', from: 'agendamento' });
    expect(starter).toMatchObject({ file: 'pages/campanhas/inverno.yaml', route: '/campanhas/inverno' });
    expect(variant).toMatchObject({ file: 'pages/promo-inverno.yaml', route: '/promo-inverno' });
    expect(starter.text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schema/page.schema.json');
    expect(variant.text.split('\n')[0]).toBe('# yaml-language-server: $schema=../schema/page.schema.json');
    expect(variant.text).toContain('\nextends: agendamento\n');
    expect(variant.text).toContain('# Blocos de agendamento: navbar, hero, como-funciona (steps),');

    const loaded = await loadProject({ root, pagesDir, blocks: blockList });
    const page = (route: string) => loaded.pages.find((p) => p.route === route)!;
    expect(page('/campanhas/inverno').model.blocks.map((b) => b.type)).toEqual(['navbar', 'hero', 'footer']);
    expect(page('/promo-inverno').model).toEqual(page('/agendamento').model);

    const outDir = path.join(tmp, 'dist');
    await buildSite({ root: repo, pagesDir, outDir });
    const html = (route: string) => readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
    expect(html('campanhas/inverno')).toContain('Título principal da página');
    expect(html('promo-inverno')).toContain('Sodastream Refil');
  }, 180_000);

  it("the variant's commented example is valid once uncommented", async () => {
    const { root, pagesDir } = await project('example');
    const { file, text } = await createPage({ root, pagesDir, route: 'exemplo', from: 'agendamento' });
    const uncommented = text.replace(/^# (title|change|remove| {2})/gm, '$1');
    expect(uncommented).toContain('\nchange:');
    await writeFile(path.join(root, file), uncommented);
    const loaded = await loadProject({ root, pagesDir, blocks: blockList, only: [file] });
    const model = loaded.pages[0]!.model;
    expect(model.title).toBe('Outro título para o Google e a aba do navegador');
    expect(model.blocks.find((b) => b.type === 'hero')!.title).toBe('Um título diferente para esta campanha');
    expect(model.blocks.some((b) => b.id === 'depoimentos')).toBe(false);

    // A variant of that variant lists the blocks as merged (no depoimentos).
    const second = await createPage({ root, pagesDir, route: 'exemplo-2', from: 'exemplo' });
    expect(second.text).toContain('\nextends: exemplo\n');
    expect(second.text).toMatch(
      /# Blocos de exemplo: navbar, hero, como-funciona \(steps\), beneficios \(features\), comparativo/,
    );
  });

  it('refuses an existing route, a route an index file already answers, bad names and an unknown base', async () => {
    const { root, pagesDir } = await project('refuse');
    const refusal = (route: string, from?: string) =>
      createPage({ root, pagesDir, route, from }).then(
        () => 'criou',
        (e: unknown) => (e instanceof NewPageError ? `${e.message} | ${e.hint}` : String(e)),
      );
    expect(await refusal('agendamento')).toBe(
      'O endereço /agendamento já existe: pages/agendamento.yaml. | Escolha outro endereço, ou edite o arquivo que já existe.',
    );
    expect(await refusal('agendamento/index')).toMatch(/^O endereço \/agendamento já existe/);
    expect(await refusal('/')).toMatch(/^Informe o endereço da página nova/);
    expect(await refusal('Promoção de Inverno')).toMatch(
      /^"Promoção de Inverno" não serve para endereço de página\. Você quis dizer "promocao-de-inverno"\?/,
    );
    expect(await refusal('_rascunho')).toMatch(/começa com "_"/);
    expect(await refusal('nova', 'agendamneto')).toMatch(
      /^A página "agendamneto" não existe\. Você quis dizer "agendamento"\? \| Páginas disponíveis: 404, agendamento,/,
    );
    expect(await refusal('nova', '_site')).toMatch(/^"_site" não é uma página\./);
    expect(existsSync(path.join(pagesDir, 'nova.yaml'))).toBe(false);
  });

  it('prints the file it created and the dev address; exit 1 with the reason when it refuses', async () => {
    const { root } = await project('cli');
    // Run from the copy, as an author runs it from the project folder.
    const run = async (...args: string[]) =>
      promisify(execFile)(process.execPath, await projectArgs('runtime/cli.ts', 'new-page', ...args), {
        cwd: root,
      }).then(
        ({ stdout }) => ({ code: 0, out: stdout }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    const made = await run('promo', '--from', 'agendamento');
    expect(made.code).toBe(0);
    expect(made.out).toContain('✓ Criado pages/promo.yaml (variante de agendamento).');
    expect(made.out).toContain('http://127.0.0.1:5173/promo');
    expect(await readFile(path.join(root, 'pages/promo.yaml'), 'utf8')).toContain('extends: agendamento');
    const again = await run('promo');
    expect(again.code).toBe(1);
    expect(again.out).toContain('✖ O endereço /promo já existe: pages/promo.yaml.');
  }, 60_000);
});
