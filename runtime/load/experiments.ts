/**
 * The experiments of _site.yaml checked against the pages (issue 20): every variant a page that
 * exists, weights summing to 100, a route in one experiment only and served by one of the
 * experiment's own pages, a winner among its pages, dates in order. Shape (ids, patterns, weight
 * ranges) is the schema's job (schema/site.ts); this is what needs the pages folder.
 */
import type { Experiment } from '../../schema/site.ts';
import type { PageProblem } from './errors.ts';
import { resolvePageName } from './extends.ts';
import type { ParsedFile } from './parse.ts';
import { fileToRoute } from './routes.ts';
import { locationIn } from './yaml-location.ts';

/** An experiment with each variant's page resolved to its file and route. */
export interface ResolvedExperiment extends Experiment {
  pages: { page: string; file: string; route: string; weight: number }[];
}

/** What the assignment cookie holds for a page: its name as in _site.yaml ("/" becomes "_"). */
export const variantCookieKey = (page: string): string => page.replaceAll('/', '_');

/**
 * How a variant is named where it is measured: GA4's `exp_variant_string` is
 * "<tool>-<experiment>-<variant>" (../shared/docs/experiments.md, GA4). Ours is
 * "FGS-<experiment id>-<page>", the page as its cookie key.
 */
export const EXP_TOOL = 'FGS';
export const variantKey = (experimentId: string, page: string): string =>
  `${EXP_TOOL}-${experimentId}-${variantCookieKey(page)}`;

/**
 * Problems of `experiments` (already valid against the schema) given the route files of the
 * pages folder (relative, "agendamento.yaml"), and the experiments resolved when there are none.
 */
export function checkExperiments(
  experiments: readonly Experiment[],
  parsed: ParsedFile,
  files: readonly string[],
): { problems: PageProblem[]; resolved: ResolvedExperiment[] } {
  const problems: PageProblem[] = [];
  const resolved: ResolvedExperiment[] = [];
  const ids = new Map<string, number>();
  const routes = new Map<string, number>();
  /** Which experiment each page is in: a page serves one experiment's address at most. */
  const pagesIn = new Map<string, string>();
  experiments.forEach((experiment, i) => {
    const base = ['experiments', i];
    const name = `O experimento "${experiment.id}"`;
    const firstId = ids.get(experiment.id);
    if (firstId !== undefined) {
      problems.push({
        code: 'experiment-duplicate',
        message: `Dois experimentos com o nome "${experiment.id}".`,
        hint: 'Cada experimento precisa de um nome próprio: ele vai no cookie dos visitantes e nas métricas.',
        loc: locationIn(parsed, [...base, 'id']),
      });
    } else ids.set(experiment.id, i);

    const pages: ResolvedExperiment['pages'] = [];
    experiment.variants.forEach((variant, v) => {
      const found = resolvePageName(variant.page, files);
      if ('file' in found) {
        if (pages.some((p) => p.file === found.file)) {
          problems.push({
            code: 'experiment-page',
            message: `${name} lista a página "${variant.page}" duas vezes.`,
            loc: locationIn(parsed, [...base, 'variants', v, 'page']),
          });
        }
        const other = pagesIn.get(found.file);
        if (other !== undefined && other !== experiment.id) {
          problems.push({
            code: 'experiment-page',
            message: `A página "${variant.page}" já está no experimento "${other}": uma página só pode estar num experimento por vez.`,
            hint: 'Cada variante é mostrada no endereço de um experimento só; crie uma cópia da página para o outro.',
            loc: locationIn(parsed, [...base, 'variants', v, 'page']),
          });
        } else pagesIn.set(found.file, experiment.id);
        pages.push({
          page: variant.page,
          file: found.file,
          route: fileToRoute(found.file),
          weight: variant.weight,
        });
      } else {
        problems.push({
          code: 'experiment-page',
          message:
            found.error === 'not-a-page'
              ? `"${variant.page}" não é uma página: ${name} só divide visitantes entre páginas de pages/.`
              : `A página "${variant.page}" do experimento "${experiment.id}" não existe.`,
          hint:
            found.error === 'missing' && found.suggestion
              ? `Você quis dizer "${found.suggestion}"?`
              : undefined,
          loc: locationIn(parsed, [...base, 'variants', v, 'page']),
        });
      }
    });

    const sum = experiment.variants.reduce((total, v) => total + v.weight, 0);
    if (sum !== 100) {
      problems.push({
        code: 'experiment-weights',
        message: `Os pesos do experimento "${experiment.id}" somam ${sum}, não 100.`,
        hint: `Cada peso é a parte dos visitantes, em %: ${experiment.variants.map((v) => v.weight).join(' + ')} = ${sum}. Ajuste para somar 100.`,
        loc: locationIn(parsed, [...base, 'variants'], { key: true }),
      });
    }

    const firstRoute = routes.get(experiment.route);
    if (firstRoute !== undefined) {
      problems.push({
        code: 'experiment-route',
        message: `O endereço ${experiment.route} já está no experimento "${experiments[firstRoute]!.id}": um endereço só pode estar num experimento por vez.`,
        hint: 'Encerre um dos dois (apague-o ou ponha o winner) antes de começar o outro.',
        loc: locationIn(parsed, [...base, 'route']),
      });
    } else routes.set(experiment.route, i);
    if (pages.length === experiment.variants.length && !pages.some((p) => p.route === experiment.route)) {
      problems.push({
        code: 'experiment-route',
        message: `${name} divide o endereço ${experiment.route}, mas nenhuma das páginas dele é ${experiment.route}.`,
        hint: `Inclua a página de ${experiment.route} entre as variants (ela é a original, contra a qual as variantes são comparadas).`,
        loc: locationIn(parsed, [...base, 'route']),
      });
    }

    if (experiment.winner !== undefined) {
      const winner = resolvePageName(experiment.winner, files);
      if (!('file' in winner) || !pages.some((p) => p.file === winner.file)) {
        problems.push({
          code: 'experiment-winner',
          message: `O winner "${experiment.winner}" não é uma das páginas do experimento "${experiment.id}".`,
          hint: `Use uma destas: ${experiment.variants.map((v) => v.page).join(', ')}.`,
          loc: locationIn(parsed, [...base, 'winner']),
        });
      }
    }
    if (experiment.start !== undefined && experiment.end !== undefined && experiment.end < experiment.start) {
      problems.push({
        code: 'experiment-dates',
        message: `${name} termina (${experiment.end}) antes de começar (${experiment.start}).`,
        loc: locationIn(parsed, [...base, 'end']),
      });
    }
    resolved.push({ ...experiment, pages });
  });
  return { problems, resolved: problems.length === 0 ? resolved : [] };
}
