// @vitest-environment jsdom
/**
 * The "Pedir …" buttons (decision 0049, session 21) in the app's own screens, run in jsdom against
 * the team's real hosted Estúdio (requests-team.ts): the app's relative `fetch` goes to it with the
 * person's session cookie, so the role and the approval setting are the server's. An Editor meets
 * "Pedir para restaurar" where a Publicador has "Restaurar esta versão", sends it with a message,
 * and the Publicador's Pedidos says in words what the request does.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublishAnswer } from '../../studio/api.ts';
import type { RequestsAnswer } from '../../studio/requests-api.ts';
import { ANA, BRUNO, teamStudio, type Who } from './requests-team.ts';

const team = teamStudio();

// jsdom has no modal dialogs yet: open and close set the attribute, as a browser's would.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};
const realFetch = globalThis.fetch;

/** The app's fetch, as `who` in a browser: same origin, their session cookie. */
function browseAs(who: Who) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), team.base);
    const headers = new Headers(init.headers);
    headers.set('Cookie', team.cookie(who));
    if ((init.method ?? 'GET') !== 'GET') headers.set('Origin', team.base);
    return realFetch(url, { ...init, headers });
  });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** A fresh app for `who` (GET /api/eu is asked once per page load). */
async function screens(who: Who) {
  browseAs(who);
  vi.resetModules();
  const { HistoryScreen } = await import('../../studio/app/screens/historico/history-screen.tsx');
  const { RequestsScreen } = await import('../../studio/app/screens/pedidos/requests-screen.tsx');
  return { HistoryScreen, RequestsScreen };
}

/** Histórico of /recarga with its first version chosen, once its difference is shown. */
async function historyAtFirstVersion(who: Who) {
  const { HistoryScreen } = await screens(who);
  render(<HistoryScreen file="pages/recarga.yaml" onOpen={() => {}} />);
  fireEvent.click(await screen.findByText('Cria a página', {}, { timeout: 20_000 }));
  // The buttons wait for the role (GET /api/eu) and for the difference to be on the screen.
  await screen.findByText(/Nesta versão a página foi criada/, {}, { timeout: 20_000 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
}

const buttonNamed = (name: string) =>
  screen.queryAllByRole('button').find((b) => b.textContent === name) as HTMLButtonElement | undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Pedir para restaurar in Histórico, and the request in Pedidos', () => {
  it('an Editor asks where a Publicador restores; the request is sent with its message', async () => {
    await team.edit('recarga.yaml', 'title: ', 'title: Campanha | ');
    const published = await team.api<PublishAnswer>(BRUNO, 'POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Título da campanha',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    await historyAtFirstVersion(BRUNO);
    expect(buttonNamed('Restaurar esta versão')).toBeTruthy();
    expect(buttonNamed('Pedir para restaurar')).toBeUndefined();
    cleanup();

    await historyAtFirstVersion(ANA);
    expect(buttonNamed('Restaurar esta versão')).toBeUndefined();
    const ask = await screen.findByRole('button', { name: 'Pedir para restaurar' }, { timeout: 10_000 });
    await act(async () => {
      for (let i = 0; i < 50 && (ask as HTMLButtonElement).disabled; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
    });
    fireEvent.click(ask);
    const send = screen.getByRole('button', { name: 'Enviar pedido' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true); // a message for whoever approves first
    fireEvent.change(screen.getByLabelText('Mensagem para quem aprova'), {
      target: { value: 'A campanha acabou: volta o título de antes.' },
    });
    fireEvent.click(send);
    expect(
      await screen.findByText(/^Pedido enviado: Restaura \/recarga à versão de/, {}, { timeout: 20_000 }),
    ).toBeTruthy();
    // Nothing changed on the site; the request waits for Bruno.
    expect(await readFile(team.page('recarga.yaml'), 'utf8')).toContain('title: Campanha | ');
    const list = await team.api<RequestsAnswer>(BRUNO, 'GET', '/api/requests');
    expect(list.body.requests.map((r) => [r.kind, r.status, r.message])).toEqual([
      ['restaurar', 'pendente', 'A campanha acabou: volta o título de antes.'],
    ]);
  }, 120_000);

  it('Pedidos says what the request does, in words, with the page it writes', async () => {
    const { RequestsScreen } = await screens(BRUNO);
    render(<RequestsScreen />);
    const words = await screen.findByText('Restaurar uma versão:', {}, { timeout: 20_000 });
    expect(words.parentElement!.textContent).toMatch(
      /^Restaurar uma versão: Restaura \/recarga à versão de \d\d\/\d\d\/\d{4} \d\d:\d\d \([0-9a-f]{7}\)$/,
    );
    expect(screen.getByText('/recarga')).toBeTruthy();
    expect(buttonNamed('Revisar e decidir')).toBeTruthy();
  }, 60_000);

  it('a saved draft of the page makes the Editor’s request refused in words, in the dialog', async () => {
    // Restaurar refuses over saved, unpublished changes (nobody's work is overwritten): so does asking.
    const text = await readFile(team.page('recarga.yaml'), 'utf8');
    await writeFile(team.page('recarga.yaml'), text.replace('title: Campanha | ', 'title: Rascunho | '));
    await historyAtFirstVersion(ANA);
    const ask = await screen.findByRole('button', { name: 'Pedir para restaurar' }, { timeout: 10_000 });
    await act(async () => {
      for (let i = 0; i < 50 && (ask as HTMLButtonElement).disabled; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
    });
    fireEvent.click(ask);
    fireEvent.change(screen.getByLabelText('Mensagem para quem aprova'), { target: { value: 'De novo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(
      await screen.findByText(
        /recarga\.yaml tem mudanças salvas que ainda não foram publicadas/,
        {},
        {
          timeout: 20_000,
        },
      ),
    ).toBeTruthy();
    await writeFile(team.page('recarga.yaml'), text);
  }, 60_000);
});
