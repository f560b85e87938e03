/**
 * The command line: `check [files…]`, `build`, `serve`, `schema`, `new-page`, `experiments report`.
 * Library code throws; this file alone turns problems into messages and exit codes.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  checkSite,
  formatProblems,
  formatSiteInstant,
  loadProject,
  PageErrors,
  parseSiteInstant,
  plural,
  RenderError,
  type SiteCheck,
} from './load/index.ts';
import { blockList } from '../blocks/index.ts';
import { createPage, NewPageError } from './author/index.ts';
import type { ResolvedExperiment } from './load/index.ts';
import { siteDay } from './edge/index.ts';
import { JOBS_COMMAND, serveJobs } from './cli-jobs.ts';

const root = process.cwd();

/** `--name value` out of the arguments: the value, and the arguments without both. */
function option(args: string[], name: string): [string | undefined, string[]] {
  const at = args.indexOf(name);
  if (at < 0 || args[at + 1] === undefined) return [undefined, args];
  return [args[at + 1], [...args.slice(0, at), ...args.slice(at + 2)]];
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // `--pages DIR`: another pages folder (a copy being tried out); default <root>/pages.
  const [pagesOption, args] = option(rest, '--pages');
  const pagesDir = path.resolve(root, pagesOption ?? 'pages');
  switch (command) {
    case 'check': {
      // `--now "AAAA-MM-DD HH:MM"` (São Paulo): the check's clock, to see the site as it will be.
      const [nowText, files] = option(args, '--now');
      const now = nowText === undefined ? undefined : parseSiteInstant(nowText);
      if (nowText !== undefined && now === undefined) {
        console.error(`--now ${nowText}: use a data e a hora de São Paulo, ex.: --now "2026-12-20 00:00".`);
        return 2;
      }
      const checked = await checkSite({
        root,
        pagesDir,
        blocks: blockList,
        only: files.length ? files : undefined,
        now,
      });
      console.log(`✓ ${plural(checked.project.pages.length, 'página válida', 'páginas válidas')}.`);
      if (checked.schedules.length > 0) console.log(checkedInstantsLine(checked));
      for (const warning of checked.warnings) console.log(`⚠ ${warning}`);
      return 0;
    }
    case 'build': {
      // The build and dev stages (Vite, Rolldown, the client bundle) only for the commands that use
      // them: check, new-page and the experiments report start without them (issue 40.3).
      const { buildSite, kb, VERCEL_FILE, vercelJson, VERCEL_MIDDLEWARE_FILE, vercelMiddlewareForRepo } =
        await import('./build/index.ts');
      const outIndex = args.indexOf('--out');
      const outDir =
        outIndex >= 0 && args[outIndex + 1] ? path.resolve(root, args[outIndex + 1]!) : undefined;
      // `--public DIR`: another public folder (the Estúdio checks a candidate tree this way).
      const publicIndex = args.indexOf('--public');
      const publicDir =
        publicIndex >= 0 && args[publicIndex + 1] ? path.resolve(root, args[publicIndex + 1]!) : undefined;
      const report = await buildSite({ root, pagesDir, outDir, publicDir, log: (l) => console.log(l) });
      for (const r of report.routes) {
        const parts = [
          r.islands.length ? `ilhas: ${r.islands.join(', ')}` : '',
          r.behaviors.length ? `comportamentos: ${r.behaviors.join(', ')}` : '',
        ].filter(Boolean);
        const js = parts.length
          ? parts.join('; ')
          : r.scripts.length
            ? 'só o script da página'
            : 'sem JavaScript';
        const size = `${kb(r.js.gzipBytes)} KB de JS gzip, orçamento ${kb(r.js.budgetBytes)} KB`;
        console.log(`  ${r.route.padEnd(28)} dist/${r.file}  (${js}; ${size})`);
      }
      console.log(
        `✓ ${report.routes.length} rotas em ${(report.timings.totalMs / 1000).toFixed(1)} s → dist/`,
      );
      // `--vercel-out DIR`: the vercel.json and middleware.ts this site implies, written to DIR (the
      // Estúdio commits them with the _site.yaml they come from); no middleware.ts without experiments.
      const vercelIndex = args.indexOf('--vercel-out');
      if (vercelIndex >= 0 && args[vercelIndex + 1]) {
        const dir = path.resolve(root, args[vercelIndex + 1]!);
        const project = await loadProject({ root, pagesDir, blocks: blockList });
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, VERCEL_FILE), vercelJson(project.site));
        const middleware = await vercelMiddlewareForRepo(root, project, pagesDir);
        if (middleware !== undefined) await writeFile(path.join(dir, VERCEL_MIDDLEWARE_FILE), middleware);
      }
      return 0;
    }
    case 'serve': {
      const { serveStatic } = await import('./dev/index.ts');
      const port = Number(process.env.PORT ?? 4173);
      const dir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
      await serveStatic(dir, port);
      console.log(
        `Servindo ${path.relative(root, dir) || '.'} em http://127.0.0.1:${port}/ (Ctrl+C para parar)`,
      );
      return await new Promise<number>(() => {});
    }
    case 'schema': {
      // Editors' schemas and the authors' block reference, all generated from the registry.
      const {
        BLOCKS_DOC_FILE,
        blocksDocText,
        PAGE_SCHEMA_FILE,
        pageSchemaText,
        SCHEDULE_SCHEMA_FILE,
        scheduleSchemaText,
        SITE_SCHEMA_FILE,
        siteSchemaText,
      } = await import('./build/index.ts');
      const generated: [string, string][] = [
        [PAGE_SCHEMA_FILE, pageSchemaText()],
        [SITE_SCHEMA_FILE, siteSchemaText()],
        [SCHEDULE_SCHEMA_FILE, scheduleSchemaText()],
        [BLOCKS_DOC_FILE, blocksDocText(blockList)],
      ];
      for (const [name, text] of generated) {
        const file = path.join(root, name);
        const current = await readFile(file, 'utf8').catch(() => '');
        if (current !== text) await writeFile(file, text);
        console.log(current === text ? `${name} já está atualizado.` : `✓ ${name} atualizado.`);
      }
      return 0;
    }
    case 'new-page': {
      const fromIndex = args.indexOf('--from');
      const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined;
      const route = args.find((a, i) => !a.startsWith('--') && (fromIndex < 0 || i !== fromIndex + 1));
      if (route === undefined || (fromIndex >= 0 && from === undefined)) {
        console.error(
          'Uso: npm run new-page -- <endereco> [--from <pagina>]   ex.: npm run new-page -- promo-inverno --from agendamento',
        );
        return 2;
      }
      const created = await createPage({ root, pagesDir, route, from });
      console.log(`✓ Criado ${created.file}${from ? ` (variante de ${from})` : ''}.`);
      console.log(
        `  Veja em http://127.0.0.1:5173${created.route} com npm run dev; confira com npm run check.`,
      );
      return 0;
    }
    case 'experiments': {
      return experimentsCommand(args, pagesDir);
    }
    default:
      console.error(
        'Uso: tsx runtime/cli.ts <check [arquivos…] [--now "AAAA-MM-DD HH:MM"] | build [--out pasta] [--public pasta] | serve | schema | new-page <endereco> [--from pagina]> [--pages pasta]  (serve lê DIST_DIR, padrão dist)',
      );
      return 2;
  }
}

/**
 * What `check` looked at, in one line: "✓ Site verificado agora e em 2 instantes agendados:
 * 20/12/2026 às 00:00 (agendamento natal) e 26/12/2026 às 00:00 (agendamento natal)."
 */
function checkedInstantsLine(checked: SiteCheck): string {
  const at = checked.future.map(
    (s) => `${formatSiteInstant(s.at)} (${s.changing.map((c) => `agendamento ${c.id}`).join(', ')})`,
  );
  const now = `agora (${formatSiteInstant(checked.now)}, horário de São Paulo)`;
  if (at.length === 0) return `✓ Site verificado ${now}; nenhum agendamento muda o site depois disso.`;
  const list = at.length === 1 ? at[0] : `${at.slice(0, -1).join(', ')} e ${at.at(-1)}`;
  return `✓ Site verificado ${now} e em ${plural(at.length, 'instante agendado', 'instantes agendados')}: ${list}.`;
}

const EXPERIMENTS_USAGE = [
  'Uso: npm run experiments -- report <exportacao.csv> [--experiment id-do-_site.yaml] [--control variante] [--weights a=50,b=50] [--start AAAA-MM-DD] [--end AAAA-MM-DD] [--mde 20] [--json]',
  '  Sem --experiment, o experimento é o de pages/_site.yaml cujas páginas a exportação nomeia (pelo nome ou pelo exp_variant_string FGS-<id>-<página>);',
  '  se nenhum ou mais de um servir, passe --experiment id, ou --weights para julgar a exportação sozinha.',
].join('\n');

/**
 * `experiments report <export.csv>`: the report of a GA4 export, in Portuguese or as JSON (the
 * whole Report and its notes), judged by `judgeExport` like the Estúdio's Resultados; today is
 * São Paulo's. The experiment is `--experiment`'s, or the one of _site.yaml the export's variants
 * all belong to; without one, only `--weights` lets the export be judged alone (equal shares are
 * never assumed: a 60/40 experiment read as 50/50 shows a false SRM).
 */
async function experimentsCommand(argv: string[], pagesDir: string): Promise<number> {
  // The statistics (and their @stdlib packages, about 0.08 s of CPU) only for this command: not at
  // every build and check (decision 0039, session 23).
  const { experimentsNamedBy, formatReport, judgeExport, readExport, ReportError } =
    await import('./experiments/index.ts');
  let args = argv;
  const take = (name: string) => {
    const [value, rest] = option(args, name);
    args = rest;
    return value;
  };
  const experimentId = take('--experiment');
  const control = take('--control');
  const weightsText = take('--weights');
  const start = take('--start');
  const end = take('--end');
  const mdeText = take('--mde');
  const json = args.includes('--json');
  args = args.filter((a) => a !== '--json');
  const [sub, file, ...extra] = args;
  if (sub !== 'report' || file === undefined || extra.length > 0) {
    console.error(EXPERIMENTS_USAGE);
    return 2;
  }
  const day = (text: string, flag: string) => {
    const at = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
    if (Number.isNaN(at))
      throw new ReportError(`${flag} ${text}: use uma data AAAA-MM-DD, por exemplo 2026-11-02.`);
    return at;
  };
  const today = siteDay(new Date());
  const days =
    start === undefined
      ? undefined
      : Math.floor(
          ((end === undefined ? day(today, 'hoje') : day(end, '--end')) - day(start, '--start')) / 86_400_000,
        ) + 1;
  let weights: Record<string, number> | undefined;
  if (weightsText !== undefined) {
    weights = {};
    for (const part of weightsText.split(',')) {
      const m = /^(.+)=(\d+(?:\.\d+)?)$/.exec(part.trim());
      if (!m)
        throw new ReportError(
          `--weights: "${part}" não é variante=peso (ex.: --weights agendamento=50,agendamento-b=50).`,
        );
      weights[m[1]!] = Number(m[2]);
    }
  }
  const mde = mdeText === undefined ? undefined : Number(mdeText.replace('%', '')) / 100;
  if (mde !== undefined && !(mde > 0))
    throw new ReportError(`--mde ${mdeText}: use um número positivo, em %, por exemplo --mde 20.`);
  const text = await readFile(path.resolve(file), 'utf8');
  // Weights, baseline and dates as declared in _site.yaml (flags still win).
  const { experiments } = await loadProject({ root, pagesDir, blocks: blockList });
  const known = experiments.map((e) => e.id).join(', ') || 'nenhum';
  let experiment: ResolvedExperiment | undefined;
  let found = false;
  if (experimentId !== undefined) {
    experiment = experiments.find((e) => e.id === experimentId);
    if (!experiment) {
      throw new ReportError(
        `--experiment ${experimentId}: não há esse experimento em _site.yaml (há: ${known}).`,
      );
    }
  } else {
    const variants = [...new Set(readExport(text, file).rows.map((r) => r.variant))];
    const named = experimentsNamedBy(experiments, variants);
    const example = `--weights ${variants.map((v) => `${v}=<peso>`).join(',')}`;
    if (named.length === 1) {
      experiment = named[0];
      found = true;
    } else if (weights === undefined) {
      const pages = variants.join(', ');
      throw new ReportError(
        named.length > 1
          ? `${file}: as variantes da exportação (${pages}) são páginas de mais de um experimento de _site.yaml (${named.map((e) => e.id).join(', ')}): diga qual com --experiment ${named[0]!.id}.`
          : experiments.length > 0
            ? `${file}: as variantes da exportação (${pages}) não são todas páginas de um mesmo experimento de _site.yaml (há: ${known}), e sem os pesos de cada página o relatório não adivinha: passe --experiment id, ou os pesos com ${example}.`
            : `${file}: _site.yaml não declara experimentos, e sem os pesos de cada página o relatório não adivinha (dividir igualmente acusaria um SRM falso num teste 60/40): passe os pesos com ${example}, ou declare o experimento em _site.yaml e passe --experiment id.`,
      );
    }
  }
  const report = judgeExport(text, experiment, { file, today, control, weights, days, mde });
  if (json) console.log(JSON.stringify(report, null, 2));
  else {
    if (found)
      process.stdout.write(
        `Experimento ${experiment!.id} de _site.yaml (reconhecido pelas variantes da exportação): pesos, original e datas de lá.\n`,
      );
    process.stdout.write(formatReport(report));
    if (report.notes.length > 0)
      process.stdout.write(`\nSobre a exportação:\n${report.notes.map((n) => `  • ${n}`).join('\n')}\n`);
  }
  return 0;
}

/** Prints a command's failure as the command line shows it. */
function report(error: unknown): void {
  if (error instanceof PageErrors) {
    console.error(formatProblems(error.problems));
  } else if (error instanceof NewPageError) {
    console.error(`✖ ${error.message}${error.hint ? `\n  ${error.hint}` : ''}`);
  } else if (error instanceof Error && error.name === 'ReportError') {
    // experiments/report.ts's ReportError (loaded only by the experiments command).
    console.error(`✖ ${error.message}`);
  } else if (error instanceof Error && error.name === 'PortInUseError') {
    // dev/static-server.ts's: npm run preview on a port another server holds.
    console.error(`✖ ${error.message}`);
  } else if (error instanceof Error && error.name === 'BudgetError') {
    // build/budget.ts's BudgetError (its stage is loaded only by the build command).
    console.error(`✖ ${error.message}`);
  } else if (error instanceof RenderError) {
    console.error(`✖ ${error.message}`);
    if (error.cause instanceof Error && error.cause.stack) console.error(error.cause.stack);
  } else {
    console.error(error);
  }
}

/** A command run to its exit code, its failure printed. */
async function run(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    report(error);
    return 1;
  }
}

const argv = process.argv.slice(2);
// The Estúdio's kept process for its checks: commands sent one by one (cli-jobs.ts).
if (argv[0] === JOBS_COMMAND) serveJobs(run);
else void run(argv).then((code) => process.exit(code));
