/**
 * Render: a validated page model (and the block registry) in, a complete HTML document out:
 * the blocks laid out in their landmarks, islands rendered on their own, head, SEO, JSON-LD,
 * inline SVG illustrations; and the error screen a broken page shows in dev.
 */
export {
  createBlockRenderCache,
  renderPage,
  type BlockRenderCache,
  type PageAssets,
  type RenderedPage,
} from './render-page.tsx';
export { JS_CLASS_AND_FLAGS_SCRIPT, JS_CLASS_SCRIPT } from './document.ts';
export {
  isIndexable,
  MANIFEST_FILE,
  servedAt,
  servedByAudience,
  servedByExperiment,
  SHARE_IMAGE,
} from './seo.ts';
export { svgInliner } from './inline-svg.ts';
export { renderErrorScreen } from './error-screen.ts';
export { BlockProviders, SITE_DATA_ID } from './page-context.tsx';
