/**
 * Author: a route name (and optionally the page it varies) in, a new YAML file in pages/ out,
 * checked as the loader checks it: npm run new-page, and the Estúdio's "Nova página".
 */
export { createPage, NewPageError, type NewPageOptions, type NewPageResult } from './new-page.ts';
export { promoteVariant, PromoteError, type PromoteInput } from './promote.ts';
export {
  smallestChange,
  type ChangePath,
  type SmallestChange,
  type SmallestChangeInput,
} from './smallest-change.ts';
