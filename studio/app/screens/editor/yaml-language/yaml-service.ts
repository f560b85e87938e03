/**
 * yaml-language-server's language service, configured with the page schema, behind three plain
 * calls: validate, complete and hover on a page's text. The Web Worker runs it in the browser; the
 * tests run the very same module in Node. No DOM and no Node APIs here.
 *
 * In Node, 'yaml-language-server' is the package's CommonJS build with its real dependencies; in
 * the browser, the Vite config points it at the ESM build with stand-ins for its Node-only
 * dependencies (vite-shims.ts).
 */
import { getLanguageService } from 'yaml-language-server';
import type { CompletionItem, Diagnostic, LanguageService, Range } from 'yaml-language-server';
import { TextDocument } from 'vscode-languageserver-textdocument';
import pageSchema from '../../../../../schema/page.schema.json';
// The runtime's own "você quis dizer" (one rule for the editor and `npm run check`). Imported from
// its module, not load/browser.ts: through the entry the worker would carry ajv and js-yaml too
// (measured: 110 → 140 KB gzip).
// eslint-disable-next-line no-restricted-imports
import { closest } from '../../../../../runtime/load/suggest.ts';
import { hoverToPortuguese, toPortuguese } from './messages-pt.ts';
import type {
  SchemaCompletion,
  SchemaCompletionKind,
  SchemaDiagnostic,
  SchemaHover,
  SchemaMethods,
} from './protocol.ts';
import { convertSnippet, plainTemplate } from './snippet-template.ts';

/**
 * Where the service believes the page and its schema live. Pages start with the modeline
 * `# yaml-language-server: $schema=../schema/page.schema.json`, which the service honours before any
 * setting: from a page in /pages/ it resolves to SCHEMA_URI, the schema registered below, so the
 * modeline and the setting agree and nothing is ever fetched.
 */
const SCHEMA_URI = 'file:///schema/page.schema.json';
const DOCUMENT_URI = 'file:///pages/pagina.yaml';

// yaml-language-server's ErrorCode values (jsonLanguageTypes.ts), which carry `data` we use.
const ENUM_VALUE_MISMATCH = 1;
const PROPERTY_EXPECTED = 513;
/** From here on, codes are about loading the schema, not the text ('YAML' is their source too). */
const SCHEMA_RESOLVE_ERROR = 0x10000;

// LSP CompletionItemKind values the service uses.
const KIND_CLASS = 7;
const KIND_PROPERTY = 10;
const KIND_VALUE = 12;
const KIND_ENUM_MEMBER = 20;
const INSERT_SNIPPET = 2;

interface BlockSchema {
  title?: string;
  description?: string;
  properties?: { type?: { const?: string } };
}

/** Block type → its Portuguese title and description, shown beside "hero" after `type: `. */
const BLOCKS = new Map(
  (pageSchema.properties.blocks.items.oneOf as BlockSchema[]).flatMap((block) => {
    const type = block.properties?.type?.const;
    return type ? [[type, { title: block.title ?? '', description: block.description ?? '' }] as const] : [];
  }),
);

export interface YamlService {
  validate(text: string): Promise<SchemaMethods['validate']['result']>;
  complete(text: string, offset: number): Promise<SchemaMethods['complete']['result']>;
  hover(text: string, offset: number): Promise<SchemaMethods['hover']['result']>;
}

/**
 * The service caches parsed documents by URI and version, module-wide: versions come from one
 * counter so that two services (tests make several) never present different texts as one version.
 */
let nextVersion = 1;

export function createYamlService(): YamlService {
  const service: LanguageService = getLanguageService({
    schemaRequestService: (uri) =>
      uri === SCHEMA_URI
        ? Promise.resolve(JSON.stringify(pageSchema))
        : Promise.reject(new Error('o Estúdio só tem o esquema das páginas (schema/page.schema.json)')),
    workspaceContext: {
      resolveRelativePath: (relativePath, resource) => new URL(relativePath, resource).href,
    },
  });
  service.configure({
    validate: true,
    hover: true,
    completion: true,
    format: false,
    isKubernetes: false,
    yamlVersion: '1.2',
    indentation: '  ',
    customTags: [],
    // The hover's "Source: page.schema.json" link means nothing to an author.
    hoverSchemaSource: false,
    // Defaults apply anyway: a new `cta:` gets `label:`, not `action: whatsapp` and `message: recarga`.
    disableDefaultProperties: true,
    // In an empty list item, offer the blocks ("Abertura da página") rather than every prop of all 21.
    parentSkeletonSelectedFirst: true,
    schemas: [{ uri: SCHEMA_URI, fileMatch: ['*'], schema: pageSchema, name: pageSchema.title }],
  });

  let current: TextDocument | undefined;
  const documentFor = (text: string): TextDocument => {
    if (current?.getText() !== text) current = TextDocument.create(DOCUMENT_URI, 'yaml', nextVersion++, text);
    return current;
  };

  return {
    async validate(text) {
      const document = documentFor(text);
      const found = await service.doValidation(document, false);
      const seen = new Set<string>();
      return found
        .map((diagnostic) => toDiagnostic(document, diagnostic))
        .filter((d) => {
          // The parser reports some syntax errors twice at one spot.
          const key = `${d.from}:${d.to}:${d.message}`;
          return !seen.has(key) && seen.add(key);
        });
    },

    async complete(text, offset) {
      const document = documentFor(text);
      const list = await service.doComplete(document, document.positionAt(offset), false);
      return list.items.map((item) => toCompletion(document, offset, item));
    },

    async hover(text, offset) {
      const document = documentFor(text);
      const hover = await service.doHover(document, document.positionAt(offset));
      const contents = hover?.contents;
      const markdown =
        typeof contents === 'string' ? contents : contents && 'value' in contents ? contents.value : '';
      if (!hover || !markdown.trim()) return null;
      const range = hover.range ? offsets(document, hover.range) : { from: offset, to: offset };
      return { ...range, markdown: hoverToPortuguese(markdown) } satisfies SchemaHover;
    },
  };
}

function offsets(document: TextDocument, range: Range): { from: number; to: number } {
  return { from: document.offsetAt(range.start), to: document.offsetAt(range.end) };
}

function toDiagnostic(document: TextDocument, diagnostic: Diagnostic): SchemaDiagnostic {
  const { from, to } = offsets(document, diagnostic.range);
  const fromSchema = diagnostic.source?.startsWith('yaml-schema') ?? false;
  let message = toPortuguese(diagnostic.message);
  const guess = guessFor(document.getText(diagnostic.range), diagnostic);
  if (guess) message += ` Você quis dizer "${guess}"?`;
  // The runtime refuses any page its schema rejects, so a schema problem is an error here, even
  // though yaml-language-server reports it as a warning.
  const severity =
    fromSchema || diagnostic.severity === 1 ? 'error' : diagnostic.severity === 2 ? 'warning' : 'info';
  const blockTitle = diagnostic.source?.replace(/^yaml-schema: /, '');
  const source = !fromSchema
    ? diagnostic.source === 'YAML' && Number(diagnostic.code) < SCHEMA_RESOLVE_ERROR
      ? 'sintaxe YAML'
      : undefined
    : blockTitle && !blockTitle.includes(' | ')
      ? blockTitle
      : undefined;
  return {
    from,
    to,
    line: diagnostic.range.start.line + 1,
    column: diagnostic.range.start.character + 1,
    severity,
    message,
    english: diagnostic.message,
    ...(source ? { source } : {}),
  };
}

/** "Você quis dizer": the nearest allowed property or value the service lists with the problem. */
function guessFor(written: string, diagnostic: Diagnostic): string | undefined {
  const data = diagnostic.data as { properties?: unknown; values?: unknown } | undefined;
  const candidates =
    diagnostic.code === PROPERTY_EXPECTED
      ? data?.properties
      : diagnostic.code === ENUM_VALUE_MISMATCH
        ? data?.values
        : [];
  // A single allowed value is named by the message itself ('O valor deve ser "hero".').
  if (!Array.isArray(candidates) || (diagnostic.code === ENUM_VALUE_MISMATCH && candidates.length < 2)) {
    return undefined;
  }
  const names = candidates.filter((name): name is string => typeof name === 'string' && name !== written);
  return closest(written.replace(/^['"]|['"]$/g, ''), names);
}

function completionKind(kind: number | undefined): SchemaCompletionKind {
  if (kind === KIND_PROPERTY) return 'property';
  if (kind === KIND_VALUE || kind === KIND_ENUM_MEMBER) return 'value';
  if (kind === KIND_CLASS) return 'block';
  return 'other';
}

function toCompletion(document: TextDocument, offset: number, item: CompletionItem): SchemaCompletion {
  const edit = item.textEdit;
  const range = edit
    ? offsets(document, 'range' in edit ? edit.range : edit.replace)
    : { from: offset - (/[\w-]*$/.exec(document.getText().slice(0, offset))?.[0].length ?? 0), to: offset };
  const raw = edit?.newText ?? item.insertText ?? item.label;
  const { text, template } =
    item.insertTextFormat === INSERT_SNIPPET
      ? convertSnippet(raw)
      : { text: raw, template: plainTemplate(raw) };
  const kind = completionKind(item.kind);
  const block = kind === 'value' ? BLOCKS.get(item.label) : undefined;
  const docs = item.documentation;
  const documentation = (typeof docs === 'string' ? docs : docs?.value) || block?.description;
  // A block skeleton is labelled with its Portuguese title; its type name goes beside it.
  const skeletonType = kind === 'block' ? /^type: ([\w-]+)/.exec(text)?.[1] : undefined;
  const detail = block?.title ?? skeletonType ?? item.detail;
  return {
    label: item.label,
    kind,
    ...(detail ? { detail } : {}),
    ...(documentation ? { documentation } : {}),
    ...range,
    text,
    template,
  };
}
