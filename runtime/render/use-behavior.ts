import { useEffect, type RefObject } from 'react';

/** A block's plain-DOM behaviour (blocks/<type>/<type>.behavior.ts): attaches to an element, returns its cleanup. */
export type Behavior = (root: HTMLElement) => () => void;

/**
 * Runs a block's behaviour on its rendered element when the component is mounted by React:
 * in Storybook and in component tests. On the built site the block is static HTML and the
 * page script runs the same behaviour (runtime/client/behaviors.ts), so there is one
 * implementation and no React in the browser for it.
 */
export function useBehavior(ref: RefObject<HTMLElement | null>, behavior: Behavior): void {
  useEffect(() => (ref.current ? behavior(ref.current) : undefined), [ref, behavior]);
}
