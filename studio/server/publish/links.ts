/**
 * Symbolic links are never published (the site would publish what is on the other side): the
 * reason shown, and the refusal (409, audited, nothing committed).
 */
import { linksInTree, type Repo } from '../git.ts';
import { HttpError } from '../http.ts';
import type { Person } from '../people.ts';
import type { Action, PublishContext } from './context.ts';
import { toApiFile } from './files.ts';

/**
 * Why Publicar refuses `file` (API names: "pages/x.yaml"): it is a symbolic link, or lies inside
 * `link`, a folder that is one; `count` links in all when several are named at once.
 */
export function linkReason(file: string, link: string, count = 1): string {
  const what =
    link !== file
      ? `${file} está dentro de ${link}, que é um atalho (link simbólico)`
      : count === 1
        ? `${file} é um atalho (link simbólico)`
        : `${file} e ${count === 2 ? 'outro arquivo' : `outros ${count - 1} arquivos`} são atalhos (links simbólicos)`;
  return `${what}: o Estúdio não publica atalhos, porque o site publicaria o que está do outro lado do atalho, que pode ser um arquivo de fora do repositório.`;
}

/** The folders of the repository no symbolic link may be committed in: pages/ and public/. */
export const siteFolders = (r: Repo) => [r.pagesPath || '.', r.publicPath];

/** Refuses (409, audited, nothing committed) when `tree` holds a symbolic link in pages/ or public/. */
export async function refuseLinksIn(
  ctx: PublishContext,
  r: Repo,
  tree: string,
  person: Person,
  action: Action,
  files: string[],
): Promise<void> {
  const links = await linksInTree(r, tree, siteFolders(r));
  if (links.length > 0) await refuseLinks(ctx, r, links, person, action, files);
}

export async function refuseLinks(
  ctx: PublishContext,
  r: Repo,
  links: string[],
  person: Person,
  action: Action,
  files: string[],
): Promise<never> {
  const named = links.map((l) => toApiFile(r, l) ?? l);
  await ctx.audit.record(`${action}-recusado` as 'publicar-recusado', person.email, {
    files,
    reason: 'atalho',
    links: named,
  });
  throw new HttpError(409, `${linkReason(named[0]!, named[0]!, named.length)} Nada foi publicado.`, {
    hint: 'Quem cuida do site pode trocar o atalho pelo próprio arquivo, ou apagá-lo (git rm), e enviar pelo git.',
  });
}
