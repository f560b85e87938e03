/**
 * A command of the project run the way `npm run <script>` runs it (tsx), in one Node process:
 * `node --import <tsx's loader> <file> …`. The `tsx` command starts Node and then a second Node
 * process with that loader, and `npx tsx` starts npm first: 0.9 s of CPU for `npx tsx` and 0.6 s
 * for `tsx` against 0.3 s here, before the command's own work (decision 0039, session 18).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** tsx's loader by address, so that it is found whatever folder the command runs in. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The arguments of `process.execPath` that run `file` (a path, absolute or from `cwd`) with `args`. */
export const tsxArgs = (file: string, ...args: string[]): string[] => ['--import', TSX_LOADER, file, ...args];
