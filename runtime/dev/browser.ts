/**
 * The dev stage's public entry for browser bundles (the Estúdio's app and its preview frame):
 * what runs there without Node. runtime/dev/index.ts is the entry for the server side.
 */
export {
  BLOCK_TAG,
  deltaFor,
  joinRender,
  namesOf,
  resolveDelta,
  splitRender,
  type RenderDelta,
  type RenderNames,
  type RenderParts,
} from './render-parts.ts';
export { closeMark, markNumber, MARK_SIGN, MARKS, openMark, withoutMarks } from './text-props.ts';
