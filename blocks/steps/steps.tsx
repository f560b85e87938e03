import { css } from '@emotion/react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { Section, type SectionTone } from '../../design/section.tsx';
import { colors, fonts, mq, radii, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { keepTogether } from '../../design/typography.ts';
import type { stepsSchema } from './steps.schema.ts';
import { reveal } from '../../design/reveal.ts';

export type StepsProps = BlockProps<typeof stepsSchema>;
type Tone = SectionTone;

const CHIP = 72;
const GAP = 4; // × 8 px

/** Steps side by side from `wide` up (tablet for 2–3 steps, desktop for more); a timeline below it. */
const list = (count: number, tone: Tone) => {
  const wide = count <= 3 ? mq.md : mq.lg;
  const line = tone === 'dark' ? 'rgba(125, 211, 252, 0.45)' : colors.water;
  return css`
    display: grid;
    gap: ${space(GAP)};
    margin: 0 auto;
    padding: 0;
    max-width: 1040px;
    list-style: none;
    > li {
      position: relative;
      display: grid;
      grid-template-columns: ${CHIP}px minmax(0, 1fr);
      column-gap: ${space(2.5)};
      align-items: start;
      align-content: start;
    }
    /* The dashed line joining one step's circle to the next. */
    > li:not(:last-child)::after {
      content: '';
      position: absolute;
      left: ${CHIP / 2 - 1}px;
      top: ${CHIP + 8}px;
      bottom: calc(-${space(GAP)} + 8px);
      border-left: 2px dashed ${line};
    }
    ${wide} {
      grid-template-columns: repeat(${count}, minmax(0, 1fr));
      > li {
        grid-template-columns: none;
        justify-items: center;
        text-align: center;
        row-gap: ${space(2)};
      }
      > li:not(:last-child)::after {
        left: calc(50% + ${CHIP / 2 + 12}px);
        right: auto;
        top: ${CHIP / 2 - 1}px;
        bottom: auto;
        width: calc(100% + ${space(GAP)} - ${CHIP + 24}px);
        border-left: 0;
        border-top: 2px dashed ${line};
      }
    }
  `;
};

const chip = (tone: Tone) => css`
  position: relative;
  display: grid;
  place-items: center;
  width: ${CHIP}px;
  height: ${CHIP}px;
  border-radius: 50%;
  background: ${tone === 'dark' ? 'rgba(125, 211, 252, 0.14)' : colors.waterLight};
  color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
  box-shadow: 0 0 0 6px ${tone === 'dark' ? colors.navy : tone === 'alt' ? colors.surfaceAlt : colors.surface};
`;

const number = (tone: Tone) => css`
  position: absolute;
  top: -4px;
  right: -6px;
  display: grid;
  place-items: center;
  width: 30px;
  height: 30px;
  border-radius: 50%;
  background: ${colors.orange};
  color: ${colors.white};
  border: 3px solid ${tone === 'dark' ? colors.navy : tone === 'alt' ? colors.surfaceAlt : colors.surface};
  font-family: ${fonts.display};
  font-size: 0.875rem;
  font-weight: 700;
  line-height: 1;
`;

const text = (tone: Tone) => css`
  h3 {
    margin: ${space(0.5)} 0 ${space(1)};
    font-size: 1.25rem;
  }
  p {
    margin: 0;
    color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  }
`;

const footer = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(3)};
  margin-top: ${space(6)};
  text-align: center;
`;

const noteStyle = (tone: Tone) => css`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  margin: 0;
  padding: ${space(1)} ${space(2.5)};
  border-radius: ${radii.lg};
  font-family: ${fonts.display};
  font-weight: 600;
  text-align: left;
  ${
    tone === 'dark'
      ? `background: rgba(125, 211, 252, 0.14); color: ${colors.white};`
      : `background: ${colors.orangeLight}; color: ${colors.navy};`
  }
  svg {
    flex: none;
    color: ${tone === 'dark' ? '#7dd3fc' : colors.orange};
  }
`;

export default function Steps({ id, eyebrow, heading, intro, items, note, noteIcon, cta, tone }: StepsProps) {
  return (
    <Section id={id} tone={tone} eyebrow={eyebrow} heading={heading} intro={intro}>
      <ol css={list(items.length, tone)} role="list">
        {items.map((step, i) => (
          <li key={step.title} {...reveal}>
            <span css={chip(tone)} aria-hidden="true">
              <Icon name={step.icon} size={32} />
              <span css={number(tone)}>{i + 1}</span>
            </span>
            <div css={text(tone)}>
              <h3>
                <span className="visually-hidden">Passo {i + 1}: </span>
                {keepTogether(step.title)}
              </h3>
              <p>{keepTogether(step.description)}</p>
            </div>
          </li>
        ))}
      </ol>
      {(note || cta) && (
        <div css={footer} {...reveal}>
          {note && (
            <p css={noteStyle(tone)}>
              <Icon name={noteIcon} size={20} />
              {keepTogether(note)}
            </p>
          )}
          {cta && <CtaLink cta={cta} variant="primary" />}
        </div>
      )}
    </Section>
  );
}
