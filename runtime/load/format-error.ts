import { plural, type PageProblem } from './errors.ts';

/**
 * The text an author reads:
 *
 *   pages/agendamento.yaml:42:11  Tipo de bloco desconhecido: "faqq". Você quis dizer "faq"?
 *     41 |   - type: steps
 *   > 42 |   - type: faqq
 *        |           ^^^^
 *     Tipos disponíveis: hero, steps, faq, ...
 */
export function formatProblem(problem: PageProblem): string {
  const { loc } = problem;
  const lines = [`${loc.file}:${loc.line}:${loc.column}  ${problem.message}`];
  const frame =
    problem.source === undefined ? '' : codeFrame(problem.source, loc.line, loc.column, loc.endColumn);
  if (frame) lines.push(frame);
  if (problem.hint) lines.push(indent(problem.hint, '  '));
  return lines.join('\n');
}

export function formatProblems(problems: readonly PageProblem[]): string {
  const files = new Set(problems.map((p) => p.loc.file)).size;
  const summary = `✖ ${plural(problems.length, 'erro', 'erros')} em ${plural(files, 'arquivo', 'arquivos')}. Corrija e salve: nenhuma página foi publicada.`;
  return [...problems.map(formatProblem), summary].join('\n\n');
}

/** The line before, the line itself and a caret under the columns [column, endColumn). */
export function codeFrame(source: string, line: number, column: number, endColumn?: number): string {
  const all = source.split(/\r?\n/);
  const target = all[line - 1];
  if (target === undefined) return '';
  const first = Math.max(1, line - 1);
  const width = String(line).length;
  const out: string[] = [];
  for (let n = first; n <= line; n++) {
    const text = (all[n - 1] ?? '').replace(/\t/g, ' ');
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${text}`);
  }
  const end = Math.min(Math.max(endColumn ?? column + 1, column + 1), target.length + 1);
  out.push(`  ${' '.repeat(width)} | ${' '.repeat(column - 1)}${'^'.repeat(Math.max(1, end - column))}`);
  return out.map((l) => `  ${l}`.trimEnd()).join('\n');
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');
}
