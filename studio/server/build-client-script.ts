/**
 * `NODE_ENV=production tsx studio/server/build-client-script.ts <entry> <file> [--parts]`: bundles
 * <entry> (relative to the project root) with everything it imports into one ES module written to
 * <file>. Run in a process of its own by client-script.ts, so the Estúdio's Vite dev server never
 * shares its NODE_ENV: React and the JSX runtime come in their production builds, as on the site.
 *
 * With --parts, what <entry> imports lazily (`import()`) stays out of it, in parts of its own that
 * the module fetches only when it runs that import: each part is written beside <file> as
 * `<file>.parts/<name>.js`, and the module imports it by the script's own address with a query,
 * `./<file>?part=<name>`. A page whose policy names the one script by its path lets these load too
 * (a source's path is matched without the query) and nothing else.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { clientPlugins } from '../../runtime/build/index.ts';
import { isPartName } from './client-script.ts';

const root = path.resolve(import.meta.dirname, '../..');

const [entry, outFile, mode] = process.argv.slice(2);
const parts = mode === '--parts';
if (!entry || !outFile || (mode !== undefined && !parts) || process.env.NODE_ENV !== 'production') {
  process.stderr.write(
    'Uso: NODE_ENV=production tsx studio/server/build-client-script.ts <entrada> <arquivo> [--parts]\n',
  );
  process.exit(2);
}
const base = path.basename(outFile);
/** The query that names a part in the address the module imports it by. */
const PART_PREFIX = `${base}?part=`;

const result = await build({
  configFile: false,
  root,
  logLevel: 'warn',
  appType: 'custom',
  publicDir: false,
  mode: 'production',
  plugins: clientPlugins(),
  build: {
    write: false,
    modulePreload: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: path.join(root, entry),
      output: parts
        ? {
            format: 'es',
            entryFileNames: base,
            chunkFileNames: `${PART_PREFIX}[name]`,
            // The query is the point: kept as it is, not made a file name.
            sanitizeFileName: (name: string) => name,
          }
        : { format: 'es', codeSplitting: false },
    },
  },
});
const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk' && o.isEntry);
if (!chunk || chunk.type !== 'chunk') {
  process.stderr.write(`O Vite não devolveu o script de ${entry}.\n`);
  process.exit(1);
}
await writeFile(path.resolve(outFile), chunk.code);
if (parts) {
  const partsDir = `${path.resolve(outFile)}.parts`;
  await mkdir(partsDir, { recursive: true });
  for (const part of outputs.flatMap((o) => o.output)) {
    if (part.type !== 'chunk' || part === chunk) continue;
    const name = part.fileName.startsWith(PART_PREFIX) ? part.fileName.slice(PART_PREFIX.length) : '';
    if (!isPartName(name)) {
      process.stderr.write(`O Vite deu a uma parte de ${entry} um nome inesperado: ${part.fileName}\n`);
      process.exit(1);
    }
    await writeFile(path.join(partsDir, `${name}.js`), part.code);
  }
}
