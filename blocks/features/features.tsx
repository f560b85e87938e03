import { css } from '@emotion/react';
import { Icon } from '../../design/icons.tsx';
import { Section, type SectionTone } from '../../design/section.tsx';
import { colors, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { accentAt } from '../../design/accents.ts';
import { keepTogether } from '../../design/typography.ts';
import type { featuresSchema } from './features.schema.ts';
import { reveal } from '../../design/reveal.ts';

export type FeaturesProps = BlockProps<typeof featuresSchema>;
type Tone = SectionTone;

/** Cards per row on a wide screen when the author does not choose: full rows of 3 or 4. */
export function autoColumns(count: number): number {
  if (count <= 4) return Math.max(count, 1);
  return count === 7 || count === 8 ? 4 : 3;
}

const GAP = 3; // × 8 px

/** A flex row that wraps and centres an incomplete last row (5 cards: 3 + 2). */
const list = (columns: number) => css`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${space(GAP)};
  margin: 0;
  padding: 0;
  list-style: none;
  > li {
    flex: 1 1 100%;
  }
  ${mq.md} {
    > li {
      flex: 0 1 calc((100% - ${space(GAP)}) / 2);
    }
  }
  ${mq.lg} {
    > li {
      flex-basis: calc((100% - ${columns - 1} * ${space(GAP)}) / ${columns});
    }
  }
`;

const card = (tone: Tone) => css`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  padding: ${space(4)} ${space(3)};
  border-radius: ${radii.lg};
  ${
    tone === 'dark'
      ? `background: rgba(255, 255, 255, 0.06); border: 1px solid rgba(255, 255, 255, 0.14);`
      : `background: ${colors.surface}; border: 1px solid ${colors.line}; box-shadow: ${shadows.card};`
  }
  h3 {
    margin: ${space(1)} 0 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
    color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
  }
`;

const chip = (tint: string, fg: string) => css`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: ${radii.md};
  background: ${tint};
  color: ${fg};
`;

export default function Features({ id, eyebrow, heading, intro, items, columns, tone }: FeaturesProps) {
  const cols = columns ?? autoColumns(items.length);
  return (
    <Section id={id} tone={tone} eyebrow={eyebrow} heading={heading} intro={intro}>
      <ul css={list(cols)} role="list">
        {items.map((item, i) => {
          const accent = accentAt(i, item.accent);
          return (
            <li key={item.title} css={card(tone)} {...reveal}>
              <span css={chip(accent.tint, accent.fg)}>
                <Icon name={item.icon} size={28} />
              </span>
              <h3>{keepTogether(item.title)}</h3>
              <p>{keepTogether(item.description)}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
