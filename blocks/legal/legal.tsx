import { css } from '@emotion/react';
import { useId } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { BELOW_FOLD_CLASS } from '../../design/below-fold.ts';
import { colors, fonts, mq, radii, shadows, space } from '../../design/theme.ts';
import { chatUrl, phoneUrl, useSite, type BlockProps } from '../../runtime/block-api.ts';
import { parseInline, type SiteToken } from './inline.ts';
import type { legalSchema } from './legal.schema.ts';

export type LegalProps = BlockProps<typeof legalSchema>;

const hero = css`
  position: relative;
  overflow: hidden;
  padding: ${space(6)} 0 ${space(5)};
  background:
    radial-gradient(circle at 92% 20%, ${colors.waterLight} 0 120px, transparent 121px),
    radial-gradient(circle at 80% 95%, ${colors.waterLight} 0 56px, transparent 57px), ${colors.surfaceAlt};
  border-bottom: 1px solid ${colors.line};
  ${mq.md} {
    padding: ${space(9)} 0 ${space(7)};
  }
  h1 {
    position: relative;
    max-width: 20ch;
    font-size: clamp(2rem, 7vw, 3rem);
    margin-bottom: ${space(2)};
  }
`;

const updatedCss = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  margin-bottom: ${space(2)};
  padding: 6px 14px;
  border-radius: ${radii.pill};
  background: ${colors.surface};
  box-shadow: ${shadows.card};
  color: ${colors.muted};
  font-size: 0.875rem;
  svg {
    color: ${colors.waterDark};
  }
`;

const introCss = css`
  position: relative;
  max-width: 66ch;
  margin: 0;
  color: ${colors.muted};
  font-size: 1.125rem;
  line-height: 1.7;
`;

const layout = css`
  display: grid;
  gap: ${space(5)};
  padding-top: ${space(5)};
  padding-bottom: ${space(8)};
  ${mq.lg} {
    grid-template-columns: 260px minmax(0, 1fr);
    gap: ${space(8)};
    padding-top: ${space(8)};
    padding-bottom: ${space(12)};
  }
`;

const toc = css`
  align-self: start;
  padding: ${space(2.5)} ${space(2)} ${space(1.5)};
  border-radius: ${radii.md};
  background: ${colors.surfaceAlt};
  border: 1px solid ${colors.line};
  ${mq.lg} {
    position: sticky;
    top: 96px;
    max-height: calc(100vh - 120px);
    overflow-y: auto;
    padding: 0;
    border: 0;
    background: none;
  }
  h2 {
    margin: 0 0 ${space(1)} 12px;
    font-family: ${fonts.displayCaps};
    font-size: 0.8125rem;
    font-weight: 600;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: ${colors.waterDark};
  }
  ol,
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: flex;
    gap: 6px;
    align-items: center;
    min-height: 44px;
    padding: 8px 12px;
    border-radius: ${radii.sm};
    color: ${colors.ink};
    font-size: 0.9375rem;
    line-height: 1.35;
    text-decoration: none;
    ${mq.lg} {
      border-left: 2px solid ${colors.line};
      border-radius: 0 ${radii.sm} ${radii.sm} 0;
    }
  }
  a:hover {
    background: ${colors.waterLight};
    color: ${colors.navy};
    ${mq.lg} {
      border-left-color: ${colors.water};
    }
  }
`;

const tocNumber = css`
  flex: none;
  min-width: 1.6em;
  color: ${colors.waterDark};
  font-family: ${fonts.display};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

/**
 * Legal reading: a ~70 character measure, 1.7 line height, generous space between sections.
 * Clauses after the first wait to be laid out (design/below-fold.ts): on a phone the table of
 * contents fills the first screen, and the text would be most of a policy page's first layout.
 */
const body = css`
  max-width: 70ch;
  font-size: 1.0625rem;
  line-height: 1.7;
  section + section {
    margin-top: ${space(6)};
  }
  h2 {
    display: flex;
    gap: 0.4em;
    font-size: clamp(1.375rem, 3.6vw, 1.625rem);
    margin-bottom: ${space(2)};
  }
  p {
    margin: 0 0 1.1em;
  }
  ul {
    margin: 0 0 1.1em;
    padding: 0;
    list-style: none;
  }
  li {
    position: relative;
    margin-bottom: 0.6em;
    padding-left: 1.6em;
  }
  /* Kept inside its list: a clause below the fold is a layout container, no margin leaves it. */
  li:last-child {
    margin-bottom: 0;
  }
  li::before {
    content: '';
    position: absolute;
    left: 0.35em;
    top: 0.62em;
    width: 0.5em;
    height: 0.5em;
    border-radius: 50%;
    background: ${colors.water};
  }
  section > :last-child {
    margin-bottom: 0;
  }
  p a,
  li a {
    color: ${colors.waterDark};
    text-underline-offset: 3px;
    overflow-wrap: anywhere;
  }
`;

const sectionNumber = css`
  color: ${colors.waterDark};
  font-variant-numeric: tabular-nums;
`;

const contactBox = css`
  position: relative;
  overflow: hidden;
  margin-top: ${space(8)};
  padding: ${space(4)} ${space(3)};
  border-radius: ${radii.lg};
  background: ${colors.navy};
  color: #cbd5e1;
  ${mq.md} {
    padding: ${space(5)};
  }
  &::before {
    content: '';
    position: absolute;
    right: -60px;
    top: -60px;
    width: 180px;
    height: 180px;
    border-radius: 50%;
    background: rgba(14, 165, 198, 0.16);
    pointer-events: none;
  }
  h2 {
    position: relative;
    display: block;
    color: ${colors.white};
    font-size: 1.5rem;
    margin-bottom: ${space(1)};
  }
  p {
    position: relative;
    max-width: 54ch;
    margin-bottom: ${space(3)};
  }
`;

const contactActions = css`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)} ${space(3)};
`;

const contactLinks = css`
  && {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${space(3)};
    margin: 0;
  }
  && li {
    margin: 0;
    padding: 0;
  }
  && li::before {
    content: none;
  }
  && a {
    display: inline-flex;
    align-items: center;
    gap: ${space(1)};
    min-height: 44px;
    color: ${colors.white};
    font-family: ${fonts.body};
    font-weight: 400;
  }
  svg {
    color: #7dd3fc;
  }
`;

/** A phone number never breaks across lines. */
const noWrap = css`
  white-space: nowrap;
`;

/** A legal text with its {token}s from the site settings and its [links](/pagina). */
export function InlineText({ text }: { text: string }) {
  const site = useSite();
  const token = (name: SiteToken) => {
    switch (name) {
      case 'marca':
        return site.brand;
      case 'empresa':
        return site.legalName;
      case 'cnpj':
        return site.taxId;
      case 'cidade':
        return site.city;
      case 'email':
        return <a href={`mailto:${site.email}`}>{site.email}</a>;
      case 'telefone':
        return (
          <a href={phoneUrl(site)} css={noWrap}>
            {site.phoneDisplay}
          </a>
        );
      case 'whatsapp':
        return (
          <a href={chatUrl(site, 'duvidas')} target="_blank" rel="noopener noreferrer" css={noWrap}>
            {site.phoneDisplay}
            <span className="visually-hidden"> (WhatsApp, abre em nova aba)</span>
          </a>
        );
    }
  };
  return (
    <>
      {parseInline(text).map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : part.kind === 'token' ? (
          <span key={i}>{token(part.token)}</span>
        ) : (
          <a key={i} href={part.href}>
            {part.text}
          </a>
        ),
      )}
    </>
  );
}

/** Section ids are the table of contents' targets: two equal ones would make a link ambiguous. */
export function assertUniqueIds(sections: LegalProps['sections']): void {
  const seen = new Set<string>();
  for (const { id } of sections) {
    if (seen.has(id))
      throw new Error(`Duas seções com o id "${id}": cada seção do texto precisa de um id diferente.`);
    seen.add(id);
  }
}

export default function Legal({
  id,
  title,
  updated,
  intro,
  tocLabel,
  numbered,
  sections,
  contact,
}: LegalProps) {
  assertUniqueIds(sections);
  const site = useSite();
  const ids = useId();
  const List = numbered ? 'ol' : 'ul';
  return (
    <article id={id}>
      <header css={hero}>
        <div className="container">
          <h1>{title}</h1>
          {updated && (
            <p css={updatedCss}>
              <Icon name="calendar" size={18} />
              {updated}
            </p>
          )}
          {intro && (
            <p css={introCss}>
              <InlineText text={intro} />
            </p>
          )}
        </div>
      </header>
      <div className="container" css={layout}>
        <nav css={toc} aria-labelledby={`${ids}toc`}>
          <h2 id={`${ids}toc`}>{tocLabel}</h2>
          <List>
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>
                  {numbered && (
                    <span css={tocNumber} aria-hidden="true">
                      {index + 1}.
                    </span>
                  )}
                  <span>{section.heading}</span>
                </a>
              </li>
            ))}
          </List>
        </nav>
        <div css={body}>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className={index > 0 ? BELOW_FOLD_CLASS : undefined}>
              <h2>
                {numbered && <span css={sectionNumber}>{index + 1}.</span>}
                <span>{section.heading}</span>
              </h2>
              {section.paragraphs.map((text, i) => (
                <p key={i}>
                  <InlineText text={text} />
                </p>
              ))}
              {section.items && (
                <ul>
                  {section.items.map((text, i) => (
                    <li key={i}>
                      <InlineText text={text} />
                    </li>
                  ))}
                </ul>
              )}
              {section.after?.map((text, i) => (
                <p key={i}>
                  <InlineText text={text} />
                </p>
              ))}
            </section>
          ))}
          <section css={contactBox} aria-labelledby={`${ids}contato`}>
            <h2 id={`${ids}contato`}>{contact.heading}</h2>
            <p>{contact.text}</p>
            <div css={contactActions}>
              <CtaLink
                cta={{
                  label: contact.chatLabel,
                  action: 'whatsapp',
                  message: 'duvidas',
                  track: contact.track,
                }}
              />
              <ul css={contactLinks}>
                <li>
                  <a href={`mailto:${site.email}`}>
                    <Icon name="mail" size={20} />
                    <span className="visually-hidden">E-mail: </span>
                    {site.email}
                  </a>
                </li>
                <li>
                  <a href={phoneUrl(site)}>
                    <Icon name="phone" size={20} />
                    <span className="visually-hidden">Telefone: </span>
                    {site.phoneDisplay}
                  </a>
                </li>
              </ul>
            </div>
          </section>
        </div>
      </div>
    </article>
  );
}
