/**
 * The preview frame's one script, /estudio/preview-agent.js: the agent (studio/app/preview/) with
 * the page script it runs (runtime/client, every block behaviour and island) bundled into a
 * single file (client-script.ts, in a process of its own). One file, because the frame's
 * policy names exactly one script and its requests carry no cookie, so no other module of the
 * Estúdio could load there. Built on first use, and again after a developer changes what it is
 * made of (its sources are watched from that first use: source-watch.ts, not Vite's watcher,
 * which an Estúdio running a snapshot of the sources does without); kept on disk for the next
 * start with the same sources (build-cache.ts).
 */
import { buildClientScript, clientScriptSources, type ClientScript } from './client-script.ts';
import { watchSources, type SourceWatch } from './source-watch.ts';

const AGENT: ClientScript = {
  name: 'preview-agent',
  entry: 'studio/app/preview/agent.ts',
  /** What the bundle is made of (folders end in /): a change there builds it again. */
  sources: [
    'runtime/client/',
    'runtime/block-api.ts',
    'runtime/behavior-api.ts',
    'runtime/dev/browser.ts',
    'runtime/dev/render-parts.ts',
    'blocks/',
    'design/',
    'schema/',
    'studio/app/preview/',
  ],
  file: 'preview-agent.js',
  failure: 'O script da prévia não pôde ser montado',
};
const SOURCES = clientScriptSources(AGENT);

export interface PreviewAgent {
  /** The bundle's code (built on first call, then kept until a source changes). */
  code(): Promise<string>;
  /** Stops watching the sources (the server closes). */
  dispose(): void;
}

export function previewAgent(): PreviewAgent {
  let code: Promise<string> | undefined;
  let sources: SourceWatch | undefined;
  let disposed = false;
  const invalidate = (file: string) => {
    if (SOURCES.some((s) => file === s || file.startsWith(s))) code = undefined;
  };
  const build = async () => {
    // Watched before the build reads them: an edit from then on is never missed.
    if (!disposed) await (sources ??= watchSources(SOURCES, invalidate)).ready;
    return buildClientScript(AGENT);
  };
  return {
    code: () =>
      (code ??= build().catch((error: unknown) => {
        code = undefined;
        throw error;
      })),
    dispose() {
      disposed = true;
      sources?.close();
    },
  };
}
