/**
 * A publish conflict the author resolves (decision 30): what each conflicting file looked like on
 * both sides and where both started from, who published the version on the branch, and the words
 * a commit carries when it replaces or merges with that person's change.
 */
import type { PublishConflict, PublishedVersion } from '../api.ts';
import { gitAtCommit, gitShowBytes, type Repo } from './git.ts';

/** The commit of `rev` that last changed `repoPath` (null when none did), with who and when. */
export async function lastChange(r: Repo, rev: string, repoPath: string): Promise<PublishedVersion | null> {
  const out = (
    await gitAtCommit(r, rev, (commit) => [
      'log',
      '-1',
      '--format=%H%x1f%an%x1f%ae%x1f%aI',
      commit,
      '--',
      repoPath,
    ])
  ).trim();
  if (!out) return null;
  const [commit, name, email, date] = out.split('\x1f') as [string, string, string, string];
  return { commit, short: commit.slice(0, 7), name, email, date };
}

async function textAt(r: Repo, rev: string, repoPath: string): Promise<string | null> {
  const bytes = await gitShowBytes(r.top, `${rev}:${repoPath}`);
  return bytes === undefined ? null : bytes.toString('utf8');
}

/**
 * One conflicting file: the author's saved text, the text on `rev` (the branch, now at the
 * remote), the text at `base` (the version the author's text was written against; unknown: null)
 * and the commit that brought the published text.
 */
export async function conflictEntry(
  r: Repo,
  file: string,
  repoPath: string,
  mine: string | null,
  rev: string,
  base: string | undefined,
): Promise<PublishConflict['conflicts'][number]> {
  return {
    file,
    mine,
    theirs: await textAt(r, rev, repoPath),
    base: base === undefined ? null : await textAt(r, base, repoPath),
    published: await lastChange(r, rev, repoPath),
  };
}

/** "25/11/2026 14:03" in the server's time zone (the people who publish are in one place). */
type FormatDate = (iso: string) => string;

/** "a versão de Carla Souza (commit abc1234, 25/11/2026 14:03)" */
export function versionWords(version: PublishedVersion, formatDate: FormatDate): string {
  return `a versão de ${version.name} (commit ${version.short}, ${formatDate(version.date)})`;
}

/**
 * The message of a publish that replaced or merged with other people's published versions: the
 * replacement leads (it is what the history must say), the author's own words follow.
 */
export function conflictMessage(
  message: string,
  replaced: { route: string; version: PublishedVersion }[],
  merged: { route: string; version: PublishedVersion }[],
  formatDate: FormatDate,
): string {
  const lines = [
    ...replaced.map((x) => `Publica ${x.route} no lugar d${versionWords(x.version, formatDate)}`),
    ...merged.map((x) => `Junta ${x.route} com ${versionWords(x.version, formatDate)}`),
  ];
  if (lines.length === 0) return message;
  if (replaced.length > 0) {
    const subject =
      lines.length === 1
        ? lines[0]!
        : `Publica ${replaced.map((x) => x.route).join(', ')} no lugar das versões publicadas`;
    const rest = lines.length === 1 ? [] : lines;
    return [subject, '', ...rest, ...(rest.length > 0 ? [''] : []), message].join('\n');
  }
  // A merge keeps the author's words as the subject; whose version it joined goes below.
  return [message, '', ...lines].join('\n');
}
