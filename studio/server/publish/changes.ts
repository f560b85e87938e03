/** The first step: the saved changes Publicar offers, and those it refuses. */
import type { ChangedFile, RefusedFile } from '../../api.ts';
import { changedPaths, linkOnPath } from '../git.ts';
import { describeSiteChange, SITE_API_FILE } from '../site.ts';
import { IMAGES, need, PAGES, type PublishContext } from './context.ts';
import { describeChange } from './describe.ts';
import { headTexts, join, toApiFile, worktreeText } from './files.ts';
import { linkReason } from './links.ts';

/**
 * The saved changes Publicar offers, and those it refuses with the reason: a symbolic link in
 * the working tree (git would commit it as a 120000 entry, and the host's build follow it).
 */
export async function changes(
  ctx: PublishContext,
): Promise<{ files: ChangedFile[]; refused: RefusedFile[] }> {
  const { options, stale } = ctx;
  const r = need(ctx);
  const found = await changedPaths(r, [r.pagesPath || '.', join(r.publicPath, 'images')]);
  const files: ChangedFile[] = [];
  const refusedFiles: RefusedFile[] = [];
  const offered: { change: (typeof found)[number]; file: string; route: string | null; isSite: boolean }[] =
    [];
  for (const change of found) {
    const file = toApiFile(r, change.path);
    if (!file) continue;
    const route = file.startsWith(PAGES) ? options.routeOf(file) : null;
    const isSite = file === SITE_API_FILE;
    if (file.startsWith(PAGES) && route === null && !isSite) continue;
    const link = await linkOnPath(r, change.path);
    if (link !== undefined) {
      refusedFiles.push({ file, reason: linkReason(file, toApiFile(r, link) ?? link) });
      continue;
    }
    offered.push({ change, file, route, isSite });
  }
  // The published texts the summaries compare with, read together.
  const texts = await headTexts(
    r,
    offered.filter((o) => !o.file.startsWith(IMAGES)).map((o) => o.change.path),
  );
  for (const { change, file, route, isSite } of offered) {
    const summary = file.startsWith(IMAGES)
      ? `Envia a imagem /${file.slice('public/'.length)}`
      : isSite
        ? describeSiteChange(texts.get(change.path) ?? null, await worktreeText(r, change.path))
        : describeChange(
            texts.get(change.path) ?? null,
            await worktreeText(r, change.path),
            route!,
            options.blockTitle,
          );
    files.push({ file, route, status: change.status, summary, stale: stale.has(change.path) });
  }
  const byFile = (a: { file: string }, b: { file: string }) => (a.file < b.file ? -1 : 1);
  return { files: files.sort(byFile), refused: refusedFiles.sort(byFile) };
}
