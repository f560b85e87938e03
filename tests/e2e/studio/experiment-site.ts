/**
 * An experiment already on the site for the Estúdio's browser tests: /agendamento against a new
 * variant /agendamento-oferta, 50/50, committed and pushed to the test site's remote (so the
 * Estúdio reads it as published, "no ar").
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { git, type GitSite } from '../../studio/git-site.ts';

export async function publishExperiment(site: GitSite, id: string, options: { start?: string } = {}) {
  await writeFile(
    path.join(site.work, 'pages/agendamento-oferta.yaml'),
    'extends: agendamento\nchange:\n  hero:\n    title: Oferta relâmpago, fácil e rápido.\n',
  );
  const file = path.join(site.work, 'pages/_site.yaml');
  const start = options.start ? `    start: ${options.start}\n` : '';
  await writeFile(
    file,
    `${await readFile(file, 'utf8')}experiments:\n  - id: ${id}\n    route: /agendamento\n${start}    variants:\n      - page: agendamento\n        weight: 50\n      - page: agendamento-oferta\n        weight: 50\n`,
  );
  git(site.work, 'add', 'pages');
  git(site.work, 'commit', '-qm', `Começa o experimento ${id}`);
  git(site.work, 'push', '-q', 'origin', 'main');
}

/** A day in São Paulo (AAAA-MM-DD), `offset` days from today. */
export function saoPauloDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}
