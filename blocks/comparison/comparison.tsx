import { css } from '@emotion/react';
import type { Static } from '@sinclair/typebox';
import { useId } from 'react';
import { Icon } from '../../design/icons.tsx';
import { Section, type SectionTone } from '../../design/section.tsx';
import { colors, fonts, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { keepTogether } from '../../design/typography.ts';
import type { comparisonSchema, comparisonValueSchema } from './comparison.schema.ts';
import { reveal } from '../../design/reveal.ts';

export type ComparisonProps = BlockProps<typeof comparisonSchema>;
type Tone = SectionTone;
type Value = Static<typeof comparisonValueSchema>;

const HIGHLIGHT_BG = '#eaf7fb';
const YES = { bg: '#dcfce7', fg: '#15803d' }; // 5.0:1 on white, 4.6:1 on its tint
const NO = { bg: '#f1f5f9', fg: '#64748b' }; // 4.3:1 on its tint (graphics need 3:1)

/**
 * The table sits on a white card on every tone and fits a 375 px phone with three options.
 * On anything narrower the card scrolls sideways on its own, never the page, and a soft
 * shadow on the edge shows there is more.
 */
const scroller = (columns: number) => css`
  max-width: ${columns >= 3 ? '960px' : '800px'};
  margin: 0 auto;
  padding: 0 ${space(0.5)} ${space(0.5)};
  overflow-x: auto;
  border-radius: ${radii.lg};
  background:
    linear-gradient(to right, ${colors.surface} 30%, rgba(255, 255, 255, 0)) left / 40px 100% no-repeat local,
    linear-gradient(to left, ${colors.surface} 30%, rgba(255, 255, 255, 0)) right / 40px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(11, 37, 69, 0.16), transparent) left / 14px 100% no-repeat
      scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(11, 37, 69, 0.16), transparent) right / 14px 100%
      no-repeat scroll,
    ${colors.surface};
  box-shadow: ${shadows.card};
  &:focus-visible {
    outline-offset: 4px;
  }
  ${mq.md} {
    padding: 0 ${space(2)} ${space(2)};
  }
`;

const table = (columns: number) => css`
  width: 100%;
  min-width: ${columns >= 3 ? '320px' : '280px'};
  border-collapse: separate;
  border-spacing: 0;
  table-layout: fixed;
  /* Three options on a phone: a notch smaller, so whole words fit without scrolling. */
  font-size: ${columns >= 3 ? '0.875rem' : '0.9375rem'};
  line-height: 1.4;
  color: ${colors.ink};
  caption {
    padding: ${space(2.5)} ${columns >= 3 ? '6px' : space(1)} ${space(1)};
    text-align: left;
    font-family: ${fonts.display};
    font-weight: 600;
    color: ${colors.navy};
  }
  col.item {
    width: ${columns >= 3 ? '27%' : '38%'};
  }
  th,
  td {
    padding: ${space(1.5)} ${columns >= 3 ? '6px' : space(1)};
    border-bottom: 1px solid ${colors.line};
    text-align: center;
    vertical-align: middle;
  }
  tbody tr:last-child > * {
    border-bottom: 0;
  }
  thead th {
    padding-top: ${space(2.5)};
    font-family: ${fonts.display};
    font-size: ${columns >= 3 ? '0.875rem' : '0.9375rem'};
    font-weight: 600;
    color: ${colors.navy};
    vertical-align: bottom;
  }
  thead th:first-of-type,
  tbody th {
    text-align: left;
    font-family: ${fonts.display};
    font-weight: 600;
    color: ${colors.navy};
  }
  ${mq.md} {
    font-size: 1.0625rem;
    col.item {
      width: ${columns >= 3 ? '31%' : '38%'};
    }
    th,
    td {
      padding: ${space(2)} ${space(3)};
    }
    thead th {
      font-size: 1.125rem;
      padding-top: ${space(3)};
    }
    caption {
      padding: ${space(3)} ${space(2)} ${space(1)};
    }
    thead th:first-of-type,
    tbody th {
      padding-left: ${space(2)};
    }
  }
  .hl {
    background: ${HIGHLIGHT_BG};
    font-family: ${fonts.display};
    font-weight: 600;
    color: ${colors.navy};
  }
  thead .hl {
    font-weight: 700;
    background: ${colors.navy};
    color: ${colors.white};
    border-radius: ${radii.md} ${radii.md} 0 0;
  }
  tbody tr:last-child .hl {
    border-radius: 0 0 ${radii.md} ${radii.md};
  }
`;

const badgeStyle = css`
  display: block;
  width: fit-content;
  margin: 0 auto ${space(1)};
  padding: 2px 8px;
  border-radius: ${radii.sm};
  line-height: 1.35;
  background: ${colors.orange};
  color: ${colors.white};
  font-family: ${fonts.display};
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.02em;
  ${mq.md} {
    padding: 2px 10px;
    border-radius: ${radii.pill};
  }
`;

const mark = (c: { bg: string; fg: string }) => css`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${c.bg};
  color: ${c.fg};
  vertical-align: middle;
  svg {
    stroke-width: 2.6;
  }
`;

const footnoteStyle = (tone: Tone) => css`
  max-width: 800px;
  margin: ${space(2)} auto 0;
  text-align: center;
  font-size: 0.9375rem;
  color: ${tone === 'dark' ? '#cbd5e1' : colors.muted};
`;

function Cell({ value }: { value: Value | undefined }) {
  if (value === true)
    return (
      <span css={mark(YES)}>
        <Icon name="check" size={18} />
        <span className="visually-hidden">Sim</span>
      </span>
    );
  if (value === false)
    return (
      <span css={mark(NO)}>
        <Icon name="close" size={16} />
        <span className="visually-hidden">Não</span>
      </span>
    );
  return <>{value === undefined ? '—' : keepTogether(value)}</>;
}

export default function Comparison({
  id,
  eyebrow,
  heading,
  intro,
  caption,
  rowHeader,
  columns,
  rows,
  footnote,
  tone,
}: ComparisonProps) {
  const captionId = `${useId()}legenda`;
  return (
    <Section id={id} tone={tone} eyebrow={eyebrow} heading={heading} intro={intro}>
      <div css={scroller(columns.length)} role="region" aria-labelledby={captionId} tabIndex={0} {...reveal}>
        <table css={table(columns.length)}>
          <caption id={captionId} className={caption ? undefined : 'visually-hidden'}>
            {caption ?? heading}
          </caption>
          <colgroup>
            <col className="item" />
            {columns.map((c) => (
              <col key={c.label} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{rowHeader ?? <span className="visually-hidden">Item comparado</span>}</th>
              {columns.map((c) => (
                <th key={c.label} scope="col" className={c.highlight ? 'hl' : undefined}>
                  {c.badge && <span css={badgeStyle}>{c.badge} </span>}
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{keepTogether(row.label)}</th>
                {columns.map((c, j) => (
                  <td key={c.label} className={c.highlight ? 'hl' : undefined}>
                    <Cell value={row.values[j]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {footnote && <p css={footnoteStyle(tone)}>{keepTogether(footnote)}</p>}
    </Section>
  );
}
