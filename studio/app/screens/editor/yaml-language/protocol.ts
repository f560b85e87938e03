/**
 * What the editor (main thread) and the YAML schema worker say to each other. Plain, structured-
 * cloneable data only: offsets are UTF-16 positions in the text, as CodeMirror counts them.
 */

/** One schema or YAML problem, already in Portuguese. */
export interface SchemaDiagnostic {
  from: number;
  to: number;
  /** 1-based line and column of `from`, for lists and tests. */
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info';
  /** Portuguese (yaml-language-server's English when the table has no translation). */
  message: string;
  /** yaml-language-server's own message, kept for logs and bug reports. */
  english: string;
  /** "sintaxe YAML", or the title of the block the problem is in ("Abertura da página"). */
  source?: string;
}

export type SchemaCompletionKind = 'property' | 'value' | 'block' | 'other';

export interface SchemaCompletion {
  label: string;
  kind: SchemaCompletionKind;
  /** Short text beside the label, e.g. the block's Portuguese title beside "hero". */
  detail?: string;
  /** Markdown (Portuguese, from the schema's descriptions). */
  documentation?: string;
  /** The range the completion replaces. */
  from: number;
  to: number;
  /** What to insert, with placeholders filled by their defaults ("title: " or "cta:\n  label: "). */
  text: string;
  /** The same as a CodeMirror snippet template (`${1:default}` fields), for tab stops. */
  template: string;
}

export interface SchemaHover {
  from: number;
  to: number;
  /** Markdown: the title, the Portuguese description, allowed values and examples. */
  markdown: string;
}

/** The worker's methods: what each takes and what it answers. */
export interface SchemaMethods {
  validate: { params: { text: string }; result: SchemaDiagnostic[] };
  complete: { params: { text: string; offset: number }; result: SchemaCompletion[] };
  hover: { params: { text: string; offset: number }; result: SchemaHover | null };
}

export type SchemaMethod = keyof SchemaMethods;

export type SchemaRequest = {
  [M in SchemaMethod]: { id: number; method: M; params: SchemaMethods[M]['params'] };
}[SchemaMethod];

export type SchemaResponse =
  | {
      id: number;
      ok: true;
      result: SchemaMethods[SchemaMethod]['result'];
      /** Time the language service took inside the worker, in milliseconds. */
      ms: number;
    }
  | { id: number; ok: false; error: string };
