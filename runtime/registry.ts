import { registry } from '../blocks/index.ts';
import type { AnyBlockDefinition } from './load/define-block.ts';

/** The registry as the runtime iterates it: a list (schema, docs) and a map by type (render). */
export const blockList: readonly AnyBlockDefinition[] = Object.values(registry);
export const blockMap: ReadonlyMap<string, AnyBlockDefinition> = new Map(blockList.map((b) => [b.type, b]));
