/**
 * `NODE_ENV=production tsx studio/server/build-shared-page-script.ts <file>`: the site's page
 * script (runtime/client/main.ts: consent, behaviours, islands with React) bundled into one ES
 * module, for the shared previews (shared-previews.ts, decision 0050). One file, because a
 * preview reader has no session and may load nothing of the Estúdio but this and the public files.
 * Run in a process of its own, as the preview agent's build is (build-preview-agent.ts).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { clientPlugins } from '../../runtime/build/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const ENTRY = 'runtime/client/main.ts';

const outFile = process.argv[2];
if (!outFile || process.env.NODE_ENV !== 'production') {
  process.stderr.write('Uso: NODE_ENV=production tsx studio/server/build-shared-page-script.ts <arquivo>\n');
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
      input: path.join(root, ENTRY),
      output: { format: 'es', codeSplitting: false },
    },
  },
});
const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk' && o.isEntry);
if (!chunk || chunk.type !== 'chunk') {
  process.stderr.write('O Vite não devolveu o script da página.\n');
  process.exit(1);
}
await writeFile(path.resolve(outFile), chunk.code);
