/**
 * Storybook for the blocks, the design tokens and the whole pages. It reuses the project's
 * vite.config.ts (React with emotion's JSX) minus the `fillgas` plugin, whose dev middleware
 * renders the YAML pages and would answer Storybook's own routes.
 *
 * Every route file pages/<name>.yaml is also a story file ('Páginas'): an indexer lists its
 * stories and a Vite plugin turns the file into a story module (page-stories.tsx renders it).
 */
import { createRequire } from 'node:module';
import type { StorybookConfig } from '@storybook/react-vite';
import type { Plugin, PluginOption } from 'vite';
import { fontBaseName, fontFiles } from '../design/fonts.ts';
import { pageIndexer, pageStoriesPlugin } from './page-indexer.ts';

const require = createRequire(import.meta.url);
/** Flattens nested plugin arrays and resolves promised plugins, dropping falsy entries. */
async function flattenPlugins(options: readonly PluginOption[]): Promise<Plugin[]> {
  const plugins: Plugin[] = [];
  for (const option of await Promise.all(options)) {
    if (Array.isArray(option)) plugins.push(...(await flattenPlugins(option)));
    else if (option && typeof option === 'object' && 'name' in option) plugins.push(option);
  }
  return plugins;
}

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../blocks/**/*.stories.tsx', '../design/**/*.stories.tsx', '../pages/**/[!_]*.yaml'],
  experimental_indexers: async (existing) => [pageIndexer, ...(existing ?? [])],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  staticDirs: [
    '../public',
    // The self-hosted font files, at the URLs the site uses (/assets/fonts/<name>.woff2),
    // one file each rather than the whole @fontsource folders (hundreds of files).
    ...fontFiles.map((font) => ({
      from: require.resolve(font.module),
      to: `/assets/fonts/${fontBaseName(font)}.woff2`,
    })),
  ],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const plugins = (await flattenPlugins(viteConfig.plugins ?? [])).filter((p) => p.name !== 'fillgas');
    plugins.unshift(pageStoriesPlugin);
    if (!plugins.some((p) => p.name.startsWith('vite:react')))
      throw new Error('vite.config.ts no longer registers @vitejs/plugin-react: emotion JSX would break.');
    // Storybook's dev server already sets `appType: 'custom'` and middleware mode itself.
    return {
      ...viteConfig,
      plugins,
      // Storybook's own preview bundle (with axe for the a11y panel) is over 1 MB; the site's is not.
      build: { ...viteConfig.build, chunkSizeWarningLimit: 2000 },
    };
  },
};

export default config;
