/**
 * Every story renders the way a page does: inside <BlockProviders> with the real site
 * settings (pages/_site.yaml), under the site's global stylesheet and self-hosted fonts.
 */
import { Global } from '@emotion/react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { parse } from 'yaml';
import siteYaml from '../pages/_site.yaml?raw';
import { fontBaseName, fontFaceCss } from '../design/fonts.ts';
import { globalCss } from '../design/global-styles.ts';
import { BlockProviders } from '../runtime/page-context.tsx';
import type { Site } from '../schema/site.ts';

/** The site settings, as authors write them (validated by `npm run check`, not here). */
const site = parse(siteYaml) as Site;

/** The same fonts the site serves; .storybook/main.ts maps /assets/fonts to the @fontsource files. */
const pageCss = fontFaceCss((font) => `/assets/fonts/${fontBaseName(font)}.woff2`) + globalCss;

const withSite: Decorator = (Story) => (
  <BlockProviders site={site} page={{ route: '/' }}>
    <Global styles={pageCss} />
    <Story />
  </BlockProviders>
);

const preview: Preview = {
  decorators: [withSite],
  parameters: {
    // Blocks are full-width page sections: no padding around them.
    layout: 'fullscreen',
    viewport: {
      options: {
        phone: { name: 'Celular (375 × 740)', styles: { width: '375px', height: '740px' }, type: 'mobile' },
        desktop: {
          name: 'Computador (1280 × 800)',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
    controls: { expanded: true },
  },
};

export default preview;
