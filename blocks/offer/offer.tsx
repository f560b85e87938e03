import { css } from '@emotion/react';
import { CtaLink } from '../../design/cta-link.tsx';
import { CheckList } from '../../design/check-list.tsx';
import { Icon } from '../../design/icons.tsx';
import { Picture } from '../../design/picture.tsx';
import { Section, type SectionTone } from '../../design/section.tsx';
import { colors, fonts, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { keepTogether } from '../../design/typography.ts';
import type { offerSchema } from './offer.schema.ts';
import { reveal } from '../../design/reveal.ts';

export type OfferProps = BlockProps<typeof offerSchema>;
type Tone = SectionTone;

/**
 * The card's columns: the image (when there is one), the items, the price. Built as one string:
 * Prettier formats CSS in template literals and turned `}minmax(` into `}minmax (`, which browsers
 * reject, so the whole rule fell back to one column and the image filled the card's width.
 */
const columns = (image: string, price: string) => [image, 'minmax(0, 1fr)', price].filter(Boolean).join(' ');

/** A white card on every tone: the image, the included items, then the price and its button. */
const card = (tone: Tone, hasImage: boolean) => css`
  display: grid;
  gap: ${space(4)};
  max-width: 1040px;
  margin: 0 auto;
  padding: ${space(3)} ${space(2)} ${space(2)};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  color: ${colors.ink};
  box-shadow: ${tone === 'dark' ? '0 24px 48px rgba(0, 0, 0, 0.3)' : shadows.raised};
  ${tone === 'dark' ? '' : `border: 1px solid ${colors.line};`}
  ${mq.md} {
    grid-template-columns: ${columns(hasImage ? '160px' : '', 'minmax(0, 1fr)')};
    align-items: center;
    padding: ${space(5)};
  }
  ${mq.lg} {
    grid-template-columns: ${columns(hasImage ? '200px' : '', '360px')};
    gap: ${space(5)};
  }
`;

const art = css`
  display: none;
  ${mq.md} {
    display: block;
    width: 100%;
    height: auto;
    max-height: 70vh;
    object-fit: contain;
  }
`;

/** Doubled class: the dark Section paints its h3s white, but this one sits on the white card. */
const listTitle = css`
  && {
    margin: 0 0 ${space(2)};
    font-size: 1.25rem;
    color: ${colors.navy};
  }
`;

const panel = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(1)};
  padding: ${space(3)} ${space(2)};
  border-radius: ${radii.md};
  background: ${colors.surfaceAlt};
  border: 1px solid ${colors.line};
  text-align: center;
  ${mq.sm} {
    padding: ${space(3)};
  }
`;

const badgeStyle = css`
  margin: 0 0 ${space(1)};
  padding: 4px ${space(1.5)};
  border-radius: ${radii.pill};
  background: ${colors.orangeLight};
  color: ${colors.orangeHover};
  font-family: ${fonts.display};
  font-size: 0.875rem;
  font-weight: 600;
`;

const priceLine = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  margin: 0;
  line-height: 1.1;
  color: ${colors.navy};
`;

const oldStyle = css`
  font-size: 1.125rem;
  color: ${colors.muted};
  s {
    text-decoration-thickness: 2px;
    text-decoration-color: ${colors.orange};
  }
`;

const nowStyle = css`
  display: inline-flex;
  align-items: baseline;
  gap: ${space(1)};
  font-size: 1.125rem;
  color: ${colors.muted};
  strong {
    font-family: ${fonts.display};
    font-size: clamp(3rem, 12vw, 3.75rem);
    font-weight: 700;
    letter-spacing: -0.02em;
    color: ${colors.navy};
  }
`;

const priceNoteStyle = css`
  margin: 0 0 ${space(2)};
  color: ${colors.muted};
`;

const fullWidth = css`
  width: 100%;
  min-height: 56px;
  padding-left: ${space(2)};
  padding-right: ${space(2)};
  ${mq.sm} {
    font-size: 1.0625rem;
  }
`;

const noteStyle = css`
  margin: ${space(1)} 0 0;
  font-size: 0.9375rem;
  line-height: 2;
  color: ${colors.ink};
  svg {
    display: inline-block;
    margin-right: 6px;
    vertical-align: -4px;
    color: ${colors.orange};
  }
`;

const couponStyle = css`
  display: inline-block;
  margin-left: 4px;
  padding: 0 ${space(1)};
  line-height: 1.6;
  white-space: nowrap;
  border: 2px dashed ${colors.orange};
  border-radius: ${radii.sm};
  background: ${colors.surface};
  font-family: ${fonts.display};
  font-weight: 700;
  letter-spacing: 0.06em;
  color: ${colors.orangeHover};
`;

export default function Offer({
  id,
  eyebrow,
  heading,
  text,
  oldPrice,
  price,
  priceNote,
  badge,
  bulletsHeading,
  bullets,
  cta,
  secondaryCta,
  note,
  coupon,
  noteIcon,
  image,
  tone,
}: OfferProps) {
  return (
    <Section id={id} tone={tone} eyebrow={eyebrow} heading={heading} intro={text && keepTogether(text)}>
      <div css={card(tone, Boolean(image))} {...reveal}>
        {image && <Picture css={art} image={image} sizes="(min-width: 1200px) 480px, 40vw" />}
        {bullets.length > 0 && (
          <div>
            <h3 css={listTitle}>{bulletsHeading}</h3>
            <CheckList items={bullets} />
          </div>
        )}
        <div css={panel}>
          {badge && <p css={badgeStyle}>{keepTogether(badge)}</p>}
          <p css={priceLine}>
            {oldPrice && (
              <span css={oldStyle}>
                de <s>{keepTogether(oldPrice)}</s>
              </span>
            )}{' '}
            <span css={nowStyle}>
              {oldPrice && 'por'} <strong>{keepTogether(price)}</strong>
            </span>
          </p>
          {priceNote && <p css={priceNoteStyle}>{priceNote}</p>}
          <CtaLink cta={cta} variant="primary" extraCss={fullWidth} />
          {secondaryCta && <CtaLink cta={secondaryCta} variant="text" />}
          {(note || coupon) && (
            <p css={noteStyle}>
              <Icon name={noteIcon} size={20} />
              {note && <span>{keepTogether(note)}</span>} {coupon && <span css={couponStyle}>{coupon}</span>}
            </p>
          )}
        </div>
      </div>
    </Section>
  );
}
