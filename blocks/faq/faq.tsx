import { css } from '@emotion/react';
import { useId, useRef } from 'react';
import { CtaLink } from '../../design/cta-link.tsx';
import { Icon } from '../../design/icons.tsx';
import { Section } from '../../design/section.tsx';
import { colors, fonts, motion, mq, radii, shadows, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/block-api.ts';
import { useBehavior } from '../../runtime/block-api.ts';
import faqBehavior from './faq.behavior.ts';
import type { faqSchema } from './faq.schema.ts';
import { reveal } from '../../design/reveal.ts';

export type FaqProps = BlockProps<typeof faqSchema>;

/** An answer is plain text: every line break starts a paragraph. */
export function answerParagraphs(answer: string): string[] {
  return answer
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const layout = (withAside: boolean) => css`
  display: grid;
  gap: ${space(4)};
  max-width: ${withAside ? '1120px' : '800px'};
  margin: 0 auto;
  ${mq.lg} {
    ${withAside ? `grid-template-columns: minmax(0, 1fr) 340px; gap: ${space(6)}; align-items: start;` : ''}
  }
`;

const list = css`
  display: grid;
  gap: ${space(1.5)};
`;

const itemCss = css`
  border: 1px solid ${colors.line};
  border-radius: ${radii.md};
  background: ${colors.surface};
  transition:
    border-color ${motion.fast} ${motion.ease},
    box-shadow ${motion.fast} ${motion.ease};
  &:has([aria-expanded='true']) {
    border-color: ${colors.water};
    box-shadow: ${shadows.card};
  }
  h3 {
    margin: 0;
    font-size: inherit;
    text-wrap: pretty;
  }
`;

const trigger = css`
  display: flex;
  width: 100%;
  min-height: 56px;
  align-items: center;
  justify-content: space-between;
  gap: ${space(2)};
  padding: ${space(2)} 20px;
  border: 0;
  border-radius: ${radii.md};
  background: transparent;
  color: ${colors.navy};
  font-family: ${fonts.display};
  font-size: 1.0625rem;
  font-weight: 600;
  line-height: 1.4;
  text-align: left;
  cursor: pointer;
  &:focus-visible {
    outline-offset: -3px;
  }
  svg {
    flex: none;
    color: ${colors.waterDark};
    transition: transform ${motion.base} ${motion.ease};
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
  /* Without JavaScript every answer is open and the button does nothing: no chevron to promise otherwise. */
  html:not(.js) & {
    cursor: default;
  }
  html:not(.js) & svg {
    display: none;
  }
`;

/**
 * Collapsed only under html.js (set before first paint on pages with a script). The
 * 0fr → 1fr row animates the height; visibility keeps a closed answer out of the
 * accessibility tree and is switched at the end of the closing animation.
 */
const panel = css`
  display: grid;
  grid-template-rows: 1fr;
  transition:
    grid-template-rows ${motion.base} ${motion.ease},
    visibility ${motion.base};
  html.js &[data-open='false'] {
    grid-template-rows: 0fr;
    visibility: hidden;
  }
  > div {
    min-height: 0;
    overflow: hidden;
  }
`;

const answerCss = css`
  padding: 0 20px 20px;
  color: ${colors.muted};
  p:last-child {
    margin-bottom: 0;
  }
`;

const asideCard = (tone: FaqProps['tone']) => css`
  position: relative;
  overflow: hidden;
  padding: ${space(4)} ${space(3)};
  border-radius: ${radii.lg};
  background: ${tone === 'dark' ? colors.blue : colors.navy};
  color: #cbd5e1;
  box-shadow: ${shadows.raised};
  ${mq.lg} {
    position: sticky;
    top: 96px;
  }
  &::before,
  &::after {
    content: '';
    position: absolute;
    border-radius: 50%;
    background: rgba(14, 165, 198, 0.16);
    pointer-events: none;
  }
  &::before {
    width: 140px;
    height: 140px;
    right: -56px;
    top: -64px;
  }
  &::after {
    width: 36px;
    height: 36px;
    right: 92px;
    top: 20px;
  }
  h3 {
    position: relative;
    color: ${colors.white};
    font-size: 1.375rem;
    margin-bottom: ${space(1)};
  }
  p {
    position: relative;
    margin-bottom: ${space(3)};
  }
`;

const asideIcon = css`
  position: relative;
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  margin-bottom: ${space(2)};
  border-radius: 50%;
  background: rgba(125, 211, 252, 0.16);
  color: #7dd3fc;
`;

const asideCta = css`
  position: relative;
  width: 100%;
`;

export default function Faq({ id, eyebrow, heading, intro, items, aside, tone }: FaqProps) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  useBehavior(listRef, faqBehavior);

  return (
    <Section id={id} tone={tone} eyebrow={eyebrow} heading={heading} intro={intro}>
      <div css={layout(Boolean(aside))}>
        <div ref={listRef} css={list} {...reveal}>
          {items.map((item, index) => {
            const questionId = `${base}q${index}`;
            const answerId = `${base}a${index}`;
            return (
              <div key={index} css={itemCss}>
                <h3>
                  <button
                    type="button"
                    id={questionId}
                    css={trigger}
                    aria-expanded="false"
                    aria-controls={answerId}
                  >
                    <span>{item.question}</span>
                    <Icon name="chevronDown" size={22} />
                  </button>
                </h3>
                <div id={answerId} role="region" aria-labelledby={questionId} css={panel} data-open="false">
                  <div>
                    <div css={answerCss}>
                      {answerParagraphs(item.answer).map((paragraph, i) => (
                        <p key={i}>{paragraph}</p>
                      ))}
                    </div>
                  </div>
                </div>
              </div>
            );
          })}
        </div>
        {aside && (
          <div css={asideCard(tone)} {...reveal}>
            <span css={asideIcon}>
              <Icon name="chat" size={28} />
            </span>
            <h3>{aside.title}</h3>
            <p>{aside.text}</p>
            <CtaLink cta={aside.cta} extraCss={asideCta} />
          </div>
        )}
      </div>
    </Section>
  );
}
