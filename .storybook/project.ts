/**
 * The site settings as Storybook's browser bundle sees them: pages/_site.yaml, checked with the
 * same schema, ajv options and defaults as `npm run check`, so every block reads (useSite) what
 * it reads on the built site.
 *
 * The load stage's project loader reads files with node:fs, which a browser bundle cannot
 * import; here the text comes from Vite (`?raw`) and the load stage's browser entry parses and
 * validates it. (Whole pages, variants included, are loaded in Node: page-data.ts.)
 */
import siteYaml from '../pages/_site.yaml?raw';
import { SiteSchema, type Site } from '../schema/site.ts';
import {
  createAjv,
  createValidator,
  parseYaml,
  type PageProblem,
  type ParsedFile,
} from '../runtime/load/browser.ts';

type Loaded<T> = { ok: true; data: T } | { ok: false; problems: PageProblem[] };

const ajv = createAjv();
const validateSite = createValidator(JSON.parse(JSON.stringify(SiteSchema)) as Record<string, unknown>, ajv);

function load<T>(source: string, file: string, validate: (parsed: ParsedFile) => PageProblem[]): Loaded<T> {
  const result = parseYaml(source, file);
  if (!result.ok) return result;
  const { parsed } = result;
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
