/** A list of benefits, each behind a green check: offer bullets, mediaText checklists. */
import { css, type SerializedStyles } from '@emotion/react';
import { keepTogether } from './typography.ts';
import { Icon } from './icons.tsx';
import { colors, space } from './theme.ts';

const list = (onDark: boolean) => css`
  display: grid;
  gap: ${space(1.5)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: flex-start;
    gap: ${space(1.5)};
    font-size: 1.0625rem;
    color: ${onDark ? '#e2e8f0' : colors.ink};
  }
  li > span {
    display: grid;
    place-items: center;
    flex: none;
    width: 28px;
    height: 28px;
    margin-top: -1px;
    border-radius: 50%;
    background: #dcfce7;
    color: #15803d;
  }
  svg {
    stroke-width: 2.6;
  }
`;

export function CheckList({
  items,
  onDark = false,
  extraCss,
}: {
  items: string[];
  onDark?: boolean;
  extraCss?: SerializedStyles;
}) {
  return (
    <ul css={[list(onDark), extraCss]} role="list">
      {items.map((item) => (
        <li key={item}>
          <span>
            <Icon name="check" size={16} />
          </span>
          {keepTogether(item)}
        </li>
      ))}
    </ul>
  );
}
