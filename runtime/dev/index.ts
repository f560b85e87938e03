/**
 * Dev: the project in, pages served while you edit (npm run dev: Vite with the pages rendered by
 * the same render stage as the build) and a built dist/ served like a static host (npm run preview).
 */
export { sitePlugins, type SiteOptions } from './vite-plugin.ts';
export { serveStatic } from './static-server.ts';
export { BLOCK_TAG, renderDraft, renderForDev, type DraftProblem, type DraftRender } from './dev-render.ts';
export { fontMiddleware } from './vite-plugin.ts';
export { textLeaves, type PropPath, type TextLeaf } from './text-props.ts';
export { renderShared, type SharedRender } from './shared-render.ts';
