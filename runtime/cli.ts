/**
 * The command line: `check [files…]`, `build`, `serve`, `schema`.
 * Library code throws; this file alone turns problems into messages and exit codes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BudgetError, kb } from './budget.ts';
import { PageErrors, plural, RenderError } from './errors.ts';
import { formatProblems } from './format-error.ts';
import { loadProject } from './load-project.ts';
import { buildSite } from './prerender.ts';
import { blockList } from './registry.ts';
import { PAGE_SCHEMA_FILE, pageSchemaText } from './schema-file.ts';
import { serveStatic } from './serve.ts';

const root = process.cwd();

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'check': {
      const project = await loadProject({
        root,
        pagesDir: path.join(root, 'pages'),
        blocks: blockList,
        only: args.length ? args : undefined,
      });
      console.log(`✓ ${plural(project.pages.length, 'página válida', 'páginas válidas')}.`);
      return 0;
    }
    case 'build': {
      const outIndex = args.indexOf('--out');
      const outDir =
        outIndex >= 0 && args[outIndex + 1] ? path.resolve(root, args[outIndex + 1]!) : undefined;
      const report = await buildSite({ root, outDir, log: (l) => console.log(l) });
      for (const r of report.routes) {
        const js = r.islands.length
          ? `ilhas: ${r.islands.join(', ')}`
          : r.scripts.length
            ? 'só o script da página'
            : 'sem JavaScript';
        const size = `${kb(r.js.gzipBytes)} KB de JS gzip, orçamento ${kb(r.js.budgetBytes)} KB`;
        console.log(`  ${r.route.padEnd(28)} dist/${r.file}  (${js}; ${size})`);
      }
      console.log(
        `✓ ${report.routes.length} rotas em ${(report.timings.totalMs / 1000).toFixed(1)} s → dist/`,
      );
      return 0;
    }
    case 'serve': {
      const port = Number(process.env.PORT ?? 4173);
      const dir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
      await serveStatic(dir, port);
      console.log(
        `Servindo ${path.relative(root, dir) || '.'} em http://127.0.0.1:${port}/ (Ctrl+C para parar)`,
      );
      return await new Promise<number>(() => {});
    }
    case 'schema': {
      const file = path.join(root, PAGE_SCHEMA_FILE);
      const text = pageSchemaText();
      const current = await readFile(file, 'utf8').catch(() => '');
      if (current !== text) await writeFile(file, text);
      console.log(
        current === text ? `${PAGE_SCHEMA_FILE} já está atualizado.` : `✓ ${PAGE_SCHEMA_FILE} atualizado.`,
      );
      return 0;
    }
    default:
      console.error(
        'Uso: tsx runtime/cli.ts <check [arquivos…] | build [--out pasta] | serve | schema>  (serve lê DIST_DIR, padrão dist)',
      );
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof PageErrors) {
      console.error(formatProblems(error.problems));
    } else if (error instanceof BudgetError) {
      console.error(`✖ ${error.message}`);
    } else if (error instanceof RenderError) {
      console.error(`✖ ${error.message}`);
      if (error.cause instanceof Error && error.cause.stack) console.error(error.cause.stack);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
