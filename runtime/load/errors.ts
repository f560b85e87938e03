/**
 * The error catalogue. Every problem an author can cause has a stable code, a Portuguese
 * message (what happened), an optional hint (what to do) and a location in a file.
 * Library code throws these; only the CLI decides the exit code.
 */
export type ErrorCode =
  | 'yaml-syntax'
  | 'empty-file'
  | 'not-a-mapping'
  | 'file-too-large'
  | 'alias-bomb'
  | 'too-deep'
  | 'bad-file-name'
  | 'symbolic-link'
  | 'duplicate-route'
  | 'duplicate-anchor'
  | 'missing-site'
  | 'not-a-page'
  | 'unknown-block'
  | 'missing-block-type'
  | 'unknown-prop'
  | 'missing-prop'
  | 'wrong-type'
  | 'invalid-value'
  | 'unsafe-url'
  | 'invalid-url'
  // A link to a page of this site that does not exist (runtime/load/links.ts).
  | 'broken-link'
  // A link to an anchor (#faq) the page it goes to does not have (runtime/load/anchors.ts).
  | 'broken-anchor'
  | 'render-error'
  // Page variants (runtime/load/extends.ts).
  | 'extends-missing'
  | 'extends-not-a-page'
  | 'extends-cycle'
  | 'extends-conflict'
  | 'extends-bad-override'
  | 'unknown-block-id'
  | 'ambiguous-block-id'
  | 'extends-bad-move'
  | 'extends-move-conflict'
  | 'unknown-item'
  | 'ambiguous-item'
  // Experiments in _site.yaml (runtime/load/experiments.ts).
  | 'experiment-page'
  | 'experiment-weights'
  | 'experiment-route'
  | 'experiment-duplicate'
  | 'experiment-winner'
  | 'experiment-dates'
  // Scheduled changes, pages/_agendamentos/ (runtime/load/schedule.ts, check-site.ts).
  | 'schedule-id'
  | 'schedule-meta'
  | 'schedule-dates'
  | 'schedule-file'
  | 'schedule-remove'
  | 'schedule-gone'
  // Audiences in _site.yaml (runtime/load/audiences.ts), and what a static host cannot do.
  | 'audience-page'
  | 'audience-route'
  | 'audience-tie'
  | 'audience-shadowed'
  | 'audience-experiment'
  | 'static-host';

export interface SourceLocation {
  /** Path relative to the project root, with forward slashes: "pages/agendamento.yaml". */
  file: string;
  /** 1-based. */
  line: number;
  column: number;
  /** Exclusive end column on the same line, for the caret underline. */
  endColumn?: number;
}

export interface PageProblem {
  code: ErrorCode;
  message: string;
  hint?: string;
  loc: SourceLocation;
  /** The source text, for the code frame. */
  source?: string;
}

/** One or more problems found while loading or validating pages. */
export class PageErrors extends Error {
  constructor(readonly problems: PageProblem[]) {
    super(problems.map((p) => `${p.loc.file}:${p.loc.line}:${p.loc.column} ${p.message}`).join('\n'));
    this.name = 'PageErrors';
  }
}

/** A block's component threw while rendering a page. */
export class RenderError extends Error {
  constructor(
    readonly file: string,
    readonly route: string,
    readonly blockType: string,
    readonly blockIndex: number,
    override readonly cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Erro ao montar a página ${route} (${file}), bloco ${blockIndex + 1} "${blockType}": ${reason}`);
    this.name = 'RenderError';
  }
}

/** Portuguese names of JSON types, as an author knows them. */
export const typeNames: Record<string, string> = {
  string: 'texto',
  number: 'número',
  integer: 'número inteiro',
  boolean: 'sim/não (true ou false)',
  array: 'lista (itens com "- ")',
  object: 'mapa (chave: valor)',
  null: 'vazio',
};

export function describeValueType(value: unknown): string {
  if (value === null || value === undefined) return 'vazio';
  if (Array.isArray(value)) return 'lista';
  if (typeof value === 'object') return 'mapa (chave: valor)';
  if (typeof value === 'string') return `texto "${truncate(value, 40)}"`;
  if (typeof value === 'number') return `número ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  return typeof value;
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
