/**
 * `npm run studio` serves a production build of the Estúdio's app (decision 0033): React's
 * production build and one minified bundle open a long page and type faster than Vite's
 * development modules. It is built once per version of its sources (hosted/app.ts's buildApp,
 * about 4 s) and kept (build-cache.ts). `npm run studio -- --dev` serves the app through Vite
 * instead, with hot reload, for people changing the Estúdio itself.
 */
import { cachedBuild, checkoutKey } from './build-cache.ts';
import { buildApp } from './hosted/app.ts';

/** What the app's bundle is made of: the Estúdio and everything of the site it shows. */
const APP_SOURCES = ['studio/', 'runtime/', 'schema/', 'design/', 'blocks/'];

/** The folder of the app's production build for the sources as they are now (built if new). */
export function cachedAppDir(root: string, onBuild?: () => void): Promise<string> {
  return cachedBuild(
    root,
    { name: `app-${checkoutKey(root)}`, sources: APP_SOURCES, build: buildApp, marker: 'index.html' },
    onBuild,
  );
}
