/**
 * Block ids are the page's anchors (#duvidas): two blocks may not share one. One check for
 * plain pages (runtime/load/project.ts) and variants (runtime/load/extends.ts); only how a block's
 * id is located differs.
 */
import type { PageProblem, SourceLocation } from './errors.ts';

/** Where one block's id is written, and whether it comes from a base page (variants). */
export interface IdUse {
  loc: SourceLocation;
  /** How the message names the place the id was first used: "na linha 12", "em pages/a.yaml:12". */
  where: string;
  inherited: boolean;
}

/**
 * The blocks that reuse an id. The data answers the common case; `locate` (the positioned
 * document) runs only when two ids clash. The use kept is the inherited one, else the first,
 * so the error lands on the block that was added.
 */
export function duplicateBlockIds(
  blocks: unknown,
  source: string,
  locate: (index: number) => IdUse,
  hint?: string,
): PageProblem[] {
  if (!Array.isArray(blocks)) return [];
  const ids = blocks.map((b: unknown) =>
    b && typeof b === 'object' && typeof (b as { id?: unknown }).id === 'string'
      ? (b as { id: string }).id
      : undefined,
  );
  const written = ids.filter((id) => id !== undefined);
  if (new Set(written).size === written.length) return [];
  const byId = new Map<string, IdUse[]>();
  ids.forEach((id, index) => {
    if (id !== undefined) byId.set(id, [...(byId.get(id) ?? []), locate(index)]);
  });
  const problems: PageProblem[] = [];
  for (const [id, uses] of byId) {
    if (uses.length < 2) continue;
    const kept = uses.find((u) => u.inherited) ?? uses[0]!;
    for (const use of uses) {
      if (use === kept) continue;
      problems.push({
        code: 'duplicate-anchor',
        message: `O id "${id}" já foi usado ${kept.where}: cada seção precisa de um id diferente.`,
        ...(hint && { hint }),
        loc: use.loc,
        source,
      });
    }
  }
  return problems.sort((a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column);
}
