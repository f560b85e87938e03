/**
 * Applies .storybook/preview.tsx (site providers, global CSS, viewports) to stories
 * composed with composeStories in vitest, as Storybook does in the browser.
 * Import it before composing stories.
 */
import { setProjectAnnotations } from '@storybook/react';
import * as preview from '../../.storybook/preview.tsx';

export const projectAnnotations = setProjectAnnotations([preview]);
