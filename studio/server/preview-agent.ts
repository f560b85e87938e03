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
import {
  buildClientScriptFiles,
  clientScriptSources,
  type ClientScript,
  type ClientScriptFiles,
} from './client-script.ts';
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
  /**
   * With `parts`, the part of the same build that the agent imports as
   * `/estudio/preview-agent.js?part=<name>`, or undefined when there is none such.
   */
  part(name: string): Promise<string | undefined>;
  /** Stops watching the sources (the server closes). */
  dispose(): void;
}

/**
 * `parts`: what the agent needs only for some pages stays out of its one file, in parts fetched
 * by the same address with a query (`?part=hydrate`, which the frame's policy allows: a source's
 * path is matched without the query): React and the islands (hydrate.tsx, 446 of the 569 KB)
 * load only when a page's island is due, the block behaviours when the page has that block. The
 * server that passes it answers `?part=` with `part()`. Without it the agent is one file.
 */
export function previewAgent(options: { parts?: boolean } = {}): PreviewAgent {
  const agent: ClientScript = { ...AGENT, parts: options.parts === true };
  let files: Promise<ClientScriptFiles> | undefined;
  let sources: SourceWatch | undefined;
  let disposed = false;
  const invalidate = (file: string) => {
    if (SOURCES.some((s) => file === s || file.startsWith(s))) files = undefined;
  };
  const build = async () => {
    // Watched before the build reads them: an edit from then on is never missed.
    if (!disposed) await (sources ??= watchSources(SOURCES, invalidate)).ready;
    return buildClientScriptFiles(agent);
  };
  const built = () =>
    (files ??= build().catch((error: unknown) => {
      files = undefined;
      throw error;
    }));
  return {
    code: async () => (await built()).code,
    part: async (name) => (await built()).part(name),
    dispose() {
      disposed = true;
      sources?.close();
    },
  };
}
