/**
 * Applies .storybook/preview.tsx (site providers, global CSS, viewports) to stories
 * composed with composeStories in vitest, as Storybook does in the browser.
 * Import it before composing stories.
 */
import { setProjectAnnotations } from '@storybook/react';
import * as preview from '../../.storybook/preview.tsx';

export const projectAnnotations = setProjectAnnotations([preview]);

/** Window sizes of the viewports of preview.tsx, by name. */
const viewportSizes: Record<string, { width: number; height: number }> = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 800 },
};

interface RunnableStory {
  globals: Record<string, unknown>;
  run: (context?: { canvasElement: HTMLElement }) => Promise<void>;
}

/**
 * Renders a composed story the way Storybook's canvas does and runs its play function: in a
 * fresh container, with the window at the story's viewport size (jsdom has no layout, but
 * components that read window.innerWidth see the right width). Returns the container.
 * Each run unmounts the previous story first (Storybook keeps the cleanups).
 */
export async function runStory(story: RunnableStory): Promise<HTMLElement> {
  for (const el of [...document.body.children])
    if (el.tagName === 'DIV' && el.childElementCount === 0) el.remove();
  const viewport = (story.globals.viewport as { value?: string } | undefined)?.value ?? 'desktop';
  const size = viewportSizes[viewport];
  if (size) {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: size.width });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: size.height });
    window.dispatchEvent(new Event('resize'));
  }
  const canvasElement = document.createElement('div');
  document.body.append(canvasElement);
  await story.run({ canvasElement });
  return canvasElement;
}
