/**
 * The Estúdio's server refuses what it must (docs: ../shared/docs/studio.md, "Security of a server
 * that writes files"): every refusal has its status, a Portuguese message, and writes nothing.
 */
import { mkdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES } from '../../runtime/load/index.ts';
import { CSP_NONCE_PLACEHOLDER } from '../../studio/app/vite-config.ts';
import { PREVIEW_AGENT_PATH } from '../../studio/server/security.ts';
import { cheapHash, rawRequest, sha256, snapshot, startStudio, type Studio } from './helpers.ts';

let studio: Studio;
/** Beside pages/: what a path escaping the folder would reach. */
let outsidePage: string;

beforeAll(async () => {
  studio = await startStudio();
  outsidePage = path.join(studio.tmp, 'x.yaml');
  await writeFile(outsidePage, 'title: Fora da pasta\nblocks: []\n');
  await writeFile(path.join(studio.tmp, 'package.json'), '{"name":"nao-mexer"}\n');
  // A link inside pages/ to a file outside, and a folder link to a folder outside.
  await symlink(outsidePage, path.join(studio.pagesDir, 'atalho.yaml'));
  await mkdir(path.join(studio.tmp, 'fora'));
  await writeFile(path.join(studio.tmp, 'fora', 'pagina.yaml'), 'title: Fora\nblocks: []\n');
  await symlink(path.join(studio.tmp, 'fora'), path.join(studio.pagesDir, 'pasta'));
}, 120_000);
afterAll(() => studio?.close());

/** Runs `act` and checks that nothing under the temporary folder (pages/ and beside it) changed. */
async function writesNothing<T>(act: () => Promise<T>): Promise<T> {
  const before = await snapshot(studio.tmp);
  const result = await act();
  expect(await snapshot(studio.tmp)).toEqual(before);
  return result;
}

const portuguese = /[ãáâçéêíóôõú]/i;

async function expectError(res: Response, status: number, pattern?: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = (await res.json()) as { error: string };
  expect(body.error).toMatch(portuguese);
  if (pattern) expect(body.error).toMatch(pattern);
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.ts:\d+/);
  return body;
}

describe('the token and the session cookie', () => {
  it('answers GET / without the cookie with a Portuguese page pointing to the terminal', async () => {
    const res = await writesNothing(() => fetch(`${studio.base}/`));
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('Abra o endereço que o comando npm run studio mostrou no terminal');
  });

  it('refuses the API without the cookie (JSON)', async () => {
    const res = await writesNothing(() => fetch(`${studio.base}/api/pages`));
    await expectError(res, 401, /terminal/);
  });

  it('refuses a wrong token and a wrong cookie', async () => {
    const wrong = await writesNothing(() => fetch(`${studio.base}/?token=errado`, { redirect: 'manual' }));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('não vale');

    const almost = studio.server.token.slice(0, -1) + (studio.server.token.endsWith('A') ? 'B' : 'A');
    const res = await writesNothing(() =>
      fetch(`${studio.base}/api/pages`, { headers: { Cookie: `estudio-${studio.server.port}=${almost}` } }),
    );
    await expectError(res, 401);

    // The right token under another port's cookie name: another Estúdio's session, not this one's.
    const other = await writesNothing(() =>
      fetch(`${studio.base}/api/pages`, { headers: { Cookie: `estudio-1=${studio.server.token}` } }),
    );
    await expectError(other, 401);
  });

  it('turns the valid token into an HttpOnly, SameSite=Strict cookie and redirects to /', async () => {
    const res = await fetch(`${studio.base}/?token=${studio.server.token}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie.split('; ')).toEqual(
      expect.arrayContaining([
        `estudio-${studio.server.port}=${studio.server.token}`,
        'HttpOnly',
        'SameSite=Strict',
        'Path=/',
      ]),
    );
    const app = await fetch(`${studio.base}/`, { headers: { Cookie: cookie.split(';')[0]! } });
    expect(app.status).toBe(200);
  });

  it('keeps the app, Vite and its modules behind the cookie', async () => {
    for (const url of ['/@vite/client', '/studio/app/vite-config.ts', '/node_modules/react/package.json']) {
      const res = await fetch(`${studio.base}${url}`);
      expect(res.status, url).toBe(401);
    }
  });
});

describe('Host and Origin', () => {
  const foreignHosts = ['evil.example', 'evil.example:PORT', '127.0.0.1', '127.0.0.1:1', 'LOCALHOST:PORT'];

  it('refuses a foreign Host header (DNS rebinding), even for public files and the token', async () => {
    for (const host of foreignHosts.map((h) => h.replace('PORT', String(studio.server.port)))) {
      for (const url of ['/api/pages', '/favicon.svg', `/?token=${studio.server.token}`]) {
        const res = await writesNothing(() =>
          rawRequest(studio.server.port, { path: url, headers: { Host: host, Cookie: studio.cookie } }),
        );
        expect(res.status, `${host} ${url}`).toBe(403);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.text).toContain('Endereço não reconhecido');
      }
    }
  });

  it('accepts localhost:<port> as well as 127.0.0.1:<port>', async () => {
    const res = await rawRequest(studio.server.port, {
      path: '/api/blocks',
      headers: { Host: `localhost:${studio.server.port}`, Cookie: studio.cookie },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a save without Origin or from another origin, and a delete from another origin', async () => {
    const file = path.join(studio.pagesDir, 'agendamento.yaml');
    const version = sha256(await readFile(file));
    const save = { file: 'pages/agendamento.yaml', source: 'title: Invadido\n', version };
    for (const origin of [
      undefined,
      'https://evil.example',
      'null',
      `http://127.0.0.1:${studio.server.port + 1}`,
    ]) {
      const res = await writesNothing(() =>
        fetch(`${studio.base}/api/page`, {
          method: 'PUT',
          headers: {
            Cookie: studio.cookie,
            'Content-Type': 'application/json',
            ...(origin === undefined ? {} : { Origin: origin }),
          },
          body: JSON.stringify(save),
        }),
      );
      await expectError(res, 403, /telas do próprio Estúdio/);
    }
    const del = await writesNothing(() =>
      studio.api('DELETE', '/api/page?file=pages/agendamento.yaml', undefined, {
        Origin: 'https://evil.example',
      }),
    );
    await expectError(del, 403);
  });
});

describe('page file names', () => {
  const forms = [
    '../x.yaml',
    'pages/../package.json',
    'pages/../x.yaml',
    '/etc/passwd',
    'pages\\..\\x.yaml',
    'pages/_site.yaml',
    'pages/x.yml',
    'pages/agendamento.yaml\0',
    'pages/agendamento\0.yaml',
    'pages//agendamento.yaml',
    'pages/./agendamento.yaml',
    'pages/Agendamento.yaml',
    'agendamento.yaml',
    '',
  ];

  it.each(forms)('refuses %j in a save, writing nothing', async (file) => {
    const res = await writesNothing(() =>
      studio.api('PUT', '/api/page', { file, source: 'title: Invadido\nblocks: []\n', version: sha256('') }),
    );
    await expectError(res, 400);
  });

  it('refuses each form in the query string too, also %-encoded (pages/%2e%2e/x.yaml)', async () => {
    const raw = [
      'pages/%2e%2e/x.yaml',
      'pages/%2E%2E/package.json',
      'pages%2f..%2fx.yaml',
      'pages/agendamento.yaml%00',
    ];
    const urls = [...forms.map((f) => encodeURIComponent(f)), ...raw];
    for (const q of urls) {
      for (const method of ['GET', 'DELETE']) {
        const res = await writesNothing(() => studio.api(method, `/api/page?file=${q}`));
        await expectError(res, 400);
      }
    }
  });

  it('refuses a symbolic link inside pages/ that points outside: read, save and delete', async () => {
    const before = await readFile(outsidePage);
    const read = await studio.api('GET', '/api/page?file=pages/atalho.yaml');
    await expectError(read, 403, /atalho/);
    const save = await writesNothing(() =>
      studio.api('PUT', '/api/page', {
        file: 'pages/atalho.yaml',
        source: 'title: Invadido\n',
        version: sha256(before),
      }),
    );
    await expectError(save, 403, /atalho/);
    const del = await writesNothing(() => studio.api('DELETE', '/api/page?file=pages/atalho.yaml'));
    await expectError(del, 403);
    expect(await readFile(outsidePage)).toEqual(before);
  });

  it('refuses a page reached through a folder link that leads outside', async () => {
    const inside = path.join(studio.tmp, 'fora', 'pagina.yaml');
    const version = sha256(await readFile(inside));
    const save = await writesNothing(() =>
      studio.api('PUT', '/api/page', {
        file: 'pages/pasta/pagina.yaml',
        source: 'title: Invadido\n',
        version,
      }),
    );
    await expectError(save, 403, /fora da pasta pages/);
    const duplicate = await writesNothing(() =>
      studio.api('POST', '/api/pages/duplicate', { file: 'pages/agendamento.yaml', route: 'pasta/copia' }),
    );
    await expectError(duplicate, 403);
    const create = await writesNothing(() => studio.api('POST', '/api/pages', { route: 'pasta/nova' }));
    await expectError(create, 403);
  });
});

describe('sizes and types of request bodies', () => {
  it('refuses a body over 512 KiB declared by Content-Length (413)', async () => {
    const big = Buffer.from(
      JSON.stringify({ file: 'pages/agendamento.yaml', source: 'a'.repeat(600 * 1024), version: 'x' }),
    );
    const res = await writesNothing(() =>
      rawRequest(studio.server.port, {
        method: 'PUT',
        path: '/api/page',
        headers: {
          Host: `127.0.0.1:${studio.server.port}`,
          Origin: studio.origin,
          Cookie: studio.cookie,
          'Content-Type': 'application/json',
          'Content-Length': String(big.length),
        },
        chunks: [big],
      }),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).error).toMatch(/grandes demais/);
  });

  it('stops reading a streamed body once it passes 512 KiB (413)', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const res = await writesNothing(() =>
      rawRequest(studio.server.port, {
        method: 'PUT',
        path: '/api/page',
        headers: {
          Host: `127.0.0.1:${studio.server.port}`,
          Origin: studio.origin,
          Cookie: studio.cookie,
          'Content-Type': 'application/json',
          'Transfer-Encoding': 'chunked',
        },
        chunks: [Buffer.from('{"file":"pages/agendamento.yaml","source":"'), ...Array(10).fill(chunk)],
      }),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).error).toMatch(/grandes demais/);
  });

  it('refuses page text over the loader limit in a save and a preview (413)', async () => {
    const file = path.join(studio.pagesDir, 'agendamento.yaml');
    const version = sha256(await readFile(file));
    const source = `title: x\ndescription: "${'a'.repeat(MAX_FILE_BYTES)}"\nblocks: []\n`;
    const save = await writesNothing(() =>
      studio.api('PUT', '/api/page', { file: 'pages/agendamento.yaml', source, version }),
    );
    await expectError(save, 413, /limite/);
    const preview = await studio.api('POST', '/api/preview', { file: 'pages/agendamento.yaml', source });
    await expectError(preview, 413);
  });

  it('refuses a body that is not JSON (415) and malformed JSON (400)', async () => {
    const wrongType = await writesNothing(() =>
      studio.api('PUT', '/api/page', 'file=pages/agendamento.yaml', { 'Content-Type': 'text/plain' }),
    );
    await expectError(wrongType, 415);
    const malformed = await writesNothing(() => studio.api('PUT', '/api/page', '{"file":'));
    await expectError(malformed, 400);
  });
});

describe('answers', () => {
  it('sends the security headers: nosniff and no referrer everywhere, no-store on the API', async () => {
    const res = await studio.api('GET', '/api/blocks');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(`${studio.base}/api/blocks`);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never lets another page frame the app; the preview frame only by the app', async () => {
    const app = await studio.api('GET', '/');
    expect(app.status).toBe(200);
    expect(app.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(app.headers.get('x-frame-options')).toBe('DENY');
    const preview = await fetch(`${studio.base}/estudio/preview.html`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(preview.headers.get('x-frame-options')).toBeNull();
  });

  it("serves the site's public files without the cookie (the sandboxed preview sends none)", async () => {
    const icon = await fetch(`${studio.base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(icon.headers.get('content-security-policy')).toContain('sandbox');
    const font = await fetch(`${studio.base}/assets/fonts/inter-latin-400-normal.woff2`);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(font.headers.get('access-control-allow-origin')).toBe('*');
    // Encoded escapes out of public/ lead nowhere public: they need the cookie like everything else.
    for (const url of ['/images/%2e%2e/%2e%2e/package.json', '/%2e%2e/pages/_site.yaml']) {
      const res = await fetch(`${studio.base}${url}`);
      expect(res.status, url).toBe(401);
    }
  });

  it('answers unknown API paths with 404 and wrong methods with 405, in JSON', async () => {
    await expectError(await studio.api('GET', '/api/nada'), 404);
    const wrong = await studio.api('PATCH', '/api/page', { file: 'pages/agendamento.yaml' });
    await expectError(wrong, 405);
    expect(wrong.headers.get('allow')).toBe('GET, PUT, DELETE');
  });
});

/** A policy's directives by name: "script-src" → "http://…". */
function directivesOf(csp: string | null): Record<string, string> {
  expect(csp).toBeTruthy();
  return Object.fromEntries(
    csp!.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values.join(' ')];
    }),
  );
}

/**
 * The preview frame's page protects itself (previewCsp): opened on its own it is sandboxed (an
 * opaque origin, scripts only), it runs the agent's script and nothing else, loads styles, fonts
 * and images only, requests nothing, and only the Estúdio frames it.
 */
function expectPreviewPolicy(res: Response, address: string) {
  expect(res.status).toBe(200);
  const policy = directivesOf(res.headers.get('content-security-policy'));
  expect(policy).toEqual({
    'default-src': "'none'",
    'script-src': `${address}${PREVIEW_AGENT_PATH}`,
    'style-src': "'unsafe-inline'",
    'font-src': address,
    'img-src': `${address} data:`,
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'self'",
    sandbox: 'allow-scripts',
  });
  // Scripts, requests and frames fall back to default-src 'none'; never allow-same-origin.
  expect(res.headers.get('content-security-policy')).not.toMatch(/allow-same-origin|unsafe-eval|\*/);
  expect(res.headers.get('x-frame-options')).toBeNull();
}

describe("the preview frame's page", () => {
  it('has its own policy, locally: the agent only, sandboxed, nothing requested, framed by the app', async () => {
    const res = await fetch(`${studio.base}/estudio/preview.html`);
    expectPreviewPolicy(res, studio.base);
    // The policy names the script the page loads, by its path.
    const html = await res.text();
    expect(html).toContain(`<script type="module" src="${PREVIEW_AGENT_PATH}"></script>`);
    expect(html.match(/<script/g)).toHaveLength(1);
    const agent = await fetch(`${studio.base}${PREVIEW_AGENT_PATH}`);
    expect(agent.status).toBe(200);
    expect(agent.headers.get('content-type')).toContain('text/javascript');
    // The agent is one module: no import the policy would refuse.
    expect(await agent.text()).not.toMatch(/^\s*import\b/m);
  });

  it('names the address it was asked by: localhost as well as 127.0.0.1', async () => {
    const res = await rawRequest(studio.server.port, {
      path: '/estudio/preview.html',
      headers: { Host: `localhost:${studio.server.port}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain(
      `script-src http://localhost:${studio.server.port}${PREVIEW_AGENT_PATH};`,
    );
  });

  it('has the same policy hosted, without a session', async () => {
    const appDir = path.join(studio.tmp, 'app-falso');
    await mkdir(appDir);
    await writeFile(
      path.join(appDir, 'index.html'),
      `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">`,
    );
    const hosted = await startStudio({
      hosted: {
        accountsJson: JSON.stringify([
          { name: 'Ana', email: 'ana@fillgas.com.br', hash: cheapHash('uma frase longa qualquer') },
        ]),
        appDir,
      },
    });
    try {
      const res = await fetch(`${hosted.base}/estudio/preview.html`);
      expectPreviewPolicy(res, hosted.base);
      // The hosted headers stay (COOP, nosniff); only the frame rule changes.
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await hosted.close();
    }
  }, 120_000);
});

describe('unexpected errors', () => {
  it('answers 500 with a generic Portuguese message and logs the stack to stderr only', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const away = `${studio.pagesDir}-fora`;
    await rename(studio.pagesDir, away);
    try {
      const res = await studio.api('GET', '/api/pages');
      const body = await expectError(res, 500, /Erro interno do Estúdio/);
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).not.toContain(studio.tmp);
      expect(logged).toHaveBeenCalled();
    } finally {
      await rename(away, studio.pagesDir);
      logged.mockRestore();
    }
  });
});
