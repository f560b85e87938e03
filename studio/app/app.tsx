/**
 * The Estúdio's screens, chosen by the address's hash so the browser's back button and a reload
 * keep the author where they were: `#/` the pages, `#/editar/<file>` the editor,
 * `#/historico/<file>` a page's history.
 *
 * Every screen but Páginas, the one the Estúdio opens on, is its own chunk (its index.ts exports
 * it through React.lazy): opening Páginas downloads and compiles neither the editor and CodeMirror
 * nor the experiments' charts (decision 0052). This shell, the session bar and what every screen
 * shares stay in the entry.
 */
import { Component, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { css, keyframes } from '@emotion/react';
import { colors } from '../../design/theme.ts';
import { EditorScreen } from './screens/editor/index.ts';
import { historyTitle, HistoryScreen } from './screens/historico/index.ts';
import { ExperimentsScreen } from './screens/experimentos/index.ts';
import { SharedPreviewsScreen } from './screens/previas/index.ts';
import { PagesScreen } from './screens/paginas/index.ts';
import { SchedulesScreen } from './screens/agendamentos/index.ts';
import { AudiencesScreen } from './screens/publicos/index.ts';
import { SiteSettingsScreen } from './screens/configuracoes/index.ts';
import { RequestsScreen } from './screens/pedidos/index.ts';
import { PeopleScreen } from './screens/pessoas/index.ts';
import { Button, GlobalStyles } from './shared/ui.tsx';

function fileFromHash(hash: string, screen = 'editar'): string | undefined {
  const m = new RegExp(`^#/${screen}/(.+)$`).exec(hash);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}

const subscribeToHash = (onChange: () => void) => {
  addEventListener('hashchange', onChange);
  return () => removeEventListener('hashchange', onChange);
};
const readHash = () => location.hash;

const appear = keyframes`
  from {
    opacity: 0;
  }
`;

const openingCss = css`
  padding: 24px;
  color: ${colors.muted};
  /* A screen's chunk comes in a few milliseconds from the Estúdio: the words appear only when it
     takes longer (a slow phone connection), so a quick opening paints no flash of them. */
  animation: ${appear} 0.2s ease-out 0.4s both;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 0.01s;
  }
`;

/** A browser's words for a module script that did not arrive (Chromium, Firefox, Safari). */
const CHUNK_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically/i;

/**
 * A screen's chunk that did not come (the connection dropped, or the Estúdio was updated while the
 * tab was open and the old chunk's name is gone): a plain message and Recarregar, which opens the
 * same screen again (the address keeps it, and the editor's draft is kept in the browser). Any
 * other error is not this boundary's: it goes on as before.
 */
class ScreenLoadFailure extends Component<{ screen: string; children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidUpdate(previous: { screen: string }) {
    if (previous.screen !== this.props.screen && this.state.error !== undefined)
      this.setState({ error: undefined });
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof Error) || !CHUNK_FAILED.test(error.message)) throw error;
    return (
      <main css={failedCss}>
        <p role="alert">
          Esta tela não pôde ser aberta: a conexão com o Estúdio caiu, ou ele foi atualizado. Recarregue para
          abri-la de novo.
        </p>
        <Button tone="primary" onClick={() => location.reload()}>
          Recarregar
        </Button>
      </main>
    );
  }
}

const failedCss = css`
  padding: 24px;
  p {
    margin: 0 0 12px;
  }
`;

/** While a screen's chunk loads: the place the screen will take, busy, with one calm line. */
function Opening() {
  return (
    <main css={openingCss} aria-busy="true">
      <p role="status">Abrindo…</p>
    </main>
  );
}

export function App() {
  // useSyncExternalStore reads the address again when it subscribes: a hash changed between the
  // first render and the subscription (a link followed while the app was still starting) is not lost.
  const hash = useSyncExternalStore(subscribeToHash, readHash);
  const file = fileFromHash(hash);
  const historyOf = fileFromHash(hash, 'historico');
  const experiment = /^#\/experimentos(?:\/(.*))?$/.exec(hash);
  const settings = hash === '#/configuracoes';
  const previews = hash === '#/previas';
  const schedules = hash === '#/agendamentos';
  const audiences = hash === '#/publicos';
  const requests = hash === '#/pedidos';
  const people = hash === '#/pessoas';
  const experimentId = experiment?.[1] ? decodeURIComponent(experiment[1]) : undefined;
  useEffect(() => {
    document.title = file
      ? `${file} · Estúdio Fillgás`
      : historyOf
        ? `${historyTitle(historyOf)} · Estúdio Fillgás`
        : experiment
          ? `${experimentId === 'novo' ? 'Novo experimento' : experimentId ? `Experimento ${experimentId}` : 'Experimentos'} · Estúdio Fillgás`
          : settings
            ? 'Configurações do site · Estúdio Fillgás'
            : schedules
              ? 'Agendamentos · Estúdio Fillgás'
              : audiences
                ? 'Públicos · Estúdio Fillgás'
                : requests
                  ? 'Pedidos de publicação · Estúdio Fillgás'
                  : 'Páginas · Estúdio Fillgás';
  }, [file, historyOf, experiment, experimentId, settings, schedules, audiences, requests]);
  useEffect(() => {
    if (previews) document.title = 'Prévias compartilhadas · Estúdio Fillgás';
  }, [previews]);
  const open = (next: string) => {
    location.hash = `#/editar/${encodeURIComponent(next)}`;
  };
  return (
    <>
      <GlobalStyles />
      <ScreenLoadFailure screen={hash}>
        <Suspense fallback={<Opening />}>
          {previews ? (
            <SharedPreviewsScreen />
          ) : file ? (
            <EditorScreen key={file} file={file} onBack={() => (location.hash = '#/')} />
          ) : historyOf ? (
            <HistoryScreen key={historyOf} file={historyOf} onOpen={open} />
          ) : experiment ? (
            <ExperimentsScreen key={experimentId ?? ''} id={experimentId} />
          ) : settings ? (
            <SiteSettingsScreen />
          ) : schedules ? (
            <SchedulesScreen onOpen={open} />
          ) : audiences ? (
            <AudiencesScreen />
          ) : requests ? (
            <RequestsScreen />
          ) : people ? (
            <PeopleScreen />
          ) : (
            <PagesScreen onOpen={open} />
          )}
        </Suspense>
      </ScreenLoadFailure>
    </>
  );
}
