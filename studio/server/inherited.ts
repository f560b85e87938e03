/**
 * GET /api/inherited?extends=<name>: the blocks of a variant's base page as the loader merges
 * them (the base's own `extends:` chain applied, validated), so the block form of a `change:`
 * entry can show each inherited value as its field's placeholder.
 *
 * Why the loader and not the preview's render answer: DraftRender.blocks names the file and path
 * where each block was first written, which for a base that is itself a variant is the root page,
 * not what the middle variant's own `change:` made of it. Merging the chain again in the browser
 * would be a second copy of runtime/load/extends.ts; loading the base page is the loader's own
 * answer, from the saved files, exactly as the preview reads the base.
 */
import path from 'node:path';
import type { InheritedAnswer, InheritedBlock } from '../api.ts';
import type { Answer, ApiContext, ApiRequest } from './api-context.ts';
import { HttpError } from './http.ts';
import { apiFileName, checkPageFileName } from './page-files.ts';

/** Names longer than this are no page name (routes allow 6 levels of 80 characters). */
const MAX_NAME = 600;

export async function getInherited(ctx: ApiContext, request: ApiRequest): Promise<Answer> {
  const name = request.query.get('extends');
  if (!name || name.length > MAX_NAME) {
    throw new HttpError(
      400,
      'Informe a página base (o que vem depois de "extends:"), por exemplo agendamento.',
    );
  }
  const load = await ctx.runtime.load();
  const files = await load.listYamlFiles(ctx.pagesDir);
  const found = load.resolvePageName(name, files);
  if (!('file' in found)) {
    throw new HttpError(404, `A página base "${name}" não existe.`);
  }
  // The loader's own name rules, before the file is read (a "_" file is no page).
  const rel = checkPageFileName(apiFileName(found.file), load);
  const base = apiFileName(rel);
  const { blockList } = await ctx.runtime.blocks();
  let project;
  try {
    project = await load.loadProject({
      root: ctx.runtime.root,
      pagesDir: ctx.runtime.pagesDir,
      blocks: blockList,
      only: [path.join(ctx.runtime.pagesDir, ...rel.split('/'))],
    });
  } catch (error) {
    if (!(error instanceof load.PageErrors)) throw error;
    throw new HttpError(
      422,
      `A página base ${base} tem problemas: os valores herdados aparecem quando ela estiver sem problemas.`,
    );
  }
  const page = project.pages.find((p) => p.file === base);
  const blocks: InheritedBlock[] = (page?.model.blocks ?? []).map((block) => ({
    type: block.type,
    ...(typeof block.id === 'string' ? { id: block.id } : {}),
    props: structuredClone(block) as Record<string, unknown>,
  }));
  return { status: 200, body: { base, blocks } satisfies InheritedAnswer };
}
