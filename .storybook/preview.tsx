/**
 * Every story renders the way a page does: inside <BlockProviders> with the real site
 * settings (pages/_site.yaml), under the site's global stylesheet and self-hosted fonts.
 */
import { Global } from '@emotion/react';
import { useLayoutEffect, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { LAID_OUT_CLASS } from '../design/below-fold.ts';
import { fontBaseName, fontFaceCss } from '../design/fonts.ts';
import { globalCss } from '../design/global-styles.ts';
import { BlockProviders } from '../runtime/block-api.ts';
import { site } from './project.ts';

/** The same fonts the site serves; .storybook/main.ts maps /assets/fonts to the @fontsource files. */
const pageCss = fontFaceCss((font) => `/assets/fonts/${fontBaseName(font)}.woff2`) + globalCss;

// A story is laid out whole, as a page is once its script has run (design/below-fold.ts): a
// legal text's clauses are not left to wait for the viewport, and its links land exactly.
document.documentElement.classList.add(LAID_OUT_CLASS);

const withSite: Decorator = (Story) => (
  <BlockProviders site={site} page={{ route: '/' }}>
    <Global styles={pageCss} />
    <Story />
  </BlockProviders>
);

/**
 * Pages with a script put `js` on <html> before first paint (runtime/render/document.ts), and
 * blocks style their JavaScript-only states under it. Stories do the same; a story with
 * `parameters: { htmlJs: false }` shows what a visitor without JavaScript sees.
 */
function HtmlJsClass({ on, children }: { on: boolean; children: ReactNode }) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const had = root.classList.contains('js');
    root.classList.toggle('js', on);
    return () => {
      root.classList.toggle('js', had);
    };
  }, [on]);
  return children;
}

const withHtmlJs: Decorator = (Story, { parameters }) => (
  <HtmlJsClass on={parameters.htmlJs !== false}>
    <Story />
  </HtmlJsClass>
);

const preview: Preview = {
  decorators: [withSite, withHtmlJs],
  // A docs page per block: its Portuguese title and description (parameters.docs) and every
  // prop's description from the schema (the argTypes built by controls.ts).
  tags: ['autodocs'],
  // Stories open at desktop width (1280 px); phone stories set `globals: phoneViewport`, and the
  // toolbar's viewport menu switches any story between the two.
  initialGlobals: { viewport: { value: 'desktop', isRotated: false } },
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
    // The block library, then whole pages, then the identity (logos, palette).
    options: { storySort: { order: ['Blocos', 'Páginas', 'Design'] } },
  },
};

export default preview;
