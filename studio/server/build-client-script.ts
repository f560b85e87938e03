/**
 * `NODE_ENV=production tsx studio/server/build-client-script.ts <entry> <file>`: bundles <entry>
 * (relative to the project root) with everything it imports into one ES module written to <file>.
 * Run in a process of its own by client-script.ts, so the Estúdio's Vite dev server never shares
 * its NODE_ENV: React and the JSX runtime come in their production builds, as on the site.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { clientPlugins } from '../../runtime/build/index.ts';

const root = path.resolve(import.meta.dirname, '../..');

const [entry, outFile] = process.argv.slice(2);
if (!entry || !outFile || process.env.NODE_ENV !== 'production') {
  process.stderr.write(
    'Uso: NODE_ENV=production tsx studio/server/build-client-script.ts <entrada> <arquivo>\n',
  );
  process.exit(2);
}

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
      output: { format: 'es', codeSplitting: false },
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
