/**
 * The first line of every YAML file of pages/: `# yaml-language-server: $schema=…`, the schema an
 * editor (VS Code, the Estúdio's code view) checks and completes the file with, by a path relative
 * to the file. A file moved into or out of a scheduled change's folder (pages/_agendamentos/<id>/,
 * issue 38) is two folders deeper or shallower, so its line is rewritten with it.
 */
import { SCHEDULE_META_FILE } from './schedule-model.ts';

export const MODELINE_PREFIX = '# yaml-language-server: $schema=';

/** The modeline of the file at `relPath` (relative to pages/, '/' separators). */
export function schemaModeline(relPath: string): string {
  const parts = relPath.split('/');
  const name = parts.at(-1);
  const schema = name === '_site.yaml' ? 'site' : name === SCHEDULE_META_FILE ? 'schedule' : 'page';
  return `${MODELINE_PREFIX}${'../'.repeat(parts.length)}schema/${schema}.schema.json`;
}

/** `text` with its modeline pointing right from `relPath`; a text without a modeline is unchanged. */
export function placeModeline(text: string, relPath: string): string {
  if (!text.startsWith(MODELINE_PREFIX)) return text;
  const eol = text.indexOf('\n');
  return schemaModeline(relPath) + (eol < 0 ? '' : text.slice(eol));
}
