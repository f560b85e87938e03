/**
 * The block API: the one module of the runtime that blocks/ and design/ import (a lint rule
 * keeps it so). Everything a block's definition, component, stories and tests may use:
 * defineBlock and the props types, the page context, chat links, and the browser helpers of
 * behaviour-api.ts (session flags, focus, scroll lock), which islands use too.
 *
 * Only re-exports, and only of modules a browser can load: islands import this file. The client
 * build declares it free of side effects (runtime/build/prerender.ts), so a chunk takes exactly
 * the helpers it uses, as if it had imported them from where they live. A block's plain-DOM
 * behaviour (<type>.behavior.ts) imports behavior-api.ts instead, which has no React.
 */
export {
  defineBlock,
  type AnyBlockDefinition,
  type BlockDefinition,
  type BlockExample,
  type BlockProps,
  type HydrateStrategy,
  type JsonLdThing,
} from './load/define-block.ts';
export { BlockProviders, SITE_DATA_ID, usePage, useSite, type PageInfo } from './render/page-context.tsx';
export { chatUrl, ctaTarget, phoneUrl, type CtaTarget } from './render/links.ts';
export { useBehavior, type Behavior } from './render/use-behavior.ts';
export { getFlag, lockScroll, moveFocusBefore, setFlag, TABBABLE } from './behavior-api.ts';
