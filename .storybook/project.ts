/**
 * The site settings as Storybook's browser bundle sees them: pages/_site.yaml, checked with the
 * same schema, ajv options and defaults as `npm run check`, so every block reads (useSite) what
 * it reads on the built site.
 *
 * runtime/load-project.ts reads files with node:fs, which a browser bundle cannot import; here
 * the text comes from Vite (`?raw`) and the positioned `yaml` parser (the runtime's authority
 * for error locations) reads it. (Whole pages, variants included, are loaded in Node: page-data.ts.)
 */
import { LineCounter, parseDocument } from 'yaml';
import siteYaml from '../pages/_site.yaml?raw';
import { SiteSchema, type Site } from '../schema/site.ts';
import type { PageProblem } from '../runtime/load/errors.ts';
import type { ParsedFile } from '../runtime/load/parse.ts';
import { createAjv, createValidator } from '../runtime/load/validate.ts';

type Loaded<T> = { ok: true; data: T } | { ok: false; problems: PageProblem[] };

const ajv = createAjv();
const validateSite = createValidator(JSON.parse(JSON.stringify(SiteSchema)) as Record<string, unknown>, ajv);

function parse(source: string, file: string): { parsed?: ParsedFile; problems: PageProblem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core' });
  if (doc.errors.length > 0) {
    return {
      problems: doc.errors.map((e) => {
        const { line, col } = lineCounter.linePos(e.pos[0]);
        return {
          code: 'yaml-syntax' as const,
          message: `YAML inválido: ${e.message}`,
          loc: { file, line, column: col },
          source,
        };
      }),
    };
  }
  return { parsed: { file, source, doc, lineCounter, data: doc.toJS({ maxAliasCount: 100 }) }, problems: [] };
}

function load<T>(source: string, file: string, validate: (parsed: ParsedFile) => PageProblem[]): Loaded<T> {
  const { parsed, problems } = parse(source, file);
  if (!parsed) return { ok: false, problems };
  // Validation fills the schema defaults into parsed.data, as the build does.
  const found = validate(parsed);
  return found.length > 0 ? { ok: false, problems: found } : { ok: true, data: parsed.data as T };
}

function loadSite(): Site {
  const result = load<Site>(siteYaml, 'pages/_site.yaml', validateSite);
  if (!result.ok) {
    throw new Error(
      `pages/_site.yaml tem problemas (rode npm run check):\n${result.problems
        .map((p) => `${p.loc.file}:${p.loc.line}:${p.loc.column} ${p.message}`)
        .join('\n')}`,
    );
  }
  return result.data;
}

/** The site settings every block reads (useSite), as validated by `npm run check`. */
export const site: Site = loadSite();
