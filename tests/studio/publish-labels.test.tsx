// @vitest-environment jsdom
/**
 * What the buttons that would publish say, by role (issue 39, decisions 0048 and 0049), and whose
 * change a request's review speaks of. The screens run in jsdom against a real hosted Estúdio
 * with three accounts (Editor, Publicador, Administrador): the app's relative `fetch` goes to it
 * with the person's session cookie, so GET /api/eu, the role and the approval setting are the
 * server's own.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cheapHash, startStudio, type Studio } from './helpers.ts';
import { publishAsks, publishVerb } from '../../studio/app/shared/publish-words.ts';
import { reviewLabels, whoseChange } from '../../studio/app/screens/publicar/changed-pages.tsx';

const ANA = {
  name: 'Ana Souza',
  email: 'ana@fillgas.com.br',
  password: 'cilindro azul no portão',
  role: 'editor',
};
const BRUNO = {
  name: 'Bruno Lima',
  email: 'bruno@fillgas.com.br',
  password: 'outra frase bem comprida',
  role: 'publicador',
};
const CARLA = {
  name: 'Carla Dias',
  email: 'carla@fillgas.com.br',
  password: 'terceira frase comprida',
  role: 'administrador',
};
type Who = typeof ANA;

describe('the words', () => {
  it('make Publicar a request for an Editor, and for everyone while approval is required', () => {
    expect(publishAsks({ role: 'editor' })).toBe(true);
    expect(publishAsks({ role: 'publicador' })).toBe(false);
    expect(publishAsks({ role: 'administrador' })).toBe(false);
    for (const role of ['editor', 'publicador', 'administrador'] as const)
      expect(publishAsks({ role, approvalRequired: true })).toBe(true);
    // Not known yet (or not answered): Publicar, as before roles; the dialog still asks when it must.
    expect(publishAsks(undefined)).toBe(false);
    expect(publishAsks(null)).toBe(false);
    expect(publishVerb(true)).toBe('Pedir publicação');
    expect(publishVerb(false)).toBe('Publicar');
  });

  it('speak of the requester’s change to the approver, of “a sua” to the requester and in Publicar', () => {
    const ana = { name: 'Ana Souza', email: 'ana@fillgas.com.br' };
    expect(reviewLabels(whoseChange(ana, { email: 'bruno@fillgas.com.br' })).after).toBe(
      'Depois: com a mudança de Ana Souza',
    );
    expect(reviewLabels(whoseChange(ana, { email: ' ANA@fillgas.com.br ' })).after).toBe(
      'Depois: com a sua mudança',
    );
    expect(reviewLabels(whoseChange(undefined, { email: 'bruno@fillgas.com.br' })).after).toBe(
      'Depois: com a sua mudança',
    );
    // A requester without a name is named by e-mail.
    expect(whoseChange({ name: ' ', email: 'x@y.br' }, undefined)).toBe('a mudança de x@y.br');
  });
});

describe('on a hosted Estúdio with an Editor, a Publicador and an Administrador', () => {
  let work: string;
  let studio: Studio;
  const cookies = new Map<string, string>();
  const realFetch = globalThis.fetch;

  async function signIn(who: Who): Promise<string> {
    const res = await realFetch(`${studio.base}/entrar`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: studio.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: who.email, senha: who.password }).toString(),
    });
    expect(res.status).toBe(303);
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  /**
   * The app's fetch, as `who` in a browser: same origin, their session cookie. A review
   * (POST /api/review) stays under way until the screen lets it go, as while the site builds:
   * this Estúdio has no git, and its refusal would otherwise replace the words under test as soon
   * as the review is asked (the dialog asks at once).
   */
  function browseAs(who: Who) {
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), studio.base);
      if (url.pathname === '/api/review')
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      const headers = new Headers(init.headers);
      headers.set('Cookie', cookies.get(who.email)!);
      if ((init.method ?? 'GET') !== 'GET') headers.set('Origin', studio.origin);
      return realFetch(url, { ...init, headers });
    });
    // jsdom has no media queries: a computer's screen.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }

  /** A fresh app (GET /api/eu is asked once per page load: a new module for each person). */
  async function app() {
    vi.resetModules();
    const { PagesScreen } = await import('../../studio/app/screens/paginas/pages-screen.tsx');
    const { ChangedPages } = await import('../../studio/app/screens/publicar/changed-pages.tsx');
    return { PagesScreen, ChangedPages };
  }

  async function pagesButton(who: Who): Promise<string> {
    browseAs(who);
    const { PagesScreen } = await app();
    render(<PagesScreen onOpen={() => {}} />);
    // The page list comes with GET /api/pages; the words with GET /api/eu.
    await screen.findAllByRole('link', { name: /recarga/ }, { timeout: 20_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const button = screen
      .getAllByRole('button')
      .find((b) => /^(Publicar|Pedir publicação)/.test(b.textContent!));
    const text = button?.textContent ?? '';
    cleanup();
    return text;
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'estudio-rotulos-'));
    const accountsFile = path.join(work, 'contas.json');
    await writeFile(
      accountsFile,
      JSON.stringify(
        [ANA, BRUNO, CARLA].map((p) => ({
          name: p.name,
          email: p.email,
          hash: cheapHash(p.password),
          role: p.role,
        })),
        null,
        2,
      ),
      { mode: 0o600 },
    );
    studio = await startStudio({
      dataDir: path.join(work, 'estado'),
      hosted: { accountsFile, limits: { ipBurst: 50 } },
    });
    for (const who of [ANA, BRUNO, CARLA]) cookies.set(who.email, await signIn(who));
  }, 180_000);

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  afterAll(async () => {
    await studio?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('Páginas says “Pedir publicação” to the Editor, “Publicar” to the others; to everyone once approval is required', async () => {
    expect(await pagesButton(ANA)).toMatch(/^Pedir publicação/);
    expect(await pagesButton(BRUNO)).toMatch(/^Publicar/);
    expect(await pagesButton(CARLA)).toMatch(/^Publicar/);

    const res = await realFetch(`${studio.base}/api/requests/settings`, {
      method: 'PUT',
      headers: {
        Cookie: cookies.get(CARLA.email)!,
        Origin: studio.origin,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ approvalRequired: true }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    for (const who of [ANA, BRUNO, CARLA])
      expect(await pagesButton(who), who.name).toMatch(/^Pedir publicação/);
  }, 120_000);

  it('a request’s review tells the approver it is Ana’s change, and Ana that it is hers', async () => {
    const request = { name: ANA.name, email: ANA.email };
    browseAs(BRUNO);
    let { ChangedPages } = await app();
    render(
      <ChangedPages
        files={['pages/recarga.yaml']}
        heading="Páginas que este pedido muda"
        requester={request}
      />,
    );
    expect(
      await screen.findByText(
        /Montando o site com a mudança de Ana Souza para comparar/,
        {},
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    cleanup();

    browseAs(ANA);
    ({ ChangedPages } = await app());
    render(
      <ChangedPages
        files={['pages/recarga.yaml']}
        heading="Páginas que este pedido muda"
        requester={request}
      />,
    );
    // Until GET /api/eu answers nobody is known; then it is her own change.
    expect(
      await screen.findByText(/Montando o site com a sua mudança para comparar/, {}, { timeout: 20_000 }),
    ).toBeTruthy();
  }, 60_000);
});
