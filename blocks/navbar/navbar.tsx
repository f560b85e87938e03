import { css, keyframes } from '@emotion/react';
import { useId, useRef } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { Logo, LOGO_ASPECT } from '../../design/logo.tsx';
import { colors, fonts, layout, motion, mq, radii, shadows, space } from '../../design/theme.ts';
import { usePage, useSite, useBehavior, type BlockProps } from '../../runtime/block-api.ts';
import navbarBehavior, { MENU_LABELS } from './navbar.behavior.ts';
import type { navbarSchema } from './navbar.schema.ts';

export type NavbarProps = BlockProps<typeof navbarSchema>;

/**
 * A link written for another page ("/sodastream-t#sobre") becomes a same-page anchor
 * ("#sobre") on that page, so one shared header scrolls smoothly where the sections are
 * and links to them everywhere else.
 */
export function localHref(href: string, route: string): string {
  const hash = href.indexOf('#');
  if (!href.startsWith('/') || hash < 0) return href;
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return trim(href.slice(0, hash) || '/') === trim(route) ? href.slice(hash) : href;
}

// ---- The static bar: with no props it renders exactly these three rules. ----

const bar = css`
  border-bottom: 1px solid ${colors.line};
  background: ${colors.surface};
`;

const inner = (align: NavbarProps['align']) => css`
  display: flex;
  align-items: center;
  justify-content: ${align === 'center' ? 'center' : 'flex-start'};
  min-height: 72px;
  padding-top: ${space(1)};
  padding-bottom: ${space(1)};
`;

const logoLink = css`
  display: inline-flex;
  border-radius: 8px;
`;

// ---- Interactive variants. ----

const PHONE_LOGO_PX = 34;

const interactiveBar = css`
  position: relative;
  z-index: 50;
  transition:
    background-color ${motion.fast} ${motion.ease},
    border-color ${motion.fast} ${motion.ease},
    box-shadow ${motion.fast} ${motion.ease};
`;

/** position: sticky keeps the bar's place in the flow: nothing hides beneath it, nothing shifts. */
const stickyBar = css`
  position: sticky;
  top: 0;
  /* Without JavaScript the phone menu is an open list: too tall to keep on screen. */
  html:not(.js) & {
    position: relative;
  }
  ${mq.lg} {
    html:not(.js) & {
      position: sticky;
    }
  }
`;

// The state lives in attributes set by navbar.behavior.ts, so the styles follow it without React.

const transparentTop = css`
  &:not([data-scrolled]) {
    background: transparent;
    border-bottom-color: transparent;
  }
`;

const solidScrolled = css`
  &[data-scrolled] {
    background: ${colors.surface};
    box-shadow: ${shadows.header};
  }
`;

/**
 * Started transparent: frosted white once scrolled. A visitor whose system asks for less
 * transparency (macOS and iOS "Reduzir transparência", Windows with its transparency effects off)
 * gets the same bar opaque: the same white and line, no blur of the page behind it, the text on
 * plain white (contrast as high as the frost's or higher).
 */
const frostedScrolled = css`
  &[data-scrolled] {
    background: rgba(255, 255, 255, 0.86);
    border-bottom-color: rgba(226, 232, 240, 0.7);
    box-shadow: ${shadows.header};
    backdrop-filter: saturate(180%) blur(12px);
    -webkit-backdrop-filter: saturate(180%) blur(12px);
  }
  @media (prefers-reduced-transparency: reduce) {
    &[data-scrolled] {
      background: ${colors.surface};
      border-bottom-color: ${colors.line};
      backdrop-filter: none;
      -webkit-backdrop-filter: none;
    }
  }
`;

const menuOpenBar = css`
  &[data-menu-open] {
    background: ${colors.surface};
    border-bottom-color: ${colors.line};
  }
`;

const row = css`
  justify-content: flex-start;
  gap: ${space(1.5)};
  html:not(.js) & {
    flex-wrap: wrap;
  }
`;

const compactLogo = css`
  margin-right: auto;
  svg {
    height: ${PHONE_LOGO_PX}px;
    width: ${Math.round(PHONE_LOGO_PX * LOGO_ASPECT)}px;
  }
  ${mq.sm} {
    svg {
      height: 40px;
      width: ${Math.round(40 * LOGO_ASPECT)}px;
    }
  }
`;

const toggle = css`
  order: 3;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 48px;
  height: 48px;
  padding: 0;
  border: 1px solid ${colors.line};
  border-radius: ${radii.md};
  background: ${colors.surface};
  color: ${colors.navy};
  cursor: pointer;
  transition: background-color ${motion.fast} ${motion.ease};
  &:hover {
    background: ${colors.surfaceAlt};
  }
  &[aria-expanded='true'] {
    background: ${colors.waterLight};
    border-color: ${colors.waterLight};
  }
  /* Both icons are in the markup; the state picks one. */
  &[aria-expanded='true'] [data-icon='menu'],
  &:not([aria-expanded='true']) [data-icon='close'] {
    display: none;
  }
  [data-icon] {
    display: inline-flex;
  }
  html:not(.js) & {
    display: none;
  }
  ${mq.lg} {
    display: none;
  }
`;

const panelIn = keyframes`
  from { opacity: 0; transform: translateY(-8px); }
  to { opacity: 1; transform: none; }
`;

const nav = css`
  /* Phones and tablets, with JavaScript: a panel over the page, opened by the toggle. */
  .js & {
    display: none;
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    max-height: calc(100vh - 72px);
    max-height: calc(100dvh - 72px);
    overflow-y: auto;
    padding: ${space(1)} ${layout.gutter} ${space(3)};
    background: ${colors.surface};
    border-top: 1px solid ${colors.line};
    box-shadow: 0 16px 32px rgba(11, 37, 69, 0.14);
  }
  .js &[data-open='true'] {
    display: block;
    animation: ${panelIn} ${motion.fast} ${motion.ease};
  }
  /* Without JavaScript: the links stay visible under the logo. */
  html:not(.js) & {
    order: 4;
    width: 100%;
  }
  ${mq.lg} {
    .js &,
    .js &[data-open='true'],
    html:not(.js) & {
      order: 0;
      display: flex;
      align-items: center;
      position: static;
      width: auto;
      max-height: none;
      overflow: visible;
      margin-left: auto;
      padding: 0;
      background: none;
      border: 0;
      box-shadow: none;
      animation: none;
    }
  }
`;

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  html:not(.js) & {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${space(2)};
  }
  ${mq.lg} {
    display: flex;
    align-items: center;
    gap: ${space(0.5)};
  }
`;

const linkStyle = css`
  display: flex;
  align-items: center;
  min-height: 52px;
  font-family: ${fonts.display};
  font-weight: 600;
  font-size: 1.0625rem;
  color: ${colors.navy};
  text-decoration: none;
  transition: color ${motion.fast} ${motion.ease};
  .js li + li > & {
    border-top: 1px solid ${colors.line};
  }
  &:hover {
    color: ${colors.waterDark};
  }
  html:not(.js) & {
    min-height: 44px;
    font-size: 0.9375rem;
  }
  ${mq.lg} {
    position: relative;
    min-height: 44px;
    border-radius: ${radii.sm};
    padding: 0 ${space(1.5)};
    font-size: 0.9375rem;
    font-weight: 600;
    .js li + li > & {
      border-top: 0;
    }
    html:not(.js) & {
      font-size: 0.9375rem;
    }
    &::after {
      content: '';
      position: absolute;
      left: ${space(1.5)};
      right: ${space(1.5)};
      bottom: 8px;
      height: 2px;
      border-radius: 2px;
      background: ${colors.water};
      transform: scaleX(0);
      transition: transform ${motion.fast} ${motion.ease};
    }
    &:hover::after {
      transform: scaleX(1);
    }
  }
`;

/** The call to action inside the phone panel (below 480 px the bar has no room for it). */
const panelCta = css`
  width: 100%;
  margin-top: ${space(2)};
  ${mq.sm} {
    display: none;
  }
`;

/** The call to action in the bar; with links, only from 480 px up. */
const barCta = (withLinks: boolean) => css`
  order: 2;
  flex: none;
  min-height: 44px;
  padding: 10px ${space(2)};
  font-size: 0.875rem;
  ${withLinks ? 'display: none;' : ''}
  ${mq.sm} {
    display: inline-flex;
    font-size: 0.9375rem;
    padding: 10px ${space(2.5)};
  }
  ${mq.lg} {
    margin-left: ${space(1)};
  }
`;

export default function Navbar({ logoHref, align, links, cta, sticky, initial, solidAfter }: NavbarProps) {
  const site = useSite();
  const { route } = usePage();
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  useBehavior(headerRef, navbarBehavior);
  const hasLinks = Boolean(links && links.length > 0);
  const withActions = hasLinks || Boolean(cta);
  const interactive = withActions || sticky || initial === 'transparent';

  const logo = (
    <a
      href={logoHref}
      css={withActions ? [logoLink, compactLogo] : logoLink}
      aria-label={`${site.brand}: página inicial`}
    >
      <Logo height={40} title={site.brand} />
    </a>
  );

  if (!interactive) {
    return (
      <header css={bar}>
        <div className="container" css={inner(align)}>
          {logo}
        </div>
      </header>
    );
  }

  const transparent = initial === 'transparent';
  return (
    <header
      ref={headerRef}
      css={[
        bar,
        interactiveBar,
        sticky && stickyBar,
        transparent && transparentTop,
        sticky && (transparent ? frostedScrolled : solidScrolled),
        menuOpenBar,
      ]}
      data-solid-after={sticky ? solidAfter : undefined}
    >
      <div className="container" css={[inner(withActions ? 'start' : align), withActions && row]}>
        {logo}
        {hasLinks && (
          <>
            <button
              type="button"
              css={toggle}
              aria-expanded="false"
              aria-controls={menuId}
              aria-label={MENU_LABELS.open}
            >
              <span data-icon="menu">
                <Icon name="menu" size={24} />
              </span>
              <span data-icon="close">
                <Icon name="close" size={24} />
              </span>
            </button>
            <nav id={menuId} css={nav} aria-label="Menu principal" data-open="false">
              <ul css={list} role="list">
                {links!.map((link) => (
                  <li key={link.href + link.label}>
                    <a href={localHref(link.href, route)} css={linkStyle}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
              {cta && <CtaLink cta={cta} variant="primary" extraCss={panelCta} />}
            </nav>
          </>
        )}
        {cta && <CtaLink cta={cta} variant="primary" extraCss={barCta(hasLinks)} />}
      </div>
    </header>
  );
}
