/**
 * The site-wide stylesheet: a small reset and the base typography, from the tokens.
 * Inter ships at 400 only, so the elements a browser makes bold by default (<b>, <strong>,
 * <th>, <h5>, <h6>; h1 to h4 have their own rule) are the display face at a weight it has.
 */
import { belowFoldCss } from './below-fold.ts';
import { colors, fonts, layout, motion } from './theme.ts';

export const globalCss = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%;scroll-behavior:smooth;scroll-padding-top:${layout.anchorOffsetPx}px}
body{margin:0;font-family:${fonts.body};font-size:16px;line-height:1.6;color:${colors.ink};background:${colors.surface};-webkit-font-smoothing:antialiased;overflow-x:hidden}
h1,h2,h3,h4{font-family:${fonts.display};color:${colors.navy};line-height:1.2;margin:0 0 .5em;font-weight:700;text-wrap:balance}
b,strong,th,h5,h6{font-family:${fonts.display};font-weight:600}
p{margin:0 0 1em}
img,svg{display:block;max-width:100%;height:auto}
a{color:${colors.waterDark}}
button{font:inherit}
:focus-visible{outline:3px solid ${colors.focus};outline-offset:3px}
[data-island],[data-behavior],[data-hide-for]{display:contents}
[data-pending]{transform:scale(.96);opacity:.75;cursor:progress}
${belowFoldCss}
.reveal-on [data-reveal]{opacity:0;transform:translateY(24px);transition:opacity .6s ${motion.ease},transform .6s ${motion.ease}}
.reveal-on [data-reveal].active{opacity:1;transform:none}
.skip-link{position:absolute;left:16px;top:-48px;z-index:100;padding:8px 16px;border-radius:8px;background:${colors.navy};color:#fff;transition:top ${motion.fast}}
.skip-link:focus{top:16px}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.container{width:100%;max-width:${layout.maxWidth};margin:0 auto;padding:0 ${layout.gutter}}
@media (prefers-reduced-motion:reduce){html{scroll-behavior:auto}*,*::before,*::after{animation-duration:.01ms!important;animation-iteration-count:1!important;transition-duration:.01ms!important}}
`
  .trim()
  .replace(/\n/g, '');
