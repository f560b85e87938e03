import { css } from '@emotion/react';
import { Icon } from '../../design/icons.tsx';
import { Picture, PICTURE_IMG } from '../../design/picture.tsx';
import { Section, type SectionTone } from '../../design/section.tsx';
import { colors, fonts, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { keepTogether } from '../../design/typography.ts';
import type { specsSchema } from './specs.schema.ts';
import { reveal } from '../../design/reveal.ts';

export type SpecsProps = BlockProps<typeof specsSchema>;

const layout = (withImage: boolean) => css`
  display: grid;
  gap: ${space(4)};
  max-width: ${withImage ? '1040px' : '760px'};
  margin: 0 auto;
  align-items: center;
  ${
    withImage
      ? `${mq.md} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    gap: ${space(6)};
  }`
      : ''
  }
`;

const figure = css`
  margin: 0;
  display: flex;
  justify-content: center;
  ${PICTURE_IMG} {
    width: min(100%, 220px);
    height: auto;
  }
  ${mq.md} {
    ${PICTURE_IMG} {
      width: min(100%, 320px);
    }
  }
`;

const card = (tone: SectionTone) => css`
  margin: 0;
  padding: ${space(1)} ${space(2.5)};
  border-radius: ${radii.lg};
  ${
    tone === 'dark'
      ? 'background: rgba(255, 255, 255, 0.06); border: 1px solid rgba(255, 255, 255, 0.14);'
      : `background: ${colors.surface}; border: 1px solid ${colors.line}; box-shadow: ${shadows.card};`
  }
  ${mq.md} {
    padding: ${space(1.5)} ${space(4)};
  }
`;

/** One row: the term above its value on a phone, side by side from 480 px. */
const row = (tone: SectionTone) => css`
  display: grid;
  gap: ${space(0.5)};
  padding: ${space(2)} 0;
  border-bottom: 1px solid ${tone === 'dark' ? 'rgba(255, 255, 255, 0.14)' : colors.line};
  &:last-of-type {
    border-bottom: 0;
  }
  ${mq.sm} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    gap: ${space(3)};
    align-items: baseline;
  }
  dt {
    display: flex;
    align-items: center;
    gap: ${space(1)};
    font-size: 0.9375rem;
    color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  }
  dt svg {
    flex: none;
    color: ${tone === 'dark' ? '#7dd3fc' : colors.waterDark};
  }
  dd {
    margin: 0;
    font-family: ${fonts.display};
    font-size: 1.0625rem;
    font-weight: 600;
    line-height: 1.4;
    color: ${tone === 'dark' ? colors.white : colors.navy};
  }
`;

const noteStyle = (tone: SectionTone) => css`
  margin: ${space(2)} 0 0;
  font-size: 0.9375rem;
  color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
`;

export default function Specs({ id, eyebrow, heading, intro, items, note, image, tone }: SpecsProps) {
  return (
    <Section id={id} tone={tone} eyebrow={eyebrow} heading={heading} intro={intro}>
      <div css={layout(!!image)}>
        {image && (
          <figure css={figure} {...reveal}>
            <Picture image={image} sizes="(min-width: 768px) 320px, 220px" />
          </figure>
        )}
        <div {...reveal}>
          <dl css={card(tone)}>
            {items.map((item) => (
              <div key={item.term} css={row(tone)}>
                <dt>
                  {item.icon && <Icon name={item.icon} size={20} />}
                  {keepTogether(item.term)}
                </dt>
                <dd>{keepTogether(item.value)}</dd>
              </div>
            ))}
          </dl>
          {note && <p css={noteStyle(tone)}>{keepTogether(note)}</p>}
        </div>
      </div>
    </Section>
  );
}
