/**
 * The pages of `npm run bench`'s big site: `count` copies of the real route pages under
 * bench/p0001…, round-robin, next to `_site.yaml`, `404.yaml` and any template (`_x.yaml`),
 * which keep their names so variants of them resolve as in pages/. A variant of a route page
 * extends the copy of that page in the first round instead, and a link to a route page leads to
 * that copy (the check refuses a link to a page that is not there: runtime/load/links.ts).
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileToRoute, listYamlFiles, isRouteFile } from '../runtime/load/index.ts';

/** Writes the pages into `pagesDir`; returns the source route files (relative to pages/). */
export async function generateBenchPages(
  realPages: string,
  pagesDir: string,
  count: number,
): Promise<string[]> {
  const all = await listYamlFiles(realPages);
  const sources = all.filter((f) => isRouteFile(f) && f !== '404.yaml');
  if (sources.length === 0) throw new Error(`No route pages to copy in ${realPages}`);
  await mkdir(path.join(pagesDir, 'bench'), { recursive: true });
  for (const file of all.filter((f) => !sources.includes(f))) {
    await mkdir(path.dirname(path.join(pagesDir, file)), { recursive: true });
    await copyFile(path.join(realPages, file), path.join(pagesDir, file));
  }
  const copyName = (i: number) => `bench/p${String(i + 1).padStart(4, '0')}`;
  const firstCopy = new Map(sources.map((f, i) => [f.replace(/\.yaml$/, ''), copyName(i)]));
  const copyRoute = new Map(sources.map((f, i) => [fileToRoute(f), `/${copyName(i)}`]));
  const contents = await Promise.all(
    sources.map(async (f) =>
      (await readFile(path.join(realPages, f), 'utf8'))
        .replace(/^extends:[ \t]*(['"]?)([^'"\s#]+)\1[ \t]*$/m, (line, _quote: string, base: string) =>
          firstCopy.has(base) ? `extends: ${firstCopy.get(base)!}` : line,
        )
        .replace(
          /((?:href|logoHref):[ \t]*['"]?|\]\()(\/[a-z0-9/-]*)(?=[#?'")\s]|$)/gm,
          (link, before: string, route: string) =>
            copyRoute.has(route) ? `${before}${copyRoute.get(route)!}` : link,
        ),
    ),
  );
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      writeFile(path.join(pagesDir, `${copyName(i)}.yaml`), contents[i % contents.length]!),
    ),
  );
  return sources;
}
