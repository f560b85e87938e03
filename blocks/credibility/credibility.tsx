import { css } from '@emotion/react';
import type { Static } from '@sinclair/typebox';
import { Icon } from '../../design/icons.tsx';
import { Picture, PICTURE_IMG } from '../../design/picture.tsx';
import { Section, type SectionTone } from '../../design/section.tsx';
import { colors, fonts, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { keepTogether } from '../../design/typography.ts';
import type { credentialSchema, credibilitySchema } from './credibility.schema.ts';
import { reveal } from '../../design/reveal.ts';

export type CredibilityProps = BlockProps<typeof credibilitySchema>;
type Tone = SectionTone;
/** A badge as rendered: ajv has filled in the schema's nested default (icon). */
type Credential = Static<typeof credentialSchema> & Required<Pick<Static<typeof credentialSchema>, 'icon'>>;

/** Stats: two per row on a phone. Badges: one per row on a phone (seal beside the text). */
const grid = (count: number, gapAfter: boolean, phoneColumns: number) => css`
  display: grid;
  grid-template-columns: repeat(${Math.min(count, phoneColumns)}, minmax(0, 1fr));
  gap: ${space(2)};
  margin: 0 0 ${gapAfter ? space(5) : 0};
  padding: 0;
  list-style: none;
  ${mq.md} {
    grid-template-columns: repeat(${Math.min(count, 2)}, minmax(0, 1fr));
    gap: ${space(3)};
  }
  /* An odd last card in a two-column row spans the row instead of hanging on the left. */
  ${phoneColumns === 2 ? '& > li:last-child:nth-child(odd) { grid-column: 1 / -1; }' : ''}
  ${mq.md} {
    & > li:last-child:nth-child(odd) {
      grid-column: 1 / -1;
    }
  }
  ${mq.lg} {
    /* 5 in one row, 6 as 3 + 3, otherwise up to 4 per row. */
    grid-template-columns: repeat(${count === 5 ? 5 : count === 6 ? 3 : Math.min(count, 4)}, minmax(0, 1fr));
    & > li:last-child:nth-child(odd) {
      grid-column: auto;
    }
  }
`;

const surface = (tone: Tone) =>
  tone === 'dark'
    ? `background: rgba(255, 255, 255, 0.06); border: 1px solid rgba(255, 255, 255, 0.14);`
    : `background: ${colors.surface}; border: 1px solid ${colors.line}; box-shadow: ${shadows.card};`;

const statCard = (tone: Tone) => css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(0.5)};
  padding: ${space(3)} ${space(2)};
  border-radius: ${radii.lg};
  text-align: center;
  ${surface(tone)}
  p {
    display: flex;
    flex-direction: column;
    margin: 0;
    line-height: 1.3;
  }
  strong {
    font-family: ${fonts.display};
    font-size: clamp(1.75rem, 7vw, 2.5rem);
    font-weight: 700;
    line-height: 1.15;
    letter-spacing: -0.01em;
    white-space: nowrap;
    color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
  }
  span.label {
    font-size: 0.9375rem;
    color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  }
`;

const statIcon = (tone: Tone) => css`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  margin-bottom: ${space(1)};
  border-radius: 50%;
  background: ${tone === 'dark' ? 'rgba(125, 211, 252, 0.14)' : colors.waterLight};
  color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
`;

const SEAL = 64;

const badgeCard = (tone: Tone) => css`
  display: grid;
  grid-template-columns: ${SEAL}px minmax(0, 1fr);
  grid-template-rows: auto 1fr;
  column-gap: ${space(2)};
  row-gap: ${space(0.5)};
  align-items: start;
  height: 100%;
  padding: ${space(2.5)} ${space(2)};
  border-radius: ${radii.lg};
  ${surface(tone)}
  > :first-child {
    grid-row: span 2;
  }
  ${PICTURE_IMG} {
    width: ${SEAL}px;
    height: auto;
  }
  h3 {
    margin: 0;
    font-size: 1.0625rem;
  }
  p {
    margin: 0;
    font-size: 0.9375rem;
    color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  }
  ${mq.md} {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${space(1)};
    padding: ${space(4)} ${space(3)};
    text-align: center;
    ${PICTURE_IMG} {
      width: 96px;
      margin-bottom: ${space(1)};
    }
    h3 {
      font-size: 1.125rem;
    }
  }
`;

/** The badge's icon on a seal-sized disc, for badges without an illustration. */
const badgeIcon = (tone: Tone) => css`
  display: grid;
  place-items: center;
  width: ${SEAL}px;
  height: ${SEAL}px;
  ${mq.md} {
    width: 80px;
    height: 80px;
    margin-bottom: ${space(1)};
  }
  border-radius: 50%;
  background: ${tone === 'dark' ? 'rgba(125, 211, 252, 0.14)' : colors.orangeLight};
  color: ${tone === 'dark' ? '#7dd3fc' : colors.orange};
`;

export default function Credibility({ id, eyebrow, heading, intro, stats, badges, tone }: CredibilityProps) {
  return (
    <Section id={id} tone={tone} eyebrow={eyebrow} heading={heading} intro={intro}>
      {stats.length > 0 && (
        <ul css={grid(stats.length, badges.length > 0, 2)} role="list">
          {stats.map((s) => (
            <li key={s.label} css={statCard(tone)} {...reveal}>
              {s.icon && (
                <span css={statIcon(tone)}>
                  <Icon name={s.icon} size={22} />
                </span>
              )}
              <p>
                <strong>{keepTogether(s.value)}</strong>{' '}
                <span className="label">{keepTogether(s.label)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {badges.length > 0 && (
        <ul css={grid(badges.length, false, 1)} role="list">
          {(badges as Credential[]).map((b) => (
            <li key={b.title} css={badgeCard(tone)} {...reveal}>
              {b.image ? (
                <Picture image={b.image} sizes={`${SEAL}px`} />
              ) : (
                <span css={badgeIcon(tone)}>
                  <Icon name={b.icon} size={36} />
                </span>
              )}
              <h3>{keepTogether(b.title)}</h3>
              <p>{keepTogether(b.description)}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
