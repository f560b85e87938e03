/**
 * The audiences of _site.yaml checked against the pages (issue 38): each rule's route has a page,
 * its page exists and is not that route's own page, no rule of a route ties with or is shadowed
 * by an earlier one, no page is both an audience's and a variant of an experiment on the same
 * route, and a static host (no edge code) has none. Shape (patterns, `when` keys) is the schema's
 * (schema/site.ts); the order at the edge (audience first, then the experiment) is decision 0046.
 */
import type { Audience, Host } from '../../schema/site.ts';
import { describeWhen, sameWhen, whenCovers, type AudienceWhen } from './audience-words.ts';
import type { PageProblem } from './errors.ts';
import type { ResolvedExperiment } from './experiments.ts';
import { resolvePageName } from './extends.ts';
import type { ParsedFile } from './parse.ts';
import { fileToRoute } from './routes.ts';
import { closest } from './suggest.ts';
import { locationIn } from './yaml-location.ts';

/** A rule with its page resolved: the edge serves `file`'s HTML (built at `variantRoute`) at `route`. */
export interface ResolvedAudience {
  route: string;
  /** As written in _site.yaml ("agendamento-natal"). */
  page: string;
  /** The page's file, relative to pages/ ("agendamento-natal.yaml"). */
  file: string;
  /** The page's own address, where its HTML is built ("/agendamento-natal"). */
  variantRoute: string;
  when: AudienceWhen;
}

/** What a static host cannot do, in words (schedules and audiences both need edge code). */
export const STATIC_HOST_REASON =
  'num host estático nada troca a página na hora marcada nem escolhe a página de cada visitante: ali não roda código na borda';
export const STATIC_HOST_HINT =
  'Publique na Cloudflare, na Netlify ou na Vercel (host: cloudflare, netlify ou vercel em _site.yaml), ou apague isto.';

/**
 * Problems of `audiences` (already valid against the schema) given the route files of the pages
 * folder (relative, "agendamento.yaml") and the site's resolved experiments; the rules resolved
 * when there are none.
 */
export function checkAudiences(
  audiences: readonly Audience[],
  parsed: ParsedFile,
  files: readonly string[],
  experiments: readonly ResolvedExperiment[],
  host: Host | undefined,
): { problems: PageProblem[]; resolved: ResolvedAudience[] } {
  const problems: PageProblem[] = [];
  const resolved: ResolvedAudience[] = [];
  const routes = new Map(files.map((f) => [fileToRoute(f), f]));
  const problem = (code: PageProblem['code'], keys: (string | number)[], message: string, hint?: string) =>
    problems.push({
      code,
      message,
      ...(hint === undefined ? {} : { hint }),
      loc: locationIn(parsed, keys),
      source: parsed.source,
    });

  audiences.forEach((audience, i) => {
    const at = (...keys: (string | number)[]) => ['audiences', i, ...keys];
    const rule = `O público ${i + 1} (${describeWhen(audience.when)})`;
    if (host === 'estatico') {
      problem(
        'static-host',
        at('route'),
        `${rule} não funciona com host: estatico: ${STATIC_HOST_REASON}.`,
        STATIC_HOST_HINT,
      );
    }
    const routeFile = routes.get(audience.route);
    if (routeFile === undefined) {
      const guess = closest(audience.route, [...routes.keys()]);
      problem(
        'audience-route',
        at('route'),
        `O endereço ${audience.route} não tem página: um público só troca a página de um endereço que existe.`,
        guess ? `Você quis dizer ${guess}?` : undefined,
      );
    }
    const found = resolvePageName(audience.page, files);
    if (!('file' in found)) {
      problem(
        'audience-page',
        at('page'),
        found.error === 'not-a-page'
          ? `"${audience.page}" não é uma página: um público vê uma página de pages/.`
          : `A página "${audience.page}" do público de ${audience.route} não existe.`,
        found.error === 'missing' && found.suggestion ? `Você quis dizer "${found.suggestion}"?` : undefined,
      );
    } else if (found.file === routeFile) {
      problem(
        'audience-page',
        at('page'),
        `"${audience.page}" já é a página de ${audience.route}: esta regra não muda nada para quem chega com ${describeWhen(audience.when)}.`,
        'Escreva a página feita para esse público (uma variante, ex.: agendamento-natal).',
      );
    } else {
      const experiment = experiments.find(
        (e) =>
          e.winner === undefined && e.route === audience.route && e.pages.some((p) => p.file === found.file),
      );
      if (experiment) {
        problem(
          'audience-experiment',
          at('page'),
          `"${audience.page}" é uma das páginas do experimento "${experiment.id}" em ${audience.route} e também a página de um público ali: as visitas desse público seriam contadas duas vezes.`,
          'Use uma cópia da página para o público, ou tire-a do experimento.',
        );
      }
      resolved.push({
        route: audience.route,
        page: audience.page,
        file: found.file,
        variantRoute: fileToRoute(found.file),
        when: audience.when,
      });
    }

    // The edge takes the first rule of a route that matches: a later one an earlier one takes in is never used.
    for (let j = 0; j < i; j++) {
      const earlier = audiences[j]!;
      if (earlier.route !== audience.route) continue;
      if (sameWhen(earlier.when, audience.when)) {
        problem(
          'audience-tie',
          at('when'),
          `${rule} pede o mesmo que o público ${j + 1} em ${audience.route}: quem chega assim vê sempre a página do ${j + 1} (${earlier.page}), e este nunca vale.`,
          'Apague uma das duas regras, ou mude as condições de uma delas.',
        );
        break;
      }
      if (whenCovers(earlier.when, audience.when)) {
        problem(
          'audience-shadowed',
          at('when'),
          `${rule} nunca vale: toda visita que ele pegaria já cai no público ${j + 1} (${describeWhen(earlier.when)}), que vem antes em ${audience.route}.`,
          `Ponha este público antes do ${j + 1}: a regra mais específica vem primeiro.`,
        );
        break;
      }
    }
  });
  return { problems, resolved: problems.length === 0 ? resolved : [] };
}
