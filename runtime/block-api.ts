export { defineBlock } from './load/define-block.ts';
export type {
  BlockProps,
  BlockDefinition,
  BlockExample,
  HydrateStrategy,
  JsonLdThing,
} from './load/define-block.ts';
export { BlockProviders, usePage, useSite, type PageInfo } from './render/page-context.tsx';
export { chatUrl, phoneUrl, ctaTarget, type CtaTarget } from './render/links.ts';
export { useBehavior, type Behavior } from './render/use-behavior.ts';
export { getFlag, setFlag, TABBABLE, moveFocusBefore, lockScroll } from './behavior-api.ts';
