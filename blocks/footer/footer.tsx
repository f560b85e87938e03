import { css } from '@emotion/react';
import { useId } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { Logo } from '../../design/logo.tsx';
import { colors, fonts, motion, mq, radii, space } from '../../design/theme.ts';
import { chatUrl, phoneUrl, useSite, type BlockProps } from '../../runtime/block-api.ts';
import type { footerSchema } from './footer.schema.ts';

export type FooterProps = BlockProps<typeof footerSchema>;
type Tone = FooterProps['tone'];

/** Colours per tone; every text/background pair passes WCAG AA. */
const palette = (tone: Tone) =>
  tone === 'dark'
    ? {
        bg: colors.navy,
        text: '#cbd5e1', // 11:1 on navy
        soft: '#94a3b8', // 6:1 on navy
        strong: colors.white,
        heading: '#7dd3fc',
        icon: '#7dd3fc',
        line: 'rgba(255, 255, 255, 0.12)',
        card: 'rgba(255, 255, 255, 0.06)',
      }
    : {
        bg: colors.surfaceAlt,
        text: colors.muted,
        soft: colors.muted,
        strong: colors.navy,
        heading: colors.waterDark,
        icon: colors.waterDark,
        line: colors.line,
        card: colors.surface,
      };

const wrap = (tone: Tone) => {
  const p = palette(tone);
  return css`
    background: ${p.bg};
    color: ${p.text};
    font-size: 0.9375rem;
    border-top: ${tone === 'light' ? `1px solid ${colors.line}` : '0'};
    li a {
      color: ${p.strong};
      text-decoration: none;
      text-underline-offset: 3px;
    }
    li a:hover {
      text-decoration: underline;
    }
    h2 {
      margin: 0 0 ${space(2)};
      font-family: ${fonts.displayCaps};
      font-size: 0.8125rem;
      font-weight: 600;
      letter-spacing: 0.08em;
      text-transform: uppercase;
      color: ${p.heading};
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
  `;
};

const miniFaqBand = (tone: Tone) => css`
  padding: ${space(6)} 0 ${space(5)};
  border-bottom: 1px solid ${palette(tone).line};
`;

const miniFaqGrid = css`
  display: grid;
  gap: ${space(1.5)};
  align-items: start;
  ${mq.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: ${space(2)};
  }
`;

const details = (tone: Tone) => {
  const p = palette(tone);
  return css`
    border: 1px solid ${p.line};
    border-radius: ${radii.md};
    background: ${p.card};
    summary {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: ${space(1.5)};
      min-height: 52px;
      padding: 12px ${space(2)};
      border-radius: ${radii.md};
      color: ${p.strong};
      font-family: ${fonts.display};
      font-weight: 600;
      font-size: 1rem;
      line-height: 1.4;
      list-style: none;
      cursor: pointer;
    }
    summary::-webkit-details-marker {
      display: none;
    }
    summary:focus-visible {
      outline-offset: -3px;
    }
    summary svg {
      flex: none;
      color: ${p.icon};
      transition: transform ${motion.base} ${motion.ease};
    }
    &[open] summary svg {
      transform: rotate(180deg);
    }
    p {
      margin: 0;
      padding: 0 ${space(2)} ${space(2)};
    }
  `;
};

const columns = css`
  display: grid;
  gap: ${space(5)};
  padding-top: ${space(6)};
  padding-bottom: ${space(5)};
  ${mq.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${mq.lg} {
    grid-template-columns: 1.25fr 1.1fr 1.1fr 0.85fr;
    gap: ${space(4)};
    padding-top: ${space(8)};
  }
`;

const brandCol = css`
  p {
    margin: ${space(2)} 0 0;
    max-width: 34ch;
    line-height: 1.7;
  }
`;

const logoLink = css`
  display: inline-flex;
  border-radius: ${radii.sm};
`;

const chatCta = css`
  margin-bottom: ${space(1.5)};
`;

const iconList = (tone: Tone) => css`
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    min-height: 44px;
    padding: 4px 0;
    line-height: 1.4;
  }
  svg {
    flex: none;
    color: ${palette(tone).icon};
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    overflow-wrap: anywhere;
  }
`;

const linkList = css`
  a,
  button {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
  /* 'Preferências de cookies' reopens the consent banner: a button that reads like the links. */
  button {
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
    text-underline-offset: 3px;
  }
  button:hover {
    text-decoration: underline;
  }
  html:not(.js) & li:has(> button) {
    display: none;
  }
`;

const bottom = (tone: Tone) => css`
  border-top: 1px solid ${palette(tone).line};
  color: ${palette(tone).soft};
  font-size: 0.875rem;
  p {
    margin: 0;
  }
`;

const bottomInner = css`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  padding-top: ${space(3)};
  padding-bottom: ${space(3)};
  ${mq.md} {
    flex-direction: row;
    justify-content: space-between;
    gap: ${space(3)};
  }
`;

/** The compact layout's links: one wrapping row above the copyright band. */
const compactLinks = (tone: Tone) => css`
  border-bottom: 1px solid ${palette(tone).line};
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${space(3)};
    margin: 0;
    padding: ${space(1)} 0;
    list-style: none;
  }
`;

/** Breaks only between the legal name, the tax id and the city. */
const legalLine = css`
  span {
    white-space: nowrap;
  }
`;

export default function Footer({
  blurb,
  chatLabel,
  track,
  hours,
  safetyHeading,
  safety,
  linksHeading,
  links,
  miniFaqHeading,
  miniFaq,
  tone,
  layout,
}: FooterProps) {
  const site = useSite();
  const ids = useId();
  // The build year; the page script puts the visitor's current year into [data-current-year].
  const year = new Date().getFullYear();
  const linkItems = (
    <>
      {links.map((link) => (
        <li key={link.label}>
          {link.whatsapp ? (
            <a
              href={chatUrl(site, link.whatsapp)}
              target="_blank"
              rel="noopener noreferrer"
              data-track={track}
              data-track-footer=""
            >
              {link.label}
              <span className="visually-hidden"> (WhatsApp, abre em nova aba)</span>
            </a>
          ) : (
            <a href={link.href}>{link.label}</a>
          )}
        </li>
      ))}
      {site.analyticsId && (
        <li>
          <button type="button" data-consent-open="">
            Preferências de cookies
          </button>
        </li>
      )}
    </>
  );
  const legalBand = (liveYear: boolean) => (
    <div css={bottom(tone)}>
      <div className="container" css={bottomInner}>
        <p>
          © {liveYear ? <span data-current-year="">{year}</span> : year} {site.brand}. Todos os direitos
          reservados.
        </p>
        <p css={legalLine}>
          <span>{site.legalName}</span> · <span>CNPJ {site.taxId}</span> · <span>{site.city}</span>
        </p>
      </div>
    </div>
  );
  if (layout === 'compact') {
    // A static page stays without JavaScript: the year is the build's (a rebuild updates it).
    return (
      <footer css={wrap(tone)}>
        <nav css={compactLinks(tone)} aria-label={linksHeading}>
          <div className="container">
            <ul css={linkList}>{linkItems}</ul>
          </div>
        </nav>
        {legalBand(false)}
      </footer>
    );
  }
  return (
    <footer css={wrap(tone)}>
      {miniFaq && (
        <section css={miniFaqBand(tone)} aria-labelledby={`${ids}faq`}>
          <div className="container">
            <h2 id={`${ids}faq`}>{miniFaqHeading}</h2>
            <div css={miniFaqGrid}>
              {miniFaq.map((item, index) => (
                <details key={index} css={details(tone)}>
                  <summary>
                    <span>{item.question}</span>
                    <Icon name="chevronDown" size={20} />
                  </summary>
                  <p>{item.answer}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      )}
      <div className="container" css={columns}>
        <div css={brandCol}>
          <a href="/" css={logoLink} aria-label={`${site.brand}: página inicial`}>
            <Logo tone={tone === 'dark' ? 'light' : 'dark'} height={40} title={site.brand} />
          </a>
          <p>{blurb}</p>
        </div>
        <div>
          <h2>Contato</h2>
          <CtaLink
            footer
            cta={{ label: chatLabel, action: 'whatsapp', message: 'recarga', track }}
            variant={tone === 'dark' ? 'light' : 'secondary'}
            extraCss={chatCta}
          />
          <ul css={iconList(tone)}>
            <li>
              <Icon name="phone" size={20} />
              <a href={phoneUrl(site)}>
                <span className="visually-hidden">Telefone: </span>
                {site.phoneDisplay}
              </a>
            </li>
            <li>
              <Icon name="mail" size={20} />
              <a href={`mailto:${site.email}`}>
                <span className="visually-hidden">E-mail: </span>
                {site.email}
              </a>
            </li>
            <li>
              <Icon name="clock" size={20} />
              <span>
                <span className="visually-hidden">Horário de atendimento: </span>
                {hours}
              </span>
            </li>
          </ul>
        </div>
        <div>
          <h2>{safetyHeading}</h2>
          <ul css={iconList(tone)}>
            {safety.map((item) => (
              <li key={item.text}>
                <Icon name={item.icon} size={20} />
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby={`${ids}links`}>
          <h2 id={`${ids}links`}>{linksHeading}</h2>
          <ul css={linkList}>{linkItems}</ul>
        </nav>
      </div>
      {legalBand(true)}
    </footer>
  );
}
