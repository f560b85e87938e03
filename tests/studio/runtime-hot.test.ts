/**
 * `npm run studio` loads the runtime through Vite's SSR module runner (studio/server/runtime.ts,
 * 'hot'): a developer's edit to blocks/ or runtime/ shows in the next preview of the running
 * Estúdio, without a restart. Only an Estúdio started from its kept bundle (the tests' processes)
 * runs the bundle's own runtime instead (decision 0039, session 20b). Here a copy of the project's
 * sources is the root, so the edit touches no file of the checkout.
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { root } from './helpers.ts';

let tmp: string;
let server: StudioServer;
let cookie: string;
let base: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-quente-'));
  for (const folder of ['runtime', 'blocks', 'schema', 'design', 'pages']) {
    await cp(path.join(root, folder), path.join(tmp, folder), {
      recursive: true,
      filter: (source) => !/\.(test|stories)\.tsx?$/.test(source),
    });
  }
  for (const file of ['package.json', 'tsconfig.json']) await cp(path.join(root, file), path.join(tmp, file));
  await symlink(path.join(root, 'node_modules'), path.join(tmp, 'node_modules'), 'junction');
  server = await createStudioServer({
    root: tmp,
    publicDir: path.join(root, 'public'),
    dataDir: path.join(tmp, '.estudio'),
    port: 0,
  });
  base = `http://127.0.0.1:${server.port}`;
  cookie = `estudio-${server.port}=${server.token}`;
});

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

async function preview(): Promise<string> {
  const source = await readFile(path.join(tmp, 'pages/index.yaml'), 'utf8');
  const response = await fetch(`${base}/api/preview`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
    body: JSON.stringify({ file: 'pages/index.yaml', source }),
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** Replaces `from` by `to` in the copy's `file`, then waits for a preview that shows it. */
async function editAndPreview(file: string, from: string, to: string, shows: string): Promise<string> {
  const abs = path.join(tmp, file);
  const text = await readFile(abs, 'utf8');
  expect(text).toContain(from);
  await writeFile(abs, text.replace(from, to));
  // The file watcher tells the runner; the next import after that runs the edited module.
  let after = await preview();
  for (let tries = 0; tries < 100 && !after.includes(shows); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    after = await preview();
  }
  return after;
}

describe('the Estúdio of npm run studio', () => {
  it('answers pages, blocks and the preview’s fonts through the runner', async () => {
    const get = (url: string) => fetch(`${base}${url}`, { headers: { Cookie: cookie } });
    const pages = await get('/api/pages');
    expect(pages.status).toBe(200);
    expect(await pages.text()).toContain('pages/index.yaml');
    const blocks = await get('/api/blocks');
    expect(blocks.status).toBe(200);
    expect(await blocks.text()).toContain('"footer"');
    // The preview's fonts come from the dev stage.
    const font = await get('/assets/fonts/inter-latin-400-normal.woff2');
    expect(font.status).toBe(200);
    expect(
      Buffer.from(await font.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('wOF2');
  });

  it('shows an edit to a block’s or the runtime’s source in the next preview, without a restart', async () => {
    expect(server.mode).toBe('local');
    const before = await preview();
    expect(before).toContain('<span>CNPJ <!-- -->');
    expect(before).toContain('Pular para o conteúdo</a>');

    const block = await editAndPreview(
      'blocks/footer/footer.tsx',
      '<span>CNPJ {site.taxId}</span>',
      '<span>CNPJ nº {site.taxId}</span>',
      'CNPJ nº',
    );
    expect(block).toContain('<span>CNPJ nº <!-- -->');
    expect(block).not.toContain('<span>CNPJ <!-- -->');

    const runtime = await editAndPreview(
      'runtime/render/render-page.tsx',
      'Pular para o conteúdo</a>',
      'Ir direto ao conteúdo</a>',
      'Ir direto ao conteúdo',
    );
    expect(runtime).toContain('<a class=\\"skip-link\\" href=\\"#conteudo\\">Ir direto ao conteúdo</a>');
    expect(runtime).not.toContain('Pular para o conteúdo');
    // The block's edit is still there.
    expect(runtime).toContain('<span>CNPJ nº <!-- -->');
  });
});
