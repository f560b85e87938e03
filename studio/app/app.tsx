/**
 * The Estúdio's screens, chosen by the address's hash so the browser's back button and a reload
 * keep the author where they were: `#/` the pages, `#/editar/<file>` the editor,
 * `#/historico/<file>` a page's history.
 */
import { useEffect, useSyncExternalStore } from 'react';
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
import { GlobalStyles } from './shared/ui.tsx';

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
    </>
  );
}
