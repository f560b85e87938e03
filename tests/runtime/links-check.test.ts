/**
 * Internal links (runtime/load/links.ts): a link a page shows to a page of this site must lead to a
 * page that exists, in a block's link prop or in a legal text's [texto](/pagina). Checked on a copy
 * of the real pages/, as `npm run check`, the build and the Estúdio's preview load it.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { projectArgs } from '../helpers/tsx.ts';
import { renderDraft } from '../../runtime/dev/index.ts';
import { checkSite, formatProblems, PageErrors, type PageProblem } from '../../runtime/load/index.ts';

const repo = path.resolve(import.meta.dirname, '../..');
let root: string;
let pages: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'links-check-'));
  pages = path.join(root, 'pages');
  await cp(path.join(repo, 'pages'), pages, { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

const edit = async (file: string, from: string, to: string) => {
  const abs = path.join(pages, file);
  const text = await readFile(abs, 'utf8');
  if (!text.includes(from)) throw new Error(`${from} não está em ${file}`);
  await writeFile(abs, text.replace(from, to));
};
const check = () => checkSite({ root, pagesDir: pages, blocks: blockList });
async function problems(): Promise<PageProblem[]> {
  const error = await check().catch((e: unknown) => e);
  if (error instanceof PageErrors) return error.problems;
  throw new Error(`esperava problemas: ${String(error)}`);
}
const located = (p: PageProblem) => `${p.loc.file}:${p.loc.line}:${p.loc.column} ${p.message}`;

/** A page of cards, one per href, whose buttons go there (choiceCards' cta is a Link); 4 a block. */
const cardPage = (hrefs: string[]) =>
  [
    'title: Links | Fillgás',
    'description: Uma página de links.',
    'blocks:',
    ...hrefs.flatMap((href, i) => [
      ...(i % 4 === 0 ? ['  - type: choiceCards', '    heading: Escolha', '    cards:'] : []),
      `      - title: Cartão ${i + 1}`,
      '        text: Um cartão.',
      '        cta:',
      '          label: Ir',
      `          href: '${href}'`,
    ]),
  ].join('\n');

describe('links to pages of the site', () => {
  it('passes the real site', async () => {
    const checked = await check();
    expect(checked.project.pages.length).toBeGreaterThan(10);
  });

  it('refuses a link prop to a page that does not exist, located at the value', async () => {
    await edit('recarga.yaml', 'href: /termos-de-uso', 'href: /nao-existe');
    const found = await problems();
    expect(found.map(located)).toEqual([
      'pages/recarga.yaml:163:15 O link /nao-existe não leva a nenhuma página do site.',
    ]);
    expect(found[0]!.code).toBe('broken-link');
    expect(found[0]!.loc.endColumn).toBe(15 + '/nao-existe'.length);
    expect(found[0]!.hint).toContain('Páginas do site: /, /agendamento,');
    expect(found[0]!.hint).not.toContain('/404');
    expect(formatProblems(found)).toContain('> 163 |         href: /nao-existe');
  });

  it('suggests the closest page, keeping the anchor', async () => {
    await edit('sodastream-m.yaml', 'href: /politica-de-privacidade', 'href: /politica-de-privacidad#dados');
    const [problem] = await problems();
    expect(problem!.message).toBe(
      'O link /politica-de-privacidad#dados não leva a nenhuma página do site. Você quis dizer "/politica-de-privacidade#dados"?',
    );
  });

  it('finds a [texto](/pagina) link inside a legal text, located at the link', async () => {
    await edit('termos-de-uso.yaml', '(/politica-de-cancelamento)', '(/politica-de-cancelamentos)');
    const [problem] = await problems();
    expect(located(problem!)).toBe(
      'pages/termos-de-uso.yaml:90:69 O link /politica-de-cancelamentos não leva a nenhuma página do site. Você quis dizer "/politica-de-cancelamento"?',
    );
    expect(formatProblems([problem!])).toMatch(/\n\s+\|\s+\^{26}\n/);
  });

  it('lets pass anchors, queries, trailing slashes, files, /assets/ and other schemes', async () => {
    await writeFile(
      path.join(pages, 'links.yaml'),
      cardPage([
        // Anchors the pages have (a wrong one is refused: tests/runtime/anchors.test.ts).
        '#conteudo',
        '/',
        '/termos-de-uso/',
        '/recarga?utm_source=x#como-funciona',
        '/images/cilindro.svg',
        '/robots.txt',
        '/favicon.ico',
        '/assets/qualquer-coisa',
        'https://example.com/nao-existe',
        'mailto:contato@fillgas.example',
        'tel:+5511999999999',
      ]),
    );
    const checked = await check();
    expect(checked.project.pages.map((p) => p.route)).toContain('/links');
  });

  it('refuses the 404 page as a link target, and a route written with another case', async () => {
    await writeFile(path.join(pages, 'links.yaml'), cardPage(['/404', '/Recarga']));
    const found = await problems();
    expect(found.map((p) => p.message)).toEqual([
      'O link /404 leva à página de erro: ela responde aos endereços que não existem e não é destino de links.',
      'O link /Recarga não leva a nenhuma página do site. Você quis dizer "/recarga"?',
    ]);
    expect(found.map((p) => `${p.loc.line}:${p.loc.column}`)).toEqual(['11:17', '16:17']);
  });

  it('locates a broken link of a variant where it is written: the variant, or the base it inherits', async () => {
    await writeFile(
      path.join(pages, 'recarga-b.yaml'),
      [
        'extends: recarga',
        'change:',
        '  footer:',
        '    links:',
        '      2:',
        '        href: /sem-pagina',
        '',
      ].join('\n'),
    );
    const found = await problems();
    expect(found.map(located)).toEqual([
      'pages/recarga-b.yaml:6:15 O link /sem-pagina não leva a nenhuma página do site.',
    ]);
    // The same broken link in the base is the base's: said once, in the base, for both pages.
    await rm(path.join(pages, 'recarga-b.yaml'));
    await writeFile(path.join(pages, 'recarga-b.yaml'), 'extends: recarga\ntitle: Recarga B | Fillgás\n');
    await edit('recarga.yaml', 'href: /termos-de-uso', 'href: /nao-existe');
    expect((await problems()).map(located)).toEqual([
      'pages/recarga.yaml:163:15 O link /nao-existe não leva a nenhuma página do site.',
    ]);
  });

  it('checks a link only against pages, even when checking one file (npm run check <file>)', async () => {
    await edit('recarga.yaml', 'href: /termos-de-uso', 'href: /nao-existe');
    const error = await checkSite({ root, pagesDir: pages, blocks: blockList, only: ['pages/index.yaml'] });
    expect(error.project.pages.map((p) => p.route)).toEqual(['/']);
    const refused = await checkSite({
      root,
      pagesDir: pages,
      blocks: blockList,
      only: ['pages/recarga.yaml'],
    }).catch((e: unknown) => e);
    expect((refused as PageErrors).problems.map((p) => p.code)).toEqual(['broken-link']);
  });

  it('shows in the Estúdio’s preview as a located problem of the draft, like the others', async () => {
    const file = 'pages/recarga.yaml';
    const source = (await readFile(path.join(pages, 'recarga.yaml'), 'utf8')).replace(
      'href: /termos-de-uso',
      'href: /termos-de-usu',
    );
    const answer = await renderDraft(root, pages, file, source);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.problems).toEqual([
      expect.objectContaining({
        code: 'broken-link',
        message: 'O link /termos-de-usu não leva a nenhuma página do site. Você quis dizer "/termos-de-uso"?',
        loc: expect.objectContaining({
          file,
          line: 163,
          column: 15,
          endColumn: 15 + '/termos-de-usu'.length,
        }),
        // The same text npm run check prints, its line and caret under the link.
        text: expect.stringContaining('> 163 |         href: /termos-de-usu\n'),
      }),
    ]);
  });

  it('npm run check prints it with its place (exit 1)', async () => {
    await edit('recarga.yaml', 'href: /termos-de-uso', 'href: /nao-existe');
    const run = await promisify(execFile)(
      process.execPath,
      // The CLI from its kept bundle, as the Estúdio's check runs it (bundled-entry.test.ts: it
      // answers check as tsx does): about a second of CPU less than through tsx.
      await projectArgs('runtime/cli.ts', 'check', '--pages', pages),
      { cwd: repo },
    ).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect((run as { code?: number }).code).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toContain(
      'recarga.yaml:163:15  O link /nao-existe não leva a nenhuma página do site.',
    );
  }, 60_000);
});
