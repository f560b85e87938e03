/** The block registry: every block type a page may use, by its YAML `type`. */
import type { AnyBlockDefinition } from '../runtime/block-api.ts';
import choiceCards from './choiceCards/index.ts';
import navbar from './navbar/index.ts';
import notFound from './notFound/index.ts';
import popup from './popup/index.ts';
import sideChat from './sideChat/index.ts';
import stickyCta from './stickyCta/index.ts';
import banner from './banner/index.ts';
import mediaText from './mediaText/index.ts';
// @imports-interactive
import hero from './hero/index.ts';
import steps from './steps/index.ts';
import features from './features/index.ts';
import testimonials from './testimonials/index.ts';
import comparison from './comparison/index.ts';
import offer from './offer/index.ts';
import credibility from './credibility/index.ts';
import specs from './specs/index.ts';
import loadingOverlay from './loadingOverlay/index.ts';
// @imports-content
import faq from './faq/index.ts';
import footer from './footer/index.ts';
import legal from './legal/index.ts';
import gallery from './gallery/index.ts';
// @imports-faq-footer-legal

export const registry = {
  choiceCards,
  navbar,
  notFound,
  popup,
  sideChat,
  stickyCta,
  banner,
  mediaText,
  // @registry-interactive
  hero,
  steps,
  features,
  testimonials,
  comparison,
  offer,
  credibility,
  specs,
  loadingOverlay,
  // @registry-content
  faq,
  footer,
  legal,
  gallery,
  // @registry-faq-footer-legal
};

/** The registry as the runtime iterates it: a list (schema, docs) and a map by type (render). */
export const blockList: readonly AnyBlockDefinition[] = Object.values(registry);
export const blockMap: ReadonlyMap<string, AnyBlockDefinition> = new Map(blockList.map((b) => [b.type, b]));
