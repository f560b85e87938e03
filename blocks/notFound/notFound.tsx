import { css } from '@emotion/react';
import { colors, radii, space } from '../../design/theme.ts';
import { ctaButton } from '../../design/cta-link.tsx';
import { Picture } from '../../design/picture.tsx';
import type { BlockProps } from '../../runtime/block-api.ts';
import type { notFoundSchema } from './notFound.schema.ts';

export type NotFoundProps = BlockProps<typeof notFoundSchema>;

const wrap = css`
  display: grid;
  place-items: center;
  min-height: calc(100vh - 73px);
  min-height: calc(100svh - 73px);
  padding: ${space(6)} 0;
  background: ${colors.surfaceAlt};
  text-align: center;
`;

const codeStyle = css`
  display: block;
  font-size: clamp(3.5rem, 14vw, 6rem);
  line-height: 1;
  color: ${colors.waterDark};
  margin-bottom: ${space(1)};
`;

const image = css`
  width: 240px;
  margin: 0 auto ${space(3)};
  border-radius: ${radii.lg};
`;

/**
 * A static block: the page script (runtime/client/enhance.ts) logs the path that led here,
 * so a broken link can be traced (spec §2, catch-all), without loading React for it.
 */
export default function NotFound({ code, heading, linkLabel, href, image: img }: NotFoundProps) {
  return (
    <section css={wrap} data-log-missing-path="">
      <div className="container">
        {img && <Picture css={image} image={img} priority sizes="240px" />}
        <h1>
          <span css={codeStyle}>{code}</span>
          {heading}
        </h1>
        <p>
          <a css={ctaButton} href={href}>
            {linkLabel}
          </a>
        </p>
      </div>
    </section>
  );
}
