/**
 * Schema help for the Estúdio's YAML editor (CodeMirror 6): completion narrowed by the block's
 * `type`, hover with the Portuguese description and examples, and schema problems underlined as
 * you type. All the work happens in the YAML worker (yaml-worker.ts); this module only asks it.
 *
 *   new EditorView({ extensions: [basicSetup, yaml(), schemaLanguage()], … })
 */
import {
  autocompletion,
  insertCompletionText,
  snippet,
  startCompletion,
  type Completion,
  type CompletionSource,
} from '@codemirror/autocomplete';
import { linter, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, hoverTooltip, ViewPlugin } from '@codemirror/view';
import { renderMarkdown } from './markdown-dom.ts';
import type { SchemaCompletion } from './protocol.ts';
import { createSchemaClient, type SchemaClient } from './schema-client.ts';

export { createSchemaClient, type SchemaClient, type WorkerLike } from './schema-client.ts';
export type { SchemaCompletion, SchemaDiagnostic, SchemaHover } from './protocol.ts';

/** Starts a YAML worker. Written as `new Worker(new URL(…, import.meta.url))` so Vite bundles it. */
export function createSchemaWorker(): Worker {
  return new Worker(new URL('./yaml-worker.ts', import.meta.url), {
    type: 'module',
    name: 'verificador-yaml',
  });
}

let shared: SchemaClient | undefined;

/**
 * One worker for the whole app: every request carries its whole text, so editors can share it.
 * Started when first needed: a text the server did not accept, a completion or hover asked, or
 * the code editor's first pause (schemaLanguage's warm-up, warmWhenQuiet).
 */
export function sharedSchemaClient(): SchemaClient {
  shared ??= createSchemaClient(createSchemaWorker);
  return shared;
}

export interface SchemaLanguageOptions {
  /** Defaults to the app's shared worker. */
  client?: SchemaClient;
  /** Milliseconds of quiet typing before the page is validated again. */
  lintDelay?: number;
  /**
   * True for a text the server has rendered without a problem (the preview validates every text
   * with the page schema, through the loader), or a promise of the server's verdict on a text it
   * is rendering: a text it accepts is not validated again in the worker.
   */
  accepted?: (text: string) => boolean | Promise<boolean>;
}

export function schemaLanguage(options: SchemaLanguageOptions = {}): Extension[] {
  const client = options.client ?? sharedSchemaClient();
  // One source for the editor's life: the completion plugin tells sources apart by identity, and
  // treats a new one as a new query (restarted on every transaction, never shown).
  const languageData = [{ autocomplete: schemaCompletionSource(client) }];
  return [
    autocompletion(),
    EditorState.languageData.of(() => languageData),
    schemaHover(client),
    schemaLinter(client, options.lintDelay ?? 150, options.accepted),
    schemaDocTheme,
    warmWhenQuiet(client, options.accepted),
  ];
}

/** How long the focused code editor goes without an edit before the worker is started. */
export const WARM_AFTER_QUIET_MS = 1000;

/**
 * The author came to the code: the worker loads at their first pause there (and once the server
 * has answered on the text, `accepted`: the last keystroke's preview is no longer on its way),
 * before their first question. Started at the focus itself, its 430 KB script was fetched and
 * compiled just as the first keystroke went out (the author clicks where to type, then types), on
 * the cores that keystroke's preview needs (the Estúdio, the server's render, the frames' swap):
 * the first keystroke after opening a long page was the slowest one. A keystroke needs no worker
 * (the server's render checks its text); a completion or a text the server refused starts it at
 * once.
 */
function warmWhenQuiet(client: SchemaClient, accepted?: SchemaLanguageOptions['accepted']): Extension {
  return ViewPlugin.define((view) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const warm = async () => {
      const verdict = accepted?.(view.state.doc.toString());
      if (verdict instanceof Promise) await verdict.catch(() => false);
      client.warm();
    };
    return {
      update(update) {
        if (!(update.focusChanged || update.docChanged) || !update.view.hasFocus) return;
        clearTimeout(timer);
        timer = setTimeout(() => void warm(), WARM_AFTER_QUIET_MS);
      },
      destroy() {
        clearTimeout(timer);
      },
    };
  });
}

const OPTION_TYPES: Record<SchemaCompletion['kind'], string> = {
  property: 'property',
  value: 'enum',
  block: 'class',
  other: 'text',
};

/**
 * A key being typed, or the first word of a value (`tone: da`): where a name from the schema fits.
 * Not a word further into a text (`title: Recarga de Cil`), which no list completes: asking there
 * had the worker walk the whole page at every letter typed in a title (0.3–0.6 s of a core at 200
 * blocks, beside the preview's render).
 */
const SCHEMA_WORD = /^\s*(?:-\s+)*(?:[\w-]+:\s+)?[\w-]+$/;
/** Right after `key: ` or `- `, where the values and the blocks are offered. */
const AFTER_MARKER = /(^|\s)(-|[\w-]+:) $/;

/**
 * Asks on Ctrl-Space, while a key or a value's first word is typed, and right after `key: ` or
 * `- `; not after any other space or punctuation, nor inside a longer text.
 */
export function schemaCompletionSource(client: SchemaClient): CompletionSource {
  return async (context) => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    if (!context.explicit && !SCHEMA_WORD.test(before) && !AFTER_MARKER.test(before)) return null;
    const items = await client.complete(context.state.doc.toString(), context.pos).catch((error: unknown) => {
      console.error(error);
      return [];
    });
    if (context.aborted || !items.length) return null;
    return {
      from: Math.min(items[0]!.from, context.pos),
      options: items.map(toOption),
      validFor: /^[\w-]*$/,
    };
  };
}

function toOption(item: SchemaCompletion): Completion {
  const multiline = item.text.includes('\n');
  const hasFields = item.template.includes('${');
  return {
    label: item.label,
    type: OPTION_TYPES[item.kind],
    ...(item.detail ? { detail: item.detail } : {}),
    ...(item.documentation ? { info: () => renderMarkdown(item.documentation ?? '') } : {}),
    // Blocks come after the props in a list that holds both.
    boost: item.kind === 'block' ? -10 : 0,
    apply:
      multiline || hasFields
        ? // snippet() indents the later lines like the current one and makes the fields tab stops.
          snippet(item.template)
        : (view, completion, from, to) => {
            view.dispatch(insertCompletionText(view.state, item.text, from, to));
            // After `tone: `, go straight on to the values.
            if (item.kind === 'property' && item.text.endsWith(': ')) startCompletion(view);
          },
  };
}

export function schemaHover(client: SchemaClient): Extension {
  return hoverTooltip(
    async (view, pos) => {
      const doc = view.state.doc;
      const hover = await client.hover(doc.toString(), pos).catch(() => null);
      // Positions are of the text that was asked about.
      if (!hover || view.state.doc !== doc) return null;
      return {
        pos: hover.from,
        end: hover.to,
        above: true,
        create: () => ({ dom: renderMarkdown(hover.markdown) }),
      };
    },
    { hoverTime: 350 },
  );
}

/** Pages longer than this wait a little longer before they are validated again (up to the max). */
const LONG_PAGE_CHARS = 40_000;
const LONG_PAGE_MAX_WAIT_MS = 600;

export function schemaLinter(
  client: SchemaClient,
  delay: number,
  accepted: (text: string) => boolean | Promise<boolean> = () => false,
): Extension {
  return linter(
    async (view): Promise<Diagnostic[]> => {
      const doc = view.state.doc;
      // The text once (a 200-block page's is 200 KB, joined from the editor's lines).
      const text = doc.toString();
      // Valid by the loader's own check of this very text: nothing to underline, and on a long
      // page the worker's core stays free for the preview (a 200-block page takes it 0.1–0.6 s).
      if (await accepted(text)) return [];
      // A long page waits for a longer pause: validating 200 blocks takes the worker a core for a
      // while, which the preview's render needs on a small machine.
      const extra = Math.min(LONG_PAGE_MAX_WAIT_MS, Math.max(0, doc.length - LONG_PAGE_CHARS) / 200);
      if (extra > 0) {
        await new Promise((resolve) => setTimeout(resolve, extra));
        // (@codemirror/lint drops an answer for a text that changed meanwhile.)
        if (view.state.doc !== doc) return [];
      }
      try {
        const found = await client.validate(text);
        // @codemirror/lint drops the answer if the text changed meanwhile.
        return found.map((d) => ({
          from: Math.min(d.from, doc.length),
          to: Math.min(d.to, doc.length),
          severity: d.severity,
          message: d.message,
          ...(d.source ? { source: d.source } : {}),
        }));
      } catch (error) {
        console.error(error);
        return [];
      }
    },
    { delay },
  );
}

const schemaDocTheme = EditorView.baseTheme({
  '.cm-schema-doc': {
    maxWidth: '28rem',
    padding: '4px 8px',
    fontFamily: 'system-ui, sans-serif',
    fontSize: '13px',
  },
  '.cm-schema-doc p, .cm-schema-doc ul': { margin: '4px 0' },
  '.cm-schema-doc ul': { paddingLeft: '1.2em' },
  '.cm-schema-doc pre': {
    margin: '4px 0',
    padding: '2px 6px',
    background: '#f3f4f6',
    whiteSpace: 'pre-wrap',
  },
  '.cm-schema-doc-title': { display: 'block', marginBottom: '2px' },
});
